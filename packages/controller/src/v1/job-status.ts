// SPDX-License-Identifier: Apache-2.0
// The v1 job's status as one reconcile changes it (upstream's conditions and UpdateJobStatus): the
// Created, Failed, Suspended and Resumed conditions, the engine's verdicts applied, and the end of the
// reconcile: the status written once (a merge patch of the status subresource) when it changed, then
// the events of the pass recorded.
import { formatMetaTime, type V1JobStatus } from '@kubetrain/api/core';
import {
  setCondition,
  V1ConditionTypes,
  V1Messages,
  type ReplicaCounts,
  type StatusVerdict,
  type V1JobObject,
  v1StatusAsWritten,
} from '@kubetrain/runtime/v1';
import { mergePatch } from '../util/merge-patch.js';
import { reasonOf, type Pass, type PassEvent, type V1ReconcilerDeps } from './reconcile-pass.js';

/** Sets the Created condition unless the job has one. */
export function markCreated(deps: V1ReconcilerDeps, pass: Pass): void {
  if (pass.status.conditions?.some((c) => c.type === V1ConditionTypes.Created) === true) return;
  setCondition(
    pass.status,
    {
      type: 'Created',
      status: 'True',
      reason: reasonOf(deps.framework, 'Created'),
      message: V1Messages.created(pass.job),
    },
    formatMetaTime(pass.now),
  );
}

/**
 * Fails the job: completionTime (unless `completes` is false: upstream's ReconcilePods fails a job
 * without one), the Failed condition and, when it is new, a Warning event.
 */
export function failJob(pass: Pass, reason: string, message: string, { completes = true } = {}): void {
  const { status } = pass;
  if (completes) status.completionTime ??= formatMetaTime(pass.now);
  if (setCondition(status, { type: 'Failed', status: 'True', reason, message }, formatMetaTime(pass.now)))
    pass.events.push({ type: 'Warning', reason, note: message });
}

/** Suspended: no replica active, Running False, Suspended True (an event when that is new). */
export function markSuspended(deps: V1ReconcilerDeps, pass: Pass): void {
  const { job, status } = pass;
  const time = formatMetaTime(pass.now);
  const reason = reasonOf(deps.framework, 'Suspended');
  const message = V1Messages.suspended(job);
  for (const rs of Object.values(status.replicaStatuses ?? {})) rs.active = 0;
  if (status.conditions?.some((c) => c.type === V1ConditionTypes.Running) === true)
    setCondition(status, { type: 'Running', status: 'False', reason, message }, time);
  if (setCondition(status, { type: 'Suspended', status: 'True', reason, message }, time))
    pass.events.push({ type: 'Normal', reason, note: message });
}

/** Resumed: Suspended False, an event, and the start time reset (the deadline counts anew). */
export function markResumed(deps: V1ReconcilerDeps, pass: Pass): void {
  const { job, status } = pass;
  const time = formatMetaTime(pass.now);
  const reason = reasonOf(deps.framework, 'Resumed');
  setCondition(
    status,
    { type: 'Suspended', status: 'False', reason, message: V1Messages.resumed(job) },
    time,
  );
  pass.events.push({ type: 'Normal', reason, note: V1Messages.resumed(job) });
  status.startTime = time;
}

/** Applies one of the kind's status verdicts: its condition, completion and event. */
export function applyVerdict(
  deps: V1ReconcilerDeps,
  pass: Pass,
  v: StatusVerdict,
  counts: ReadonlyMap<string, ReplicaCounts>,
): void {
  const { status } = pass;
  const reason = v.reason ?? reasonOf(deps.framework, v.type);
  if (v.type === 'Failed') return failJob(pass, reason, v.message);
  if (v.type === 'Succeeded') {
    status.completionTime ??= formatMetaTime(pass.now);
    for (const rtype of counts.keys()) {
      const rs = status.replicaStatuses?.[rtype];
      if (rs !== undefined) {
        rs.succeeded = (rs.succeeded ?? 0) + (rs.active ?? 0);
        rs.active = 0;
      }
    }
  }
  const changed = setCondition(
    status,
    { type: v.type, status: 'True', reason, message: v.message },
    formatMetaTime(pass.now),
  );
  if (changed && v.type !== 'Running')
    pass.events.push({ type: v.type === 'Restarting' ? 'Warning' : 'Normal', reason, note: v.message });
}

/**
 * Writes `status` as upstream's encoding has it (zero counts omitted: v1StatusAsWritten) unless that is
 * what `job` holds: a merge patch of the status subresource from the job's status, so that a count
 * gone to zero is removed (null), not left at its old value.
 */
export async function writeStatus(
  deps: V1ReconcilerDeps,
  job: V1JobObject,
  status: V1JobStatus,
): Promise<void> {
  const patch = mergePatch(
    (job.status ?? {}) as Record<string, unknown>,
    v1StatusAsWritten(status) as Record<string, unknown>,
  );
  if (Object.keys(patch).length === 0) return;
  const written = await deps.client.patch(
    deps.resource,
    job.metadata?.name ?? '',
    { status: patch },
    { type: 'merge', subresource: 'status', namespace: job.metadata?.namespace },
  );
  deps.jobs.recordWrite(written);
}

/** Records the events of a pass on `job`, in order. */
export async function recordEvents(
  deps: V1ReconcilerDeps,
  job: V1JobObject,
  events: readonly PassEvent[],
): Promise<void> {
  for (const e of events)
    await deps.events.record(job, { type: e.type, reason: e.reason, action: 'Reconcile', note: e.note });
}
