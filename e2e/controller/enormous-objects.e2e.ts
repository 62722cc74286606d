// SPDX-License-Identifier: Apache-2.0
// A tenant's valid-looking but enormous jobs reach the manager (no admission webhook in this suite,
// as when it is bypassed): a DeepSpeed TrainJob with 2^31-1 nodes and an XGBoostJob with 2^31-1
// workers. Their hostfile and WORKER_ADDRS were built eagerly (4.3 GB, a crashed manager); now their
// sizes are computed first, each is refused with the limit named, and another tenant's job still
// runs to completion on the same manager, whose memory stays bounded.
import { randomBytes } from 'node:crypto';
import { makeTrainJob } from '@kubetrain/testing';
import { createJob, waitForJobCondition, type Job, useV1Suite } from '../v1/v1-harness.js';
import { createTrainJob, waitForCondition, waitForEvent } from './harness.js';

const INT32_MAX = 2147483647;
/** The most the test process (which runs the manager) may grow while it handles the jobs. */
const MOST_RSS_GROWTH_BYTES = 512 * 1024 * 1024;

function xgboostJob(name: string, workers: number): Job {
  const replica = (replicas: number) => ({
    replicas,
    template: {
      spec: { containers: [{ name: 'xgboost', image: 'docker.io/kubeflow/xgboost:1', command: ['python'] }] },
    },
  });
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'XGBoostJob',
    metadata: { name },
    spec: { xgbReplicaSpecs: { Master: replica(1), Worker: replica(workers) } },
  };
}

describe('enormous but valid-looking jobs do not take the manager down', () => {
  const suffix = randomBytes(2).toString('hex');
  const suite = useV1Suite('e2e-huge', { runtimes: true });

  it('refuses a 2^31-1-node MPI TrainJob and a 2^31-1-worker XGBoostJob by size, and completes another job', async () => {
    const rssBefore = process.memoryUsage().rss;
    const mpi = `huge-mpi-${suffix}`;
    const xgb = `huge-xgb-${suffix}`;
    const other = `other-${suffix}`;
    await createTrainJob(
      makeTrainJob(suite.namespace, mpi).runtimeRef('deepspeed-distributed').numNodes(INT32_MAX).obj(),
    );
    await createJob('XGBoostJob', suite.namespace, xgboostJob(xgb, INT32_MAX));
    await createTrainJob(makeTrainJob(suite.namespace, other).numNodes(2).obj());

    const event = await waitForEvent(suite.namespace, mpi, 'TrainJobResourcesCreationFailed');
    expect(event.message).toMatch(
      new RegExp(
        `^TrainJob resources reconciliation failed: the MPI hostfile \\(ConfigMap "${mpi}-mpi-hostfile"\\) would be \\d+ bytes, ` +
          `over the 1048576 bytes the API server stores in a ConfigMap's data; the largest spec.trainer.numNodes that fits is \\d+$`,
      ),
    );
    const failed = await waitForJobCondition(
      'XGBoostJob',
      suite.namespace,
      xgb,
      'Failed',
      'XGBoostJobFailedValidation',
    );
    expect(failed.status?.conditions?.find((c) => c.type === 'Failed')?.message).toMatch(
      /^spec\.xgbReplicaSpecs\[Worker\]\.replicas: Invalid value: 2147483647: an XGBoostJob pod, whose WORKER_ADDRS lists every worker \(\d+ bytes\), would be \d+ bytes, over the 1572864 bytes the API server stores in one object; the largest spec\.xgbReplicaSpecs\[Worker\]\.replicas that fits is \d+$/,
    );

    await waitForCondition(suite.namespace, other, 'Complete');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MOST_RSS_GROWTH_BYTES);
  });
});
