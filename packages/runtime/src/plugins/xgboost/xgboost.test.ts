// SPDX-License-Identifier: Apache-2.0
import { clusterRuntime, containerOf, envMap, envNames, replicatedJob, trainJob } from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';
import type { Trainer } from '@kubetrain/api';
import type { Container } from '../../types.js';

function runtime(resources?: Container['resources']) {
  return clusterRuntime('xgboost-distributed', { mlPolicy: { numNodes: 1, xgboost: {} } }, [
    replicatedJob('node', [{ name: 'node', ...(resources ? { resources } : {}) }], 'trainer'),
  ]);
}

const cases: Record<
  string,
  { trainer: Trainer; runtimeResources?: Container['resources']; workers: string }
> = {
  '1 node CPU': { trainer: { resourcesPerNode: { limits: { cpu: '2' } } }, workers: '1' },
  '4 nodes CPU': { trainer: { numNodes: 4, resourcesPerNode: { limits: { cpu: '2' } } }, workers: '4' },
  '2 nodes 4 GPUs': {
    trainer: { numNodes: 2, resourcesPerNode: { limits: { 'nvidia.com/gpu': '4' } } },
    workers: '8',
  },
  'numNodes 3': { trainer: { numNodes: 3 }, workers: '3' },
  'runtime 2 GPUs x 3 nodes': {
    trainer: { numNodes: 3 },
    runtimeResources: { limits: { 'nvidia.com/gpu': '2' } },
    workers: '6',
  },
  'TrainJob GPUs win over the runtime': {
    trainer: { numNodes: 2, resourcesPerNode: { limits: { 'nvidia.com/gpu': '3' } } },
    runtimeResources: { limits: { 'nvidia.com/gpu': '1' } },
    workers: '6',
  },
};

describe('XGBoost.enforceMLPolicy', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const jobSet = renderJobSet(
        trainJob('xgb', 'xgboost-distributed', tc.trainer),
        runtime(tc.runtimeResources),
      );
      const node = containerOf(jobSet, 'node', 'node');
      expect(envMap(node)).toEqual({
        DMLC_TRACKER_URI: 'xgb-node-0-0.xgb',
        DMLC_TRACKER_PORT: '29500',
        DMLC_TASK_ID: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
        DMLC_NUM_WORKER: tc.workers,
      });
      expect(node.ports).toEqual([{ containerPort: 29500 }]);
    });
  }

  it('puts the trainer env (PlainML) before the DMLC env', () => {
    const jobSet = renderJobSet(trainJob('xgb', 'x', { env: [{ name: 'A', value: '1' }] }), runtime());
    expect(envNames(containerOf(jobSet, 'node', 'node'))).toEqual([
      'A',
      'DMLC_TRACKER_URI',
      'DMLC_TRACKER_PORT',
      'DMLC_TASK_ID',
      'DMLC_NUM_WORKER',
    ]);
  });
});
