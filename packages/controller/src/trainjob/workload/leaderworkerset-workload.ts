// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet backend behind the workload port: the LeaderWorkerSet, its pods and
// initializer Jobs as its watches observed them; a missing group is retried soon; every status
// change is written at once (the progress the status was computed from is recorded after it, then a
// failed attempt's leader is deleted so that the group is recreated); a failure names the failing
// pod of the group, as `kubetrain describe` does.

import { LWSKeys, type TrainJob } from '@kubetrain/api/core';
import { leaderWorkerSetRestartCause } from '@kubetrain/runtime';
import type { KubeApi, Logger } from '../../cluster/kube.js';
import type { StatusOutcome } from '../../engine/engine-port.js';
import { deleteLeaderWorkerSet, patchWorkload, recreateGroup } from '../lws-writes.js';
import type { LeaderWorkerSetWatches } from '../lws-watches.js';
import { failedPodOf } from './failed-pod.js';
import type { WorkloadPort } from './workload-port.js';

/** How long a job whose LeaderWorkerSet is missing waits before a retry, in ms. */
export const WORKLOAD_MISSING_RETRY_MS = 1000;

/** What the LeaderWorkerSet port reads and writes with. */
export interface LeaderWorkerSetWorkloadDeps {
  readonly client: KubeApi;
  readonly leaderWorkerSets: LeaderWorkerSetWatches;
}

/** The LeaderWorkerSet of `trainJob` as the workload port. */
export function leaderWorkerSetWorkload(deps: LeaderWorkerSetWorkloadDeps, trainJob: TrainJob): WorkloadPort {
  const namespace = trainJob.metadata?.namespace ?? '';
  const name = trainJob.metadata?.name ?? '';
  const leaderWorkerSet = deps.leaderWorkerSets.observe(namespace, name, trainJob.metadata?.uid ?? '');
  return {
    kind: 'LeaderWorkerSet',
    observed: { leaderWorkerSet },
    coalescesCounters: false,
    requeueAfterMs: (outcome: StatusOutcome) =>
      outcome.workloadMissing
        ? Math.min(outcome.requeueAfterMs ?? WORKLOAD_MISSING_RETRY_MS, WORKLOAD_MISSING_RETRY_MS)
        : outcome.requeueAfterMs,
    deleteOnDeadline: (job: TrainJob, log: () => Logger) =>
      deleteLeaderWorkerSet(deps, job, leaderWorkerSet, log),
    async afterStatus(outcome: StatusOutcome | undefined) {
      // After the status: the progress it was computed from is recorded once the status is written.
      if (outcome?.workloadPatch !== undefined) await patchWorkload(deps, outcome.workloadPatch);
      // After the progress: the attempt's failure is recorded before its group goes away.
      if (outcome?.recreateGroup !== undefined) await recreateGroup(deps, outcome.recreateGroup);
      deps.leaderWorkerSets.settled(namespace, name, leaderWorkerSet);
    },
    failedPod: (_trainJob, _status, reason) =>
      failedPodOf(deps.client, namespace, `${LWSKeys.Name}=${name}`, reason),
    // The exit that failed the attempt, from the pods the status was computed from.
    restartCause: () => Promise.resolve(leaderWorkerSetRestartCause(leaderWorkerSet)),
  };
}
