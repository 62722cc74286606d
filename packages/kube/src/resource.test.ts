// SPDX-License-Identifier: Apache-2.0
import {
  apiVersionOf,
  CoreResources,
  resourcePath,
  resourceRef,
  type ObjectLocation,
  type ResourceRef,
} from './resource.js';

const jobsets = resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet');
const ctr = resourceRef(
  'trainer.kubeflow.org/v1alpha1',
  'clustertrainingruntimes',
  'ClusterTrainingRuntime',
  false,
);

const cases: Record<string, { ref: ResourceRef; at: ObjectLocation; want: string }> = {
  'core collection in all namespaces': { ref: CoreResources.ConfigMap, at: {}, want: '/api/v1/configmaps' },
  'core namespaced collection': {
    ref: CoreResources.Secret,
    at: { namespace: 'a' },
    want: '/api/v1/namespaces/a/secrets',
  },
  'group object': {
    ref: jobsets,
    at: { namespace: 'a', name: 'j' },
    want: '/apis/jobset.x-k8s.io/v1alpha2/namespaces/a/jobsets/j',
  },
  'status subresource': {
    ref: jobsets,
    at: { namespace: 'a', name: 'j', subresource: 'status' },
    want: '/apis/jobset.x-k8s.io/v1alpha2/namespaces/a/jobsets/j/status',
  },
  'cluster-scoped object': {
    ref: ctr,
    at: { name: 'torch-distributed' },
    want: '/apis/trainer.kubeflow.org/v1alpha1/clustertrainingruntimes/torch-distributed',
  },
  'escaped name': { ref: CoreResources.Namespace, at: { name: 'a b' }, want: '/api/v1/namespaces/a%20b' },
};

describe('resourcePath', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(resourcePath(tc.ref, tc.at)).toBe(tc.want));
  }
  it('rejects a namespaced object without namespace', () => {
    expect(() => resourcePath(jobsets, { name: 'j' })).toThrow('needs a namespace');
  });
  it('rejects a namespace on a cluster-scoped resource', () => {
    expect(() => resourcePath(ctr, { namespace: 'a', name: 'x' })).toThrow('cluster-scoped');
  });
  it('rejects a subresource without a name', () => {
    expect(() => resourcePath(jobsets, { namespace: 'a', subresource: 'status' })).toThrow('needs a name');
  });
});

describe('apiVersionOf', () => {
  it('round-trips resourceRef', () => {
    expect(apiVersionOf(jobsets)).toBe('jobset.x-k8s.io/v1alpha2');
    expect(apiVersionOf(CoreResources.Pod)).toBe('v1');
    expect(apiVersionOf(CoreResources.Lease)).toBe('coordination.k8s.io/v1');
  });
});
