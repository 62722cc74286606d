// SPDX-License-Identifier: Apache-2.0
// The JobSet backend behind the workload port: the JobSet from the store (not one that another
// TrainJob controls: foreign-workload.ts), deleted at the deadline; counter-only status changes
// paced; a failure names the failing pod of the JobSet; a restart names the pod failure seen by
// the pod watch (pod-failures.ts), else the failed Job if it is still there.

import { JobSetKeys, type JobSet, type TrainJob } from '@kubetrain/api/core';
import { isNotFound, keyOf, type KubeApi, type Logger } from '../../cluster/kube.js';
import { freshest } from '../../cluster/freshest.js';
import { ManagerResources } from '../../cluster/resources.js';
import type { ManagerStores } from '../../cluster/stores.js';
import type { StatusOutcome } from '../../engine/engine-port.js';
import { failedJobOf, failedPodOf } from './failed-pod.js';
import { isControlledByOther } from './foreign-workload.js';
import type { JobSetPodFailures } from './pod-failures.js';
import type { WorkloadPort } from './workload-port.js';

/** What the JobSet port reads and writes with. */
export interface JobSetWorkloadDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  /** The latest pod failure of each TrainJob's JobSet, from the pod watch (absent in some tests). */
  readonly jobSetPodFailures?: JobSetPodFailures;
}

/** The JobSet of `trainJob` (named as the TrainJob) as the workload port. */
export function jobSetWorkload(deps: JobSetWorkloadDeps, trainJob: TrainJob): WorkloadPort {
  const namespace = trainJob.metadata?.namespace ?? '';
  const name = trainJob.metadata?.name ?? '';
  const key = keyOf(namespace, name);
  const live = freshest(deps.stores.jobSets.getOrRecent(key));
  // Another TrainJob's JobSet (a same-name job's, being garbage-collected) is not this job's.
  const foreign = live !== undefined && isControlledByOther(live, trainJob.metadata?.uid ?? '');
  const jobSet = foreign ? undefined : (live as JobSet | undefined);
  return {
    kind: 'JobSet',
    observed: jobSet !== undefined ? { jobSet } : {},
    coalescesCounters: true,
    requeueAfterMs: (outcome: StatusOutcome) => outcome.requeueAfterMs,
    async deleteOnDeadline(_trainJob: TrainJob, log: () => Logger) {
      if (foreign) return;
      try {
        await deps.client.delete(ManagerResources.JobSet, name, { namespace });
        deps.stores.jobSets.recordDelete(key);
      } catch (error) {
        // As upstream: NotFound is fine, other errors are only logged (the deadline is already decided).
        if (!isNotFound(error))
          log().error('Failed to delete the JobSet of a TrainJob past its deadline', { error });
      }
    },
    afterStatus: () => Promise.resolve(),
    failedPod: (_trainJob, _status, reason) =>
      // Without a JobSet there are no pods to name.
      jobSet === undefined
        ? Promise.resolve(undefined)
        : failedPodOf(deps.client, namespace, `${JobSetKeys.JobSetName}=${name}`, reason),
    restartCause: (trainJob, restarts) => {
      if (foreign) return Promise.resolve(undefined);
      // JobSet deletes the failed Job and its pods before the manager looks: the pod watch saw them.
      const seen = deps.jobSetPodFailures?.causeOf(trainJob.metadata?.uid ?? '', restarts);
      return seen !== undefined ? Promise.resolve(seen) : failedJobOf(deps.client, namespace, name, restarts);
    },
  };
}
