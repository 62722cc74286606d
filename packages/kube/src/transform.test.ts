// SPDX-License-Identifier: Apache-2.0
import { metadataOnly, projection, stripManagedFields } from './transform.js';

const jobSet = {
  apiVersion: 'jobset.x-k8s.io/v1alpha2',
  kind: 'JobSet',
  metadata: {
    name: 'j',
    namespace: 'a',
    uid: 'u',
    managedFields: [{ manager: 'trainer' }],
    labels: { x: 'y' },
  },
  spec: {
    suspend: false,
    replicatedJobs: [{ name: 'node', replicas: 2 }],
    network: { enableDNSHostnames: true },
  },
  status: { conditions: [{ type: 'Completed', status: 'True' }] },
};

describe('stripManagedFields', () => {
  it('drops managedFields and leaves the input alone', () => {
    const out = stripManagedFields(jobSet);
    expect(out.metadata).toEqual({ name: 'j', namespace: 'a', uid: 'u', labels: { x: 'y' } });
    expect(jobSet.metadata.managedFields).toHaveLength(1);
  });
  it('returns the same object when there is nothing to strip', () => {
    const plain = { metadata: { name: 'x' } };
    expect(stripManagedFields(plain)).toBe(plain);
  });
});

describe('metadataOnly', () => {
  it('keeps apiVersion, kind and metadata only', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', managedFields: [] },
      data: { k: 'c2VjcmV0' },
    };
    expect(metadataOnly(secret)).toEqual({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } });
  });
});

const cases: Record<string, { paths: string[]; want: object }> = {
  'spec fields and status': {
    paths: ['spec.suspend', 'spec.replicatedJobs', 'status'],
    want: {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'j', namespace: 'a', uid: 'u', labels: { x: 'y' } },
      spec: { suspend: false, replicatedJobs: [{ name: 'node', replicas: 2 }] },
      status: jobSet.status,
    },
  },
  'absent paths are skipped': {
    paths: ['spec.missing', 'status.absent.deeper'],
    want: {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'j', namespace: 'a', uid: 'u', labels: { x: 'y' } },
    },
  },
  'a false value is kept': { paths: ['spec.suspend'], want: { spec: { suspend: false } } },
};

describe('projection', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(projection(tc.paths)(jobSet)).toMatchObject(tc.want));
  }
  it('keeps nothing that was not asked for', () => {
    const out = projection(['spec.suspend'])(jobSet) as { spec: object; status?: unknown };
    expect(out.spec).toEqual({ suspend: false });
    expect(out.status).toBeUndefined();
  });
});
