// SPDX-License-Identifier: Apache-2.0
// The TrainJob status of a LeaderWorkerSet-backed TrainJob, from what the controller observes: the
// LeaderWorkerSet (with the progress recorded on it), its pods and the initializer Jobs (pure).

import {
  KubetrainAnnotations,
  TrainJobConditionTypes,
  type JobStatus,
  type TrainJobStatus,
} from '@kubetrain/api/core';
import { EngineError } from '../../framework/errors.js';
import type {
  GroupRecreateRequest,
  ObservedJob,
  ObservedLeaderWorkerSet,
  StatusResult,
  WorkloadPatch,
} from '../../framework/plugin.js';
import { objectKeyOf } from '../../framework/desired.js';
import { isTrainJobFinished, setCondition } from '../../status/conditions.js';
import { mergeRestartCounters } from '../../status/restarts.js';
import { copyStatus, setSuspendedCondition, statusChanged } from '../../status/trainjob-status.js';
import type { KubeObject, TrainJob } from '../../types.js';
import {
  completeCondition,
  initializerFailedCondition,
  maxRestartsCondition,
  permanentFailureCondition,
} from './conditions.js';
import { observeGroup, readProgress, writeProgress, type GroupProgress } from './group-progress.js';

/** The LeaderWorkerSet of an unfinished TrainJob is missing though its initializers are done: retry. */
export class LeaderWorkerSetNotFoundError extends EngineError {
  constructor() {
    super('the TrainJob has no LeaderWorkerSet yet');
  }
}

/** The policy the builder recorded on the LeaderWorkerSet (kubetrain's annotations). */
interface GroupPolicy {
  readonly budget: number;
  readonly permanentExitCodes: ReadonlySet<number>;
  /** The leader's step and the workers' step (the same name for a one-step trainer). */
  readonly steps: readonly [string, string];
}

/** Reads the group policy from the LeaderWorkerSet's spec and annotations. */
function groupPolicyOf(lws: NonNullable<ObservedLeaderWorkerSet['object']>): GroupPolicy {
  const a = lws.metadata?.annotations ?? {};
  const budget = Number.parseInt(a[KubetrainAnnotations.MaxGroupRestarts] ?? '0', 10);
  const codes = (a[KubetrainAnnotations.PermanentExitCodes] ?? '')
    .split(',')
    .filter((c) => /^-?\d+$/.test(c.trim()))
    .map((c) => Number(c));
  const [leader = '', worker = leader] = (a[KubetrainAnnotations.GroupSteps] ?? '').split(',');
  return {
    budget: Number.isNaN(budget) ? 0 : budget,
    permanentExitCodes: new Set(codes),
    steps: [leader, worker],
  };
}

function conditionTrue(job: ObservedJob, type: string) {
  return job.status?.conditions?.find((c) => c.type === type && c.status === 'True');
}

/** The jobsStatus entry of an initializer Job (one Job per step, counted as JobSet counts Jobs). */
function initializerJobStatus(trainJob: TrainJob, job: ObservedJob): JobStatus {
  const complete = conditionTrue(job, 'Complete') !== undefined;
  const failed = conditionTrue(job, 'Failed') !== undefined;
  const running = !complete && !failed && job.spec?.suspend !== true;
  return {
    name: (job.metadata?.name ?? '').slice((trainJob.metadata.name ?? '').length + 1),
    ready: running && (job.status?.ready ?? 0) > 0 ? 1 : 0,
    succeeded: complete ? 1 : 0,
    failed: failed ? 1 : 0,
    active: running && (job.status?.active ?? 0) > 0 ? 1 : 0,
    suspended: job.spec?.suspend === true ? 1 : 0,
  };
}

type Verdict = 'Complete' | 'Failed' | undefined;

