// SPDX-License-Identifier: Apache-2.0
// Names of the failure policy (KEP-4162) and the JobSet and Job values it is carried by.

/** The actions a failure policy rule can take, KEP-4162's names. */
export const FailurePolicyActions = {
  FailTrainJob: 'FailTrainJob',
  RestartTrainJob: 'RestartTrainJob',
  RestartTrainJobAndIgnoreMaxRestarts: 'RestartTrainJobAndIgnoreMaxRestarts',
} as const;

export type FailurePolicyAction = (typeof FailurePolicyActions)[keyof typeof FailurePolicyActions];

/** The pod condition the API server's eviction, the scheduler's preemption and node loss set. */
export const DISRUPTION_TARGET_CONDITION = 'DisruptionTarget';

/** The Job failure reason when a podFailurePolicy FailJob rule matched (batch/v1). */
export const POD_FAILURE_POLICY_REASON = 'PodFailurePolicy';

/** The largest `maxRestarts` (JobSet's and LeaderWorkerSet's budgets are int32). */
export const MAX_RESTARTS_LIMIT = 2147483647;
/** At most this many rules, as Kubernetes allows in a Job's podFailurePolicy. */
export const MAX_FAILURE_POLICY_RULES = 20;
/** At most this many exit codes in one rule, as Kubernetes allows. */
export const MAX_EXIT_CODE_VALUES = 255;
/** The status keeps this many restarts in `restartHistory`, the newest last. */
export const RESTART_HISTORY_LIMIT = 5;
