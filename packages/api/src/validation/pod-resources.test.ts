// SPDX-License-Identifier: Apache-2.0
import { checkPodResources, isNegativeQuantity } from './pod-resources.js';

describe('isNegativeQuantity', () => {
  const cases: [unknown, boolean][] = [
    ['-8', true],
    ['-0.5', true],
    ['-1Ki', true],
    ['-1e3', true],
    [-1, true],
    ['-0', false],
    ['0', false],
    ['8', false],
    ['1e400', false],
    [2, false],
    [true, false],
  ];
  it.each(cases)('%p: %p', (value, want) => expect(isNegativeQuantity(value)).toBe(want));
});

describe('checkPodResources', () => {
  it("reports a TrainJob's negative quantity at its path, with the Pod API's message", () => {
    const job = { spec: { trainer: { resourcesPerNode: { limits: { 'nvidia.com/gpu': '-8', cpu: '1' } } } } };
    expect(checkPodResources('TrainJob', job)).toEqual([
      {
        path: 'spec.trainer.resourcesPerNode.limits[nvidia.com/gpu]',
        type: 'Invalid',
        value: '-8',
        message: 'must be greater than or equal to 0',
      },
    ]);
  });

  it("reports a runtime's containers and init containers", () => {
    const pod = {
      initContainers: [{ resources: { requests: { memory: '-1Gi' } } }],
      containers: [{}, { resources: { limits: { cpu: -1 } } }],
    };
    const runtime = {
      spec: { template: { spec: { replicatedJobs: [{ template: { spec: { template: { spec: pod } } } }] } } },
    };
    expect(checkPodResources('ClusterTrainingRuntime', runtime).map((e) => e.path)).toEqual([
      'spec.template.spec.replicatedJobs[0].template.spec.template.spec.initContainers[0].resources.requests[memory]',
      'spec.template.spec.replicatedJobs[0].template.spec.template.spec.containers[1].resources.limits[cpu]',
    ]);
  });

  it('ignores objects of any other shape', () => {
    expect(checkPodResources('TrainJob', { spec: 'x' })).toEqual([]);
    expect(checkPodResources('TrainingRuntime', null)).toEqual([]);
  });
});
