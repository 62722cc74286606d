// SPDX-License-Identifier: Apache-2.0
// TrainJob condition types, reasons and messages.

/** Condition types of `TrainJob.status.conditions`. There is no `Created` or `Running` condition. */
export const TrainJobConditionTypes = {
  Suspended: 'Suspended',
  Complete: 'Complete',
  Failed: 'Failed',
} as const;

/** One TrainJob condition type. */
export type TrainJobConditionType = (typeof TrainJobConditionTypes)[keyof typeof TrainJobConditionTypes];

/** Reasons the controller sets itself; Complete/Failed reasons from JobSet are copied verbatim. */
export const TrainJobReasons = {
  Suspended: 'Suspended',
  Resumed: 'Resumed',
  RuntimeNotSupported: 'TrainingRuntimeNotSupported',
  DeadlineExceeded: 'DeadlineExceeded',
} as const;

/** Fixed condition messages the controller sets. */
export const TrainJobMessages = {
  Suspended: 'TrainJob is suspended',
  Resumed: 'TrainJob is resumed',
  DeadlineExceeded: 'TrainJob exceeded its active deadline',
} as const;

/** Reasons and messages JobSet sets on its own Completed/Failed conditions, which TrainJob mirrors. */
export const JobSetConditionReasons = {
  AllJobsCompleted: 'AllJobsCompleted',
  FailedJobs: 'FailedJobs',
  ReachedMaxRestarts: 'ReachedMaxRestarts',
} as const;

/** Messages of the JobSet conditions above. */
export const JobSetConditionMessages = {
  AllJobsCompleted: 'jobset completed successfully',
  FailedJobs: 'jobset failed due to one or more job failures',
  ReachedMaxRestarts: 'jobset failed due to reaching max number of restarts',
} as const;

/** JobSet condition types that the TrainJob status mirrors (`Completed` becomes TrainJob `Complete`). */
export const JobSetConditionTypes = {
  Completed: 'Completed',
  Failed: 'Failed',
} as const;

/** Event reasons. Upstream emits a single one. */
export const EventReasons = {
  TrainJobResourcesCreationFailed: 'TrainJobResourcesCreationFailed',
} as const;

/** The message of a Failed condition for a runtime kind that is not registered. */
export function unsupportedRuntimeMessage(groupKind: string): string {
  return `unsupported runtime: ${groupKind}`;
}
