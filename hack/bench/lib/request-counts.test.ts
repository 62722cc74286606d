// SPDX-License-Identifier: Apache-2.0
import { delta, isManagerRow, requestVerb, resourceOfPath, subtract, sum } from './request-counts.js';

describe('requestVerb', () => {
  it.each([
    ['POST', '/apis/trainer.kubeflow.org/v1alpha1/namespaces/a/trainjobs', undefined, 'POST'],
    ['PUT', '/apis/jobset.x-k8s.io/v1alpha2/namespaces/a/jobsets/x/status', undefined, 'PUT'],
    [
      'PATCH',
      '/apis/jobset.x-k8s.io/v1alpha2/namespaces/a/jobsets/x',
      'application/apply-patch+yaml',
      'APPLY',
    ],
    [
      'PATCH',
      '/apis/trainer.kubeflow.org/v1alpha1/namespaces/a/trainjobs/x/status',
      'application/merge-patch+json',
      'PATCH',
    ],
    ['GET', '/api/v1/namespaces/a/configmaps/x', undefined, 'GET'],
    ['GET', '/api/v1/namespaces/a/configmaps?labelSelector=x', undefined, 'LIST'],
    ['GET', '/apis/jobset.x-k8s.io/v1alpha2/namespaces/a/jobsets?watch=1', undefined, 'WATCH'],
    ['DELETE', '/api/v1/namespaces/a/pods?gracePeriodSeconds=0', undefined, 'DELETE'],
    ['DELETE', '/api/v1/namespaces/a', undefined, 'DELETE'],
  ])('%s %s (%s) is %s', (method, path, contentType, verb) => {
    expect(requestVerb(method, path, contentType)).toBe(verb);
  });
});

describe('resourceOfPath', () => {
  it.each([
    ['/api/v1/namespaces', 'namespaces', false],
    ['/api/v1/namespaces/a', 'namespaces', true],
    ['/api/v1/namespaces/a/finalize', 'namespaces/finalize', true],
    ['/api/v1/namespaces/a/configmaps', 'configmaps', false],
    ['/apis/trainer.kubeflow.org/v1alpha1/namespaces/a/trainjobs/x/status', 'trainjobs/status', true],
    [
      '/apis/trainer.kubeflow.org/v1alpha1/clustertrainingruntimes/x?force=true',
      'clustertrainingruntimes',
      true,
    ],
  ])('%s → %s (named %s)', (path, resource, named) => {
    expect(resourceOfPath(path)).toEqual({ resource, named });
  });

  it.each(['/metrics', '/readyz', '/apis/jobset.x-k8s.io'])('%s is not a resource path', (path) => {
    expect(resourceOfPath(path)).toBeUndefined();
  });
});

describe('isManagerRow', () => {
  it.each([
    ['APPLY jobsets', true],
    ['APPLY configmaps', true],
    ['PATCH trainjobs/status', true],
    ['POST trainjobs', true],
    ['GET trainjobs', false],
    ['PUT jobsets/status', false],
    ['POST pods', false],
    ['POST events', false],
    ['WATCH jobsets', false],
    ['LIST configmaps', false],
    ['PUT leases', false],
  ])('%s → %s', (key, expected) => {
    expect(isManagerRow(key)).toBe(expected);
  });
});

describe('delta and subtract', () => {
  it('keeps the changed rows and removes the harness’s own requests', () => {
    const before = new Map([
      ['POST trainjobs', 5],
      ['APPLY jobsets', 2],
    ]);
    const after = new Map([
      ['POST trainjobs', 15],
      ['APPLY jobsets', 12],
      ['PATCH trainjobs/status', 3],
    ]);
    const d = delta(before, after);
    expect(d).toEqual(
      new Map([
        ['POST trainjobs', 10],
        ['APPLY jobsets', 10],
        ['PATCH trainjobs/status', 3],
      ]),
    );
    const own = new Map([['POST trainjobs', 10]]);
    const managerOnly = subtract(d, own);
    expect(managerOnly).toEqual(
      new Map([
        ['APPLY jobsets', 10],
        ['PATCH trainjobs/status', 3],
      ]),
    );
    expect(sum(managerOnly)).toBe(13);
  });
});
