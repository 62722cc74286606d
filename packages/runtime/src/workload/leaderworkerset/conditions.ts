// SPDX-License-Identifier: Apache-2.0
// The reasons and messages of the Complete/Failed conditions the LeaderWorkerSet backend sets
// (kubetrain's own, in the style of JobSet's, which the JobSet backend copies).

import { JobSetConditionReasons } from '@kubetrain/api/core';
import type { PermanentFailure } from './group-progress.js';

/** Condition reasons. `ReachedMaxRestarts` and `FailedJobs` are spelled as JobSet's. */
const LWSConditionReasons = {
  LeaderSucceeded: 'LeaderSucceeded',
  PermanentExitCode: 'PermanentExitCode',
  ReachedMaxRestarts: JobSetConditionReasons.ReachedMaxRestarts,
  FailedJobs: JobSetConditionReasons.FailedJobs,
} as const;

/** The Complete condition: the leader (rank 0) exited 0. */
export function completeCondition(): { reason: string; message: string } {
  return {
    reason: LWSConditionReasons.LeaderSucceeded,
    message: 'leaderworkerset completed successfully: the leader exited 0',
  };
}

/** The Failed condition for a permanent exit code. */
export function permanentFailureCondition(failure: PermanentFailure): { reason: string; message: string } {
  return {
    reason: LWSConditionReasons.PermanentExitCode,
    message: `leaderworkerset failed: container ${failure.container} of pod ${failure.pod} exited with permanent exit code ${failure.exitCode}`,
  };
}

/** The Failed condition for an exhausted restart budget. */
export function maxRestartsCondition(restarts: number, budget: number): { reason: string; message: string } {
  return {
    reason: LWSConditionReasons.ReachedMaxRestarts,
    message: `leaderworkerset failed due to reaching max number of restarts: the group failed ${restarts} times, ${budget} restarts allowed`,
  };
}

/** The Failed condition for a failed initializer Job. */
export function initializerFailedCondition(
  job: string,
  detail: string | undefined,
): { reason: string; message: string } {
  const suffix = detail !== undefined && detail !== '' ? `: ${detail}` : '';
  return { reason: LWSConditionReasons.FailedJobs, message: `initializer job ${job} failed${suffix}` };
}
