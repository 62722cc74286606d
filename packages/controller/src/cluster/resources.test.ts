// SPDX-License-Identifier: Apache-2.0
import { ResourceIndex, UnknownResourceError } from './resources.js';

describe('ResourceIndex', () => {
  const index = new ResourceIndex([
    { group: 'jobset.x-k8s.io', version: 'v1alpha2', kind: 'JobSet', resource: 'jobsets' },
    { group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps' },
  ]);
  it('finds the resource of a declared kind, core group included', () => {
    expect(index.resourceFor('jobset.x-k8s.io/v1alpha2', 'JobSet')).toMatchObject({
      group: 'jobset.x-k8s.io',
      resource: 'jobsets',
      namespaced: true,
    });
    expect(index.resourceFor('v1', 'ConfigMap')).toMatchObject({
      group: '',
      version: 'v1',
      resource: 'configmaps',
    });
  });
  it('refuses an undeclared kind or version', () => {
    expect(() => index.resourceFor('jobset.x-k8s.io/v1', 'JobSet')).toThrow(UnknownResourceError);
    expect(() => index.resourceFor('v1', 'Secret')).toThrow('no resource known for Secret of v1');
  });
});
