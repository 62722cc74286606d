// SPDX-License-Identifier: Apache-2.0
import { countersOf } from './manager-metrics.js';
import { parseSamples, sumSamples } from './prom-text.js';
import { percentile } from './stats.js';

const TEXT = `# HELP controller_runtime_reconcile_total Total number of reconciliations per controller
# TYPE controller_runtime_reconcile_total counter
controller_runtime_reconcile_total{controller="trainjob_controller",result="error"} 25
controller_runtime_reconcile_total{controller="trainjob_controller",result="success"} 100
controller_runtime_reconcile_total{controller="clustertrainingruntime_controller",result="success"} 2
controller_runtime_reconcile_errors_total{controller="trainjob_controller"} 25
rest_client_requests_total{code="200",host="127.0.0.1:16443",method="PATCH"} 210
rest_client_requests_total{code="201",host="127.0.0.1:16443",method="PATCH"} 1
rest_client_requests_total{code="200",host="127.0.0.1:16443",method="GET"} 7
apiserver_request_total{code="201",component="apiserver",group="",resource="pods",scope="resource",subresource="",verb="POST",version="v1"} 1.5e+03
`;

describe('parseSamples', () => {
  it('reads names, labels and values, skipping comments', () => {
    expect(parseSamples(TEXT, 'apiserver_request_total')).toEqual([
      {
        name: 'apiserver_request_total',
        labels: {
          code: '201',
          component: 'apiserver',
          group: '',
          resource: 'pods',
          scope: 'resource',
          subresource: '',
          verb: 'POST',
          version: 'v1',
        },
        value: 1500,
      },
    ]);
  });

  it.each([
    [{}, 127],
    [{ result: 'error' }, 25],
    [{ controller: 'clustertrainingruntime_controller' }, 2],
  ])('sums controller_runtime_reconcile_total matching %j to %d', (match, expected) => {
    expect(sumSamples(TEXT, 'controller_runtime_reconcile_total', match)).toBe(expected);
  });
});

describe('countersOf', () => {
  it('counts the TrainJob controller and the client requests by method', () => {
    expect(countersOf(TEXT)).toEqual({
      reconciles: 125,
      reconcileErrors: 25,
      reconcileResultError: 25,
      clientRequests: new Map([
        ['PATCH', 211],
        ['GET', 7],
      ]),
    });
  });
});

describe('percentile', () => {
  it.each([
    [[5, 1, 3, 2, 4], 0.5, 3],
    [[5, 1, 3, 2, 4], 0.99, 5],
    [[7], 0.99, 7],
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.99, 99],
  ])('%j at %d is %d', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('is NaN without values', () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});
