// SPDX-License-Identifier: Apache-2.0
// `status.startTime` and `status.completionTime` of a TrainJob (KEP-2899, kubeflow/trainer#4052), with
// JobSet's semantics (kubernetes-sigs/jobset#1306, as batch/v1 Job): startTime is when the job last
// started running, removed while it is suspended and set again on resume; completionTime is when it
// became Complete or Failed. Both are derived from what the status already holds (the creation time,
// the Suspended condition's resume transition, the finishing condition's transition), so a value
// computed again after a manager restart, or held back by the status pacing, is the same value.

import { TrainJobConditionTypes, type TrainJobStatus } from '@kubetrain/api/core';
import { findCondition, isConditionTrue } from './conditions.js';
import type { ConditionInput } from './types.js';

/** The members of a TrainJob the run times read. */
export interface RunTimesView {
  readonly metadata?: { readonly creationTimestamp?: Date | string };
  readonly spec?: { readonly suspend?: boolean };
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly startTime?: string;
    readonly completionTime?: string;
  };
}

function rfc3339(t: Date | string | undefined): string | undefined {
  if (t === undefined) return undefined;
  const ms = t instanceof Date ? t.getTime() : Date.parse(t);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * When the job last started running, from `conditions`: the resume (the `Suspended=False`
 * condition's lastTransitionTime), else the creation (the start the active deadline counts from,
 * upstream's `reconcileDeadline`).
 */
function lastStart(
  trainJob: RunTimesView,
  conditions: readonly ConditionInput[] | undefined,
): string | undefined {
  const suspended = findCondition(conditions, TrainJobConditionTypes.Suspended);
  if (suspended?.status === 'False' && suspended.lastTransitionTime !== undefined)
    return rfc3339(suspended.lastTransitionTime);
  return rfc3339(trainJob.metadata?.creationTimestamp);
}

/** The finishing condition (Failed first, as the state reads it), if any is True. */
function finishing(conditions: readonly ConditionInput[] | undefined): ConditionInput | undefined {
  const failed = findCondition(conditions, TrainJobConditionTypes.Failed);
  if (failed?.status === 'True') return failed;
  const complete = findCondition(conditions, TrainJobConditionTypes.Complete);
  return complete?.status === 'True' ? complete : undefined;
}

function setOrDelete(status: TrainJobStatus, key: 'startTime' | 'completionTime', value?: string): void {
  if (value === undefined) delete status[key];
  else status[key] = value;
}

/**
 * Sets `next.startTime` and `next.completionTime` (`next` is the status computed for `trainJob`, and
 * is modified; `now` is the time of this reconcile's transitions):
 *  - completionTime, once the job is finished: kept, else the finishing condition's
 *    lastTransitionTime (`now` without one); removed from a job that is not finished;
 *  - startTime: removed while `spec.suspend` holds an unfinished job; set again when the job
 *    resumes in this reconcile (its Suspended condition turns False); else kept, and set when
 *    missing (the creation, or the last resume).
 *
 * Returns true when the times change in a way that must be written: a change or removal of a value
 * the stored status has. A value the stored status lacks is a backfill, written with the next
 * write the job needs anyway (a job finished or started before the manager set these fields costs
 * no extra write), so it alone does not make the status `changed`.
 */
export function setRunTimes(trainJob: RunTimesView, next: TrainJobStatus, now: string): boolean {
  const before = trainJob.status;
  const done = finishing(next.conditions);
  setOrDelete(
    next,
    'completionTime',
    done === undefined ? undefined : (next.completionTime ?? rfc3339(done.lastTransitionTime) ?? now),
  );
  const resumedNow =
    isConditionTrue(before?.conditions, TrainJobConditionTypes.Suspended) &&
    findCondition(next.conditions, TrainJobConditionTypes.Suspended)?.status === 'False';
  if (done === undefined && trainJob.spec?.suspend === true) setOrDelete(next, 'startTime', undefined);
  else if (resumedNow || next.startTime === undefined)
    setOrDelete(next, 'startTime', lastStart(trainJob, next.conditions) ?? next.startTime);
  return (['startTime', 'completionTime'] as const).some(
    (key) => before?.[key] !== undefined && before[key] !== next[key],
  );
}
