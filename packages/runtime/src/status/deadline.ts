// SPDX-License-Identifier: Apache-2.0
// `spec.activeDeadlineSeconds` (upstream trainjob_controller.go `reconcileDeadline`), as a pure
// function of the TrainJob and a given `now`: the controller owns the clock.

import { formatMetaTime, TrainJobConditionTypes } from '@kubetrain/api/core';
import { findCondition, isTrainJobFinished } from './conditions.js';
import type { ConditionInput } from './types.js';

/** Upstream requeues a running deadline no sooner than this. */
const MIN_REQUEUE_MS = 1000;

/** The members of a TrainJob the deadline reads. */
export interface DeadlineView {
  readonly metadata?: { readonly creationTimestamp?: Date | string };
  /** activeDeadlineSeconds is a bigint when the API server sent an int64 past 2^53 (read losslessly). */
  readonly spec?: { readonly activeDeadlineSeconds?: number | bigint; readonly suspend?: boolean };
  readonly status?: { readonly conditions?: readonly ConditionInput[] };
}

/** Where an active deadline stands at `now`. */
export interface ActiveDeadline {
  /**
   * RFC 3339 time the deadline falls at: the start plus activeDeadlineSeconds; absent when that is
   * past the last date JavaScript represents (year 275760; activeDeadlineSeconds is an int64).
   */
  readonly deadline?: string;
  /** True when `now` is past the deadline: the TrainJob fails with `DeadlineExceeded`. */
  readonly expired: boolean;
  /** Milliseconds left until the deadline; 0 when expired. */
  readonly remainingMs: number;
  /** When to reconcile again if not expired: `remainingMs`, at least one second (upstream's floor). */
  readonly requeueAfterMs: number;
}

function millis(t: Date | string): number {
  return t instanceof Date ? t.getTime() : Date.parse(t);
}

/**
 * The active deadline of `trainJob` at `now` (RFC 3339 or a Date), or undefined when none runs:
 * activeDeadlineSeconds unset or not positive, the TrainJob finished or suspended, or no start time
 * known. The timer starts at `metadata.creationTimestamp` and restarts on every resume: when the
 * `Suspended` condition exists with status `False`, its lastTransitionTime is the start. Expired
 * means `now` is strictly after the deadline.
 */
export function activeDeadline(trainJob: DeadlineView, now: Date | string): ActiveDeadline | undefined {
  // An int64 past 2^53 is read as a bigint (losslessly); as a number it is past every date all the same.
  const given = trainJob.spec?.activeDeadlineSeconds;
  const seconds = given === undefined ? undefined : Number(given);
  if (seconds === undefined || seconds <= 0) return undefined;
  if (trainJob.spec?.suspend === true || isTrainJobFinished(trainJob)) return undefined;
  const suspended = findCondition(trainJob.status?.conditions, TrainJobConditionTypes.Suspended);
  const start =
    suspended?.status === 'False' && suspended.lastTransitionTime !== undefined
      ? suspended.lastTransitionTime
      : trainJob.metadata?.creationTimestamp;
  if (start === undefined || Number.isNaN(millis(start))) return undefined;
  const deadline = millis(start) + seconds * 1000;
  const left = deadline - millis(now);
  const expired = left < 0;
  const remainingMs = expired ? 0 : left;
  const at = new Date(deadline);
  return {
    ...(Number.isNaN(at.getTime()) ? {} : { deadline: formatMetaTime(at) }),
    expired,
    remainingMs,
    requeueAfterMs: Math.max(remainingMs, MIN_REQUEUE_MS),
  };
}
