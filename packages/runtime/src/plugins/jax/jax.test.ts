// SPDX-License-Identifier: Apache-2.0
import { clusterRuntime, containerOf, envMap, envNames, replicatedJob, trainJob } from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';

const runtime = clusterRuntime('jax-distributed', { mlPolicy: { numNodes: 1, jax: {} } }, [
  replicatedJob(
    'node',
    [{ name: 'node', image: 'jax', env: [{ name: 'FROM_TEMPLATE', value: 'x' }] }],
    'trainer',
  ),
]);

const cases: Record<string, { numNodes?: number; processes: string }> = {
  'single node': { processes: '1' },
  'multi-node': { numNodes: 4, processes: '4' },
  'trainJob numNodes is respected': { numNodes: 2, processes: '2' },
};

describe('JAX.enforceMLPolicy', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const trainer = {
        ...(tc.numNodes !== undefined ? { numNodes: tc.numNodes } : {}),
        env: [{ name: 'USER_ENV', value: 'u' }],
      };
      const jobSet = renderJobSet(trainJob('jax-job', 'jax-distributed', trainer), runtime);
      const node = containerOf(jobSet, 'node', 'node');
      expect(envNames(node)).toEqual([
        'FROM_TEMPLATE',
        'JAX_NUM_PROCESSES',
        'JAX_PROCESS_ID',
        'JAX_COORDINATOR_ADDRESS',
        'USER_ENV',
      ]);
      expect(envMap(node)).toMatchObject({
        JAX_NUM_PROCESSES: tc.processes,
        JAX_PROCESS_ID: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
        JAX_COORDINATOR_ADDRESS: 'jax-job-node-0-0.jax-job:29500',
      });
      expect(node.ports).toEqual([{ containerPort: 29500 }]);
    });
  }

  it('does not fail without a trainer pod set', () => {
    const noTrainer = clusterRuntime('jax', { mlPolicy: { jax: {} } }, [
      replicatedJob('other', [{ name: 'node' }]),
    ]);
    const jobSet = renderJobSet(trainJob('j', 'jax', { numNodes: 3 }), noTrainer);
    expect(containerOf(jobSet, 'other', 'node').env).toBeUndefined();
  });
});
