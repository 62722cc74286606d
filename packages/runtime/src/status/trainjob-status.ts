// SPDX-License-Identifier: Apache-2.0
// The TrainJob status as upstream's controller computes it (trainjob_controller.go
// `setSuspendedCondition` and `setTrainJobStatus`, and the JobSet plugin's `Status`), as pure
// functions of the TrainJob, the observed JobSet and `now`.

import {
  JobSetConditionTypes,
  TrainJobConditionTypes,
  TrainJobMessages,
  TrainJobReasons,
  type Condition,
  type JobStatus,
  type TrainJobStatus,
} from '@kubetrain/api/core';
import {
  findCondition,
  isConditionTrue,
  isTrainJobFinished,
  normalizeCondition,
  setCondition,
} from './conditions.js';
import { EngineError } from '../framework/errors.js';
import { canonicalObject } from '../util/canonical.js';
import { mergeRestartCounters } from './restarts.js';
import type { ConditionInput, JobSetStatusView, TrainJobStatusView } from './types.js';

/** The JobSet of an unfinished TrainJob is missing: upstream returns the NotFound error and retries. */
export class JobSetNotFoundError extends EngineError {
  constructor() {
    super('the TrainJob has no JobSet yet');
  }
}

/**
 * True when `next` differs from `current` (an absent status is `{}`), compared as canonical JSON:
 * the controller writes the status only then (upstream's semantic deep-equal against the TrainJob
 * read at the start of the reconcile).
 */
export function statusChanged(current: object | undefined, next: object): boolean {
  return JSON.stringify(canonicalObject(current ?? {})) !== JSON.stringify(canonicalObject(next));
}

/** A copy of the TrainJob's status with normalized conditions. */
export function copyStatus(trainJob: TrainJobStatusView, now: string): TrainJobStatus {
  const status = structuredClone(trainJob.status ?? {}) as TrainJobStatus;
  if (trainJob.status?.conditions !== undefined) {
    status.conditions = trainJob.status.conditions.map((c) => normalizeCondition(c, now));
  }
  return status;
}

/**
 * Step 5 of the reconcile (`setSuspendedCondition`): `spec.suspend` true sets
 * `Suspended=True/Suspended/"TrainJob is suspended"`; otherwise a `Suspended=True` condition becomes
 * `Suspended=False/Resumed/"TrainJob is resumed"`; otherwise nothing changes (a job never suspended
 * has no Suspended condition). Returns the new conditions (the input is not modified).
 */
export function setSuspendedCondition(
  conditions: readonly ConditionInput[] | undefined,
  suspend: boolean | undefined,
  now: string,
): Condition[] | undefined {
  let next: ConditionInput;
  if (suspend === true) {
    next = {
      type: TrainJobConditionTypes.Suspended,
      status: 'True',
      reason: TrainJobReasons.Suspended,
      message: TrainJobMessages.Suspended,
    };
  } else if (isConditionTrue(conditions, TrainJobConditionTypes.Suspended)) {
    next = {
      type: TrainJobConditionTypes.Suspended,
      status: 'False',
      reason: TrainJobReasons.Resumed,
      message: TrainJobMessages.Resumed,
    };
  } else {
    return conditions?.map((c) => normalizeCondition(c, now));
  }
  return setCondition(conditions, next, now).conditions;
}

/**
 * Sets `Failed=True` with `reason` and `message` (`setFailedCondition`): used for
 * `DeadlineExceeded`/"TrainJob exceeded its active deadline" and `TrainingRuntimeNotSupported`.
 */
export function setFailedCondition(
  conditions: readonly ConditionInput[] | undefined,
  reason: string,
  message: string,
  now: string,
): Condition[] {
  return setCondition(
    conditions,
    { type: TrainJobConditionTypes.Failed, status: 'True', reason, message },
    now,
  ).conditions;
}

