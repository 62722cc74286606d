// SPDX-License-Identifier: Apache-2.0
// Which workload backend a TrainJob is on, as the port the reconciler talks to.

import type { TrainJob } from '@kubetrain/api/core';
import type { KubeApi } from '../../cluster/kube.js';
import type { ManagerStores } from '../../cluster/stores.js';
import type { LeaderWorkerSetWatches } from '../lws-watches.js';
import { ForeignKinds } from '@kubetrain/api/core';
import { foreignWorkloadOf, type ForeignWorkloadError } from './foreign-workload.js';
import { jobSetWorkload } from './jobset-workload.js';
import { leaderWorkerSetWorkload } from './leaderworkerset-workload.js';
import type { JobSetPodFailures } from './pod-failures.js';
import type { WorkloadPort } from './workload-port.js';

export type { WorkloadPort } from './workload-port.js';
export { WORKLOAD_MISSING_RETRY_MS } from './leaderworkerset-workload.js';
export { ForeignWorkloadError } from './foreign-workload.js';
export { JobSetPodFailures, jobSetPodProjection } from './pod-failures.js';

/** What the ports are built from; `leaderWorkerSets` only with the gate `LeaderWorkerSetBackend`. */
export interface WorkloadDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  readonly leaderWorkerSets?: LeaderWorkerSetWatches;
  /** The latest pod failure of each TrainJob's JobSet (the restart's cause). */
  readonly jobSetPodFailures?: JobSetPodFailures;
}

/**
 * The port of `trainJob`'s workload: the LeaderWorkerSet when the gate is on and this reconcile's
 * render says so (`rendersLeaderWorkerSet`), or, without a render (a finished job), when its
 * LeaderWorkerSet is still there; else the JobSet.
 */
export function workloadOf(
  deps: WorkloadDeps,
  trainJob: TrainJob,
  rendersLeaderWorkerSet: boolean | undefined,
): WorkloadPort {
  const lws = deps.leaderWorkerSets;
  const onLeaderWorkerSet =
    lws !== undefined &&
    (rendersLeaderWorkerSet ??
      lws.leaderWorkerSetOf(
        trainJob.metadata?.namespace ?? '',
        trainJob.metadata?.name ?? '',
        trainJob.metadata?.uid ?? '',
      ) !== undefined);
  return onLeaderWorkerSet
    ? leaderWorkerSetWorkload({ client: deps.client, leaderWorkerSets: lws }, trainJob)
    : jobSetWorkload(deps, trainJob);
}

/**
 * The error saying that the job's workload, on either backend, is another object's (a same-name
 * TrainJob's that is being garbage-collected); undefined when it is the job's, has no controller or
 * does not exist. Nothing may be written for the job until it is gone (foreign-workload.ts).
 */
export function foreignWorkload(deps: WorkloadDeps, trainJob: TrainJob): ForeignWorkloadError | undefined {
  return foreignWorkloadOf(trainJob, [
    [ForeignKinds.JobSet.kind, deps.stores.jobSets],
    [ForeignKinds.LeaderWorkerSet.kind, deps.leaderWorkerSets?.leaderWorkerSets],
  ]);
}
