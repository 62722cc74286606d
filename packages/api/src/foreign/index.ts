// SPDX-License-Identifier: Apache-2.0
/**
 * The foreign objects the engine renders or reads, typed from upstream's CRDs (see
 * hack/tools/gen-foreign-types.ts), with names for the parts the engine works on.
 */
import type { JobSet } from './generated/jobset-v1alpha2.js';
import type { LeaderWorkerSet } from './generated/leaderworkerset-v1.js';

export type { JobSet } from './generated/jobset-v1alpha2.js';
export type { LeaderWorkerSet } from './generated/leaderworkerset-v1.js';
export type { SchedulerPluginsPodGroup } from './generated/scheduler-plugins-podgroup-v1alpha1.js';
export type { VolcanoPodGroup } from './generated/volcano-podgroup-v1beta1.js';

/** `JobSet.spec` (jobset.x-k8s.io/v1alpha2 JobSetSpec). */
export type JobSetSpec = NonNullable<JobSet['spec']>;
/** One entry of `JobSet.spec.replicatedJobs`. */
export type ReplicatedJob = NonNullable<JobSetSpec['replicatedJobs']>[number];
/** `JobSet.status`. */
type JobSetStatus = NonNullable<JobSet['status']>;
/** One entry of `JobSet.status.replicatedJobsStatus`. */
export type ReplicatedJobStatus = NonNullable<JobSetStatus['replicatedJobsStatus']>[number];
/** One entry of `JobSet.status.conditions`. */
export type JobSetCondition = NonNullable<JobSetStatus['conditions']>[number];
/** `LeaderWorkerSet.spec` (leaderworkerset.x-k8s.io/v1). */
export type LeaderWorkerSetSpec = NonNullable<LeaderWorkerSet['spec']>;

/** API versions and kinds of the foreign objects, byte-identical to upstream. */
export const ForeignKinds = {
  JobSet: { apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet' },
  LeaderWorkerSet: { apiVersion: 'leaderworkerset.x-k8s.io/v1', kind: 'LeaderWorkerSet' },
  SchedulerPluginsPodGroup: { apiVersion: 'scheduling.x-k8s.io/v1alpha1', kind: 'PodGroup' },
  VolcanoPodGroup: { apiVersion: 'scheduling.volcano.sh/v1beta1', kind: 'PodGroup' },
} as const;