/** `jobsStatus` from the JobSet's `replicatedJobsStatus`, or undefined when it has none. */
function jobsStatusOf(jobSet: JobSetStatusView): JobStatus[] | undefined {
  const jobs = jobSet.status?.replicatedJobsStatus ?? [];
  if (jobs.length === 0) return undefined;
  return jobs.map((j) => ({
    name: j.name,
    ready: j.ready ?? 0,
    succeeded: j.succeeded ?? 0,
    failed: j.failed ?? 0,
    active: j.active ?? 0,
    suspended: j.suspended ?? 0,
  }));
}

/**
 * The JobSet plugin's `Status`: the TrainJob's status with the JobSet's `Completed=True` condition
 * copied as `Complete` and its `Failed=True` condition copied as `Failed` (reason, message,
 * lastTransitionTime and observedGeneration as the JobSet has them; other JobSet conditions are
 * ignored), and `jobsStatus` replaced by one entry per JobSet `replicatedJobsStatus` entry (removed
 * when there is none). Everything else (`trainerStatus`, `Suspended`) is kept.
 *
 * With no JobSet (`jobSet` undefined): a finished TrainJob keeps its status (undefined is returned:
 * the JobSet was deleted by its TTL or the deadline); an unfinished one throws
 * {@link JobSetNotFoundError}, on which upstream retries.
 */
export function jobSetTrainJobStatus(
  trainJob: TrainJobStatusView,
  jobSet: JobSetStatusView | undefined,
  now: string,
): TrainJobStatus | undefined {
  if (jobSet === undefined) {
    if (isTrainJobFinished(trainJob)) return undefined;
    throw new JobSetNotFoundError();
  }
  const status = copyStatus(trainJob, now);
  const copies: Array<[string, string]> = [
    [JobSetConditionTypes.Completed, TrainJobConditionTypes.Complete],
    [JobSetConditionTypes.Failed, TrainJobConditionTypes.Failed],
  ];
  for (const [from, to] of copies) {
    const c = findCondition(jobSet.status?.conditions, from);
    if (c?.status !== 'True') continue;
    status.conditions = setCondition(status.conditions, { ...c, type: to }, now).conditions;
  }
  const jobsStatus = jobsStatusOf(jobSet);
  if (jobsStatus === undefined) delete status.jobsStatus;
  else status.jobsStatus = jobsStatus;
  Object.assign(status, mergeRestartCounters(status, jobSet.status));
  return status;
}

/** The result of {@link computeTrainJobStatus}. */
export interface TrainJobStatusResult {
  /** The status to write (compare it with the current one and write only when it differs). */
  readonly status: TrainJobStatus;
  /** Set when the JobSet of an unfinished TrainJob is missing: write `status`, then retry. */
  readonly error?: JobSetNotFoundError;
}

/**
 * Steps 5 and 6 of upstream's TrainJob reconcile: {@link setSuspendedCondition}, then
 * `setTrainJobStatus`, which replaces the status with {@link jobSetTrainJobStatus} and puts back a
 * `Failed` condition of reason `DeadlineExceeded` the TrainJob had (a JobSet failure does not
 * override the deadline's reason and message). `jobSet` is the observed JobSet, undefined when it
 * does not exist; `now` is the RFC 3339 time of new transitions. Neither input is modified.
 */
export function computeTrainJobStatus(
  trainJob: TrainJobStatusView,
  jobSet: JobSetStatusView | undefined,
  now: string,
): TrainJobStatusResult {
  const current = copyStatus(trainJob, now);
  const conditions = setSuspendedCondition(current.conditions, trainJob.spec?.suspend, now);
  if (conditions !== undefined) current.conditions = conditions;
  const withSuspended: TrainJobStatusView = { spec: trainJob.spec, status: current };

  const failed = findCondition(current.conditions, TrainJobConditionTypes.Failed);
  const deadline = failed?.reason === TrainJobReasons.DeadlineExceeded ? failed : undefined;

  let status: TrainJobStatus;
  try {
    status = jobSetTrainJobStatus(withSuspended, jobSet, now) ?? current;
  } catch (e) {
    if (e instanceof JobSetNotFoundError) return { status: current, error: e };
    throw e;
  }
  if (deadline !== undefined) {
    status.conditions = setCondition(status.conditions, deadline, now).conditions;
  }
  return { status };
}
