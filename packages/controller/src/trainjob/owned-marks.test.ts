// SPDX-License-Identifier: Apache-2.0
import { jobSetProjection, ownedConfigMapProjection } from '../cluster/stores.js';
import { APPLIED_HASH_ANNOTATION, appliedHashOf, markOwned, ownedMetadataOnly } from './owned-marks.js';

describe('markOwned', () => {
  const object = (kind: string) => ({
    apiVersion: 'v1',
    kind,
    metadata: { name: 'x', namespace: 'ns', labels: { a: 'b' }, annotations: { c: 'd' } },
  });
  it('labels ConfigMaps, Secrets and Jobs with the TrainJob and annotates the hash', () => {
    for (const kind of ['ConfigMap', 'Secret', 'Job']) {
      const marked = markOwned(object(kind), 'tj', 'h1');
      expect(marked.metadata.labels).toEqual({ a: 'b', 'kubetrain.dev/trainjob-name': 'tj' });
      expect(appliedHashOf(marked)).toBe('h1');
    }
  });
  it('annotates other kinds without labelling them, and leaves the input as it was', () => {
    const input = object('JobSet');
    const marked = markOwned(input, 'tj', 'h2');
    expect(marked.metadata.labels).toEqual({ a: 'b' });
    expect(marked.metadata.annotations).toEqual({ c: 'd', 'kubetrain.dev/applied-hash': 'h2' });
    expect(input.metadata.annotations).toEqual({ c: 'd' });
  });
});

describe("ownedMetadataOnly and the owned stores' projections", () => {
  const owner = [
    { apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainJob', name: 'tj', uid: 'u', controller: true },
  ];
  /** Every metadata field a reader reads: identity, owners (the applied hash aside). */
  const read = {
    name: 'x',
    namespace: 'ns',
    uid: 'uid-1',
    resourceVersion: '7',
    generation: 1,
    creationTimestamp: '2026-01-01T00:00:00Z',
    ownerReferences: owner,
    finalizers: ['f'],
  };
  const object = (annotations?: Record<string, string>) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      ...read,
      labels: { 'kubetrain.dev/trainjob-name': 'tj' },
      managedFields: [{ manager: 'trainer' }],
      ...(annotations !== undefined ? { annotations } : {}),
    },
    data: { big: 'x'.repeat(100) },
    spec: { suspend: false, replicatedJobs: [{ name: 'node' }] },
    status: { conditions: [{ type: 'Completed', status: 'True' }] },
  });
  it.each<{ name: string; annotations?: Record<string, string>; hash?: string }>([
    {
      name: 'with the applied hash',
      annotations: { [APPLIED_HASH_ANNOTATION]: 'h1', other: 'o' },
      hash: 'h1',
    },
    { name: 'with other annotations only', annotations: { other: 'o' }, hash: undefined },
    { name: 'without annotations', annotations: undefined, hash: undefined },
  ])('keeps identity, owners and the applied hash, $name', ({ annotations, hash }) => {
    const want = {
      ...read,
      ...(hash !== undefined ? { annotations: { [APPLIED_HASH_ANNOTATION]: hash } } : {}),
    };
    expect(ownedMetadataOnly(object(annotations)).metadata).toEqual(want);
    const configMap = ownedConfigMapProjection(object(annotations) as never);
    expect(configMap).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: want });
    const jobSet = jobSetProjection(object(annotations) as never) as { spec?: unknown; status?: unknown };
    expect(jobSet).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: want,
      spec: { suspend: false },
      status: object().status,
    });
    expect(appliedHashOf(jobSet as never)).toBe(hash);
  });
});
