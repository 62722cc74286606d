// SPDX-License-Identifier: Apache-2.0
import { V1KindDefaults, v1DefaultReplicas, V1KindNames } from './kind-names.js';

describe('v1DefaultReplicas', () => {
  it.each([
    ['PyTorchJob', 'Master', 1],
    ['PyTorchJob', 'Worker', 1],
    ['MPIJob', 'Launcher', 1],
    ['MPIJob', 'Worker', 0],
    ['TFJob', 'PS', 1],
    ['JAXJob', 'Worker', 1],
  ] as const)('%s %s: %i', (kind, rtype, want) => {
    expect(v1DefaultReplicas(kind, rtype)).toBe(want);
  });
});

describe('V1KindDefaults', () => {
  it("has every kind, with upstream's container and restart policy", () => {
    expect(Object.keys(V1KindDefaults).sort()).toEqual(Object.values(V1KindNames).sort());
    expect(
      Object.fromEntries(
        Object.entries(V1KindDefaults).map(([k, d]) => [k, `${d.container} ${d.restartPolicy}`]),
      ),
    ).toEqual({
      TFJob: 'tensorflow Never',
      PyTorchJob: 'pytorch OnFailure',
      XGBoostJob: 'xgboost Never',
      MPIJob: 'mpi Never',
      PaddleJob: 'paddle OnFailure',
      JAXJob: 'jax Never',
    });
  });
});
