// SPDX-License-Identifier: Apache-2.0
// Objects the API server stores without the parts the engine reads (a TrainJob without `spec`, a
// runtime without `spec`, `spec.template` or `spec.template.spec`) read as Go's zero values: a
// typed EngineError or an empty result, never a TypeError.

import { render, UnsupportedRuntimeError, validateAdmission, validateRuntimeAdmission } from '../index.js';

const apiVersion = 'trainer.kubeflow.org/v1alpha1';
const runtimeMeta = { apiVersion, kind: 'ClusterTrainingRuntime', metadata: { name: 'r' } };
const trainJob = {
  apiVersion,
  kind: 'TrainJob',
  metadata: { name: 'a', namespace: 'n' },
  spec: { runtimeRef: { name: 'r' } },
};
const runtimes = [
  ['no spec', runtimeMeta],
  ['no spec.template', { ...runtimeMeta, spec: {} }],
  ['no spec.template.spec', { ...runtimeMeta, spec: { template: {} } }],
] as const;

describe('zero values of absent parts', () => {
  it('a TrainJob without spec names no runtime kind: unsupported runtime with an empty GroupKind, as upstream', () => {
    const noSpec = { apiVersion, kind: 'TrainJob', metadata: { name: 'a', namespace: 'n' } };
    expect(() => validateAdmission(undefined, noSpec as never, runtimeMeta as never)).toThrow(
      UnsupportedRuntimeError,
    );
    expect(() => validateAdmission(undefined, noSpec as never, runtimeMeta as never)).toThrow(
      /^unsupported runtime: $/,
    );
  });

  it.each(runtimes)(
    'a runtime with %s is admitted with no errors and renders an empty JobSet',
    (_, runtime) => {
      expect(validateRuntimeAdmission(undefined, runtime as never).errors).toEqual([]);
      expect(validateAdmission(undefined, trainJob as never, runtime as never).errors).toEqual([]);
      const { desired } = render(trainJob as never, runtime as never);
      expect(desired.map((d) => d.key.kind)).toEqual(['JobSet']);
    },
  );
});
