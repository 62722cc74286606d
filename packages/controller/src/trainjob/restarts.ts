// SPDX-License-Identifier: Apache-2.0
// The restarts of a TrainJob (KEP-4162, docs/failure-policy.md), pure: the change the status point's
// counters show (status.restarts / restartsCountTowardsMax, merged from the workload's and never
// going down), the record it adds to status.restartHistory, and which failed Job of a JobSet caused
// it. The counters live in status, so a manager killed during a restart reads them back; a restart
// seen by no manager (two in one observation) is recorded once, its message naming how many.

import {
  FailurePolicyActions,
  JobSetKeys,
  RESTART_HISTORY_LIMIT,
  formatMetaTime,
  type TrainJobStatus,
} from '@kubetrain/api/core';

/** The restart counters moved from `prev` to `next`: how many restarts, and how many counted. */
export interface RestartChange {
  /** `status.restarts` after the change. */
  readonly restarts: number;
  /** New restarts (1 unless several happened between two observations). */
  readonly added: number;
  /** How many of them counted against maxRestarts. */
  readonly counted: number;
}

/** One entry of `status.restartHistory`. */
export interface RestartRecord {
  readonly time: string;
  readonly reason: string;
  readonly message: string;
  readonly countsTowardsMax: boolean;
}

/** The restart change from `prev` to `next`; undefined when `status.restarts` did not grow. */
export function restartChange(
  prev: TrainJobStatus | undefined,
  next: TrainJobStatus,
): RestartChange | undefined {
  const before = prev?.restarts ?? 0;
  const after = next.restarts ?? 0;
  if (after <= before) return undefined;
  const counted = Math.max(0, (next.restartsCountTowardsMax ?? 0) - (prev?.restartsCountTowardsMax ?? 0));
  return { restarts: after, added: after - before, counted };
}

/**
 * The record of `change`: reason the action (RestartTrainJob when it counted, else
 * RestartTrainJobAndIgnoreMaxRestarts), message the cause (`detail`, the failed Job and its
 * condition message) or, when the cause is gone, the restart number alone.
 */
export function restartRecord(change: RestartChange, detail: string | undefined, now: Date): RestartRecord {
  const countsTowardsMax = change.counted > 0;
  const which =
    change.added === 1
      ? `restart ${change.restarts}`
      : `restarts ${change.restarts - change.added + 1} to ${change.restarts}`;
  return {
    time: formatMetaTime(now),
    reason: countsTowardsMax
      ? FailurePolicyActions.RestartTrainJob
      : FailurePolicyActions.RestartTrainJobAndIgnoreMaxRestarts,
    message: `${which}: ${detail ?? 'the failed Job is gone; its cause is unknown'}`,
    countsTowardsMax,
  };
}

/** `status` with `record` appended to its restartHistory, keeping the newest {@link RESTART_HISTORY_LIMIT}. */
export function withRestartRecord(status: TrainJobStatus, record: RestartRecord): TrainJobStatus {
  const history = [...(status.restartHistory ?? []), record];
  return { ...status, restartHistory: history.slice(-RESTART_HISTORY_LIMIT) };
}

/** The parts of a batch/v1 Job read here. */
export interface FailedJobView {
  readonly metadata?: { readonly name?: string; readonly labels?: Readonly<Record<string, string>> };
  readonly status?: {
    readonly conditions?: readonly { type?: string; status?: string; reason?: string; message?: string }[];
  };
}

/**
 * `Job <name> failed (<reason>): <message>` for the failed Job of the latest attempt before
 * `restarts` (the Job controller's message names the pod, container and exit code, or the pod
 * condition, that matched); undefined when none is left.
 */
export function failedJobDetail(jobs: readonly FailedJobView[], restarts: number): string | undefined {
  let best: { attempt: number; text: string } | undefined;
  for (const job of jobs) {
    const attempt = Number(job.metadata?.labels?.[JobSetKeys.RestartAttempt] ?? '0');
    if (!Number.isInteger(attempt) || attempt >= restarts) continue;
    // FailureTarget: the Job controller's decision, set before Failed (the JobSet may act on it).
    const failed = job.status?.conditions?.find(
      (c) => (c.type === 'Failed' || c.type === 'FailureTarget') && c.status === 'True',
    );
    if (failed === undefined || (best !== undefined && best.attempt >= attempt)) continue;
    const reason = failed.reason ? ` (${failed.reason})` : '';
    best = { attempt, text: `Job ${job.metadata?.name ?? '?'} failed${reason}: ${failed.message ?? ''}` };
  }
  return best?.text;
}