/** The jobsStatus entries of the group's steps: one entry per step (the group is one unit). */
function groupJobsStatus(
  lws: ObservedLeaderWorkerSet['object'],
  policy: GroupPolicy | undefined,
  verdict: Verdict,
): JobStatus[] {
  if (lws === undefined || policy === undefined) return [];
  const suspended = (lws.spec?.replicas ?? 1) === 0;
  const running = verdict === undefined && !suspended;
  const names = policy.steps[0] === policy.steps[1] ? [policy.steps[0]] : [...policy.steps];
  return names.map((name) => ({
    name,
    ready: running && (lws.status?.readyReplicas ?? 0) > 0 ? 1 : 0,
    succeeded: verdict === 'Complete' ? 1 : 0,
    failed: verdict === 'Failed' ? 1 : 0,
    active: running ? 1 : 0,
    suspended: suspended ? 1 : 0,
  }));
}

/** Whether the group is stopped (`replicas: 0`: suspended, or finished). */
function isStopped(lws: NonNullable<ObservedLeaderWorkerSet['object']>): boolean {
  return (lws.spec?.replicas ?? 1) === 0;
}

/** The job is done when the leader (rank 0) exited 0 in an attempt that did not fail before. */
function isDone(progress: GroupProgress): boolean {
  return progress.succeeded.includes(0);
}

/** A merge patch for the LeaderWorkerSet: the new progress, and `replicas: 0` to stop the group. */
function patchOf(
  lws: NonNullable<ObservedLeaderWorkerSet['object']>,
  before: GroupProgress,
  after: GroupProgress,
  stop: boolean,
): WorkloadPatch | undefined {
  const patch: Record<string, unknown> = {};
  const text = writeProgress(after);
  if (
    writeProgress(before) !== text ||
    lws.metadata?.annotations?.[KubetrainAnnotations.GroupProgress] === undefined
  ) {
    patch.metadata = { annotations: { [KubetrainAnnotations.GroupProgress]: text } };
  }
  if (stop && (lws.spec?.replicas ?? 1) !== 0) patch.spec = { replicas: 0 };
  if (Object.keys(patch).length === 0) return undefined;
  return { key: objectKeyOf(lws as unknown as KubeObject), patch };
}

/**
 * The TrainJob status from the observed LeaderWorkerSet, its pods and the initializer Jobs:
 * `Suspended`/`Resumed` as the JobSet backend; `Failed` when an initializer Job failed
 * (`FailedJobs`), a trainer exited with a permanent exit code (`PermanentExitCode`) or the group
 * failed more often than its restart budget (`ReachedMaxRestarts`); `Complete` when the leader
 * (rank 0) exited 0, whatever order the ranks finished in (`LeaderSucceeded`); `jobsStatus` with
 * one entry per initializer Job and per group step. `workloadPatch` records the progress on the
 * LeaderWorkerSet and, once the job is finished, sets `replicas: 0` so nothing keeps running.
 * `recreateGroup` names the leader pod to delete while a running attempt failed or lost a pod.
 * `retry` is set when the initializers are done and the LeaderWorkerSet is missing.
 */
