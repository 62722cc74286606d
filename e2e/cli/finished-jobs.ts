// SPDX-License-Identifier: Apache-2.0
// TrainJobs created already finished, for the usage figures (`kubetrain usage`, the dashboard's usage
// page): the job, then its finished status through the status subresource. Nothing reconciles them
// when their namespace has no manager (every in-process manager of the other suites reconciles only
// its own namespace), and a finished status is never rewritten (terminal jobs stay terminal).
import { GROUP, Resources, VERSION, type TrainJob } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { createTrainJob, custom } from '../controller/harness.js';

/** A finished TrainJob of the population. */
export interface Finished {
  name: string;
  runtime: string;
  queue?: string;
  nodes: number;
  /** GPUs per node (nvidia.com/gpu limits); 0: a CPU job (cpu requests). */
  gpus: number;
  start: string;
  end: string;
  outcome: 'Complete' | 'Failed';
}

/** Creates `job` as `<name><suffix>` in `namespace`, with its finished status. */
export async function createFinishedTrainJob(
  namespace: string,
  job: Finished,
  suffix: string,
): Promise<void> {
  const builder = makeTrainJob(namespace, `${job.name}${suffix}`)
    .runtimeRef(job.runtime)
    .numNodes(job.nodes)
    .resourcesPerNode(
      job.gpus > 0 ? { limits: { 'nvidia.com/gpu': String(job.gpus) } } : { requests: { cpu: '1' } },
    );
  if (job.queue !== undefined) builder.labels({ 'kueue.x-k8s.io/queue-name': job.queue });
  const created = await createTrainJob(builder.obj());
  await custom().replaceNamespacedCustomObjectStatus({
    group: GROUP,
    version: VERSION,
    plural: Resources.TrainJob,
    namespace,
    name: created.metadata!.name!,
    body: {
      ...created,
      status: {
        startTime: job.start,
        completionTime: job.end,
        conditions: [
          {
            type: job.outcome,
            status: 'True',
            reason: job.outcome === 'Complete' ? 'JobSetCompleted' : 'JobSetFailed',
            message: `set by the usage e2e`,
            lastTransitionTime: job.end,
          },
        ],
      },
    } as TrainJob,
  });
}