export function leaderWorkerSetStatus(
  trainJob: TrainJob,
  observed: ObservedLeaderWorkerSet,
  now: string,
): StatusResult {
  const status: TrainJobStatus = copyStatus(trainJob, now);
  const suspendedConditions = setSuspendedCondition(status.conditions, trainJob.spec.suspend, now);
  if (suspendedConditions !== undefined) status.conditions = suspendedConditions;
  const lws = observed.object;
  const policy = lws !== undefined ? groupPolicyOf(lws) : undefined;
  const finish = (type: string, c: { reason: string; message: string }): void => {
    status.conditions = setCondition(status.conditions, { type, status: 'True', ...c }, now).conditions;
  };

  let verdict: Verdict = isTrainJobFinished({ status }) ? 'Failed' : undefined;
  if (
    verdict !== undefined &&
    status.conditions?.some((c) => c.type === TrainJobConditionTypes.Complete && c.status === 'True')
  ) {
    verdict = 'Complete';
  }
  const finishedBefore = verdict !== undefined;
  const failedJob = observed.jobs.find((j) => conditionTrue(j, 'Failed') !== undefined);
  if (verdict === undefined && failedJob !== undefined) {
    finish(
      TrainJobConditionTypes.Failed,
      initializerFailedCondition(failedJob.metadata?.name ?? '', conditionTrue(failedJob, 'Failed')?.message),
    );
    verdict = 'Failed';
  }

  let workloadPatch: WorkloadPatch | undefined;
  let recreateGroup: GroupRecreateRequest | undefined;
  if (lws !== undefined && policy !== undefined) {
    const before = readProgress(lws.metadata?.annotations);
    let after = before;
    if (verdict === undefined) {
      const seen = observeGroup(before, observed.pods, policy.permanentExitCodes, isStopped(lws));
      after = seen.progress;
      if (seen.permanent !== undefined) {
        finish(TrainJobConditionTypes.Failed, permanentFailureCondition(seen.permanent));
        verdict = 'Failed';
      } else if (after.restarts > policy.budget) {
        finish(TrainJobConditionTypes.Failed, maxRestartsCondition(after.restarts, policy.budget));
        verdict = 'Failed';
      } else if (isDone(after)) {
        finish(TrainJobConditionTypes.Complete, completeCondition());
        verdict = 'Complete';
      } else if (seen.recreate !== undefined) {
        const { namespace } = objectKeyOf(lws as unknown as KubeObject);
        recreateGroup = {
          key: { group: '', kind: 'Pod', namespace, name: seen.recreate.pod },
          uid: seen.recreate.uid,
        };
      }
    }
    workloadPatch = patchOf(lws, before, after, verdict !== undefined);
    // KEP-4162's counters: every failed attempt within the budget is a group restart that counts
    // against it (the failure past the budget restarts nothing, as on JobSet); a recreation for a
    // lost pod is one that does not count; never down.
    const counted = Math.min(after.restarts, policy.budget);
    Object.assign(
      status,
      mergeRestartCounters(status, {
        restarts: counted + (after.disruptions ?? 0),
        restartsCountTowardsMax: counted,
      }),
    );
  }

  const jobsStatus = finishedBefore
    ? status.jobsStatus
    : [
        // By step name, whatever order the store lists the Jobs in, so that the status is stable.
        ...observed.jobs
          .map((j) => initializerJobStatus(trainJob, j))
          .sort((x, y) => x.name.localeCompare(y.name)),
        ...groupJobsStatus(lws, policy, verdict),
      ];
  if (jobsStatus === undefined || jobsStatus.length === 0) delete status.jobsStatus;
  else status.jobsStatus = jobsStatus;

  const changed = statusChanged(trainJob.status, status);
  const initializersDone = observed.jobs.every((j) => conditionTrue(j, 'Complete') !== undefined);
  const missing = lws === undefined && verdict === undefined && initializersDone;
  return {
    status,
    changed,
    ...(missing ? { retry: new LeaderWorkerSetNotFoundError() } : {}),
    ...(workloadPatch !== undefined ? { workloadPatch } : {}),
    ...(recreateGroup !== undefined ? { recreateGroup } : {}),
  };
}

/**
 * What caused the group restart the status computed from `observed` counts, found as the status
 * point finds it (the progress recorded on the LeaderWorkerSet, folded with the pods), worded as on
 * the JobSet backend: `pod <p> container <c> exited with code <n> (<reason>)`, the exit that failed
 * the attempt, or for a restart that does not count, `pod <p> condition DisruptionTarget (<reason>)`,
 * the pod lost before its rank finished; undefined when the observation restarts nothing
 * (a restart already recorded, or one whose pods are gone).
 */
export function leaderWorkerSetRestartCause(observed: ObservedLeaderWorkerSet): string | undefined {
  const lws = observed.object;
  if (lws === undefined) return undefined;
  const before = readProgress(lws.metadata?.annotations);
  const seen = observeGroup(before, observed.pods, groupPolicyOf(lws).permanentExitCodes, isStopped(lws));
  const failure = seen.failure;
  if (failure !== undefined) {
    const reason = failure.reason !== undefined ? ` (${failure.reason})` : '';
    return `pod ${failure.pod} container ${failure.container} exited with code ${failure.exitCode}${reason}`;
  }
  const lost = seen.disruption;
  if (lost !== undefined) {
    return lost.reason !== undefined
      ? `pod ${lost.pod} condition DisruptionTarget (${lost.reason})`
      : `pod ${lost.pod} was deleted before its rank finished (evicted, preempted or its node lost)`;
  }
  return undefined;
}
