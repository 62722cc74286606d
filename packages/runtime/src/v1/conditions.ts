// SPDX-License-Identifier: Apache-2.0
// v1 job conditions as upstream's pkg/util/status.go keeps them: one per type, the newest last (the
// `State` printer column reads `conditions[-1:]`), Running and Restarting exclusive, Running flipped to
// False by Succeeded or Failed, the transition time kept while the status holds, and nothing changing
// once the job has Failed.
import type { V1JobStatus } from '@kubetrain/api/core';
import { V1ConditionTypes, type V1ConditionType } from './constants.js';
import type { Condition } from './job-types.js';

/** The condition of `type` in `status`, if any. */
function conditionOf(status: V1JobStatus | undefined, type: V1ConditionType): Condition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

/** Whether `status` has condition `type` with status True. */
export function hasCondition(status: V1JobStatus | undefined, type: V1ConditionType): boolean {
  return conditionOf(status, type)?.status === 'True';
}

/** Whether the job has finished: Succeeded or Failed is True. */
export function isFinished(status: V1JobStatus | undefined): boolean {
  return hasCondition(status, V1ConditionTypes.Succeeded) || hasCondition(status, V1ConditionTypes.Failed);
}

/** A condition to set. */
export interface ConditionInput {
  readonly type: V1ConditionType;
  readonly status: 'True' | 'False';
  readonly reason: string;
  readonly message: string;
}

/**
 * Sets `input` on `status` in place, as upstream's `UpdateJobConditions`: returns false when nothing
 * changed (the job has Failed, or a condition of that type with the same status and reason is already
 * there, whatever its message).
 */
export function setCondition(status: V1JobStatus, input: ConditionInput, now: string): boolean {
  const conditions = status.conditions ?? [];
  if (conditions.some((c) => c.type === V1ConditionTypes.Failed && c.status === 'True')) return false;
  const current = conditions.find((c) => c.type === input.type);
  // Upstream compares status and reason only: a condition keeps the message it was first set with.
  if (current !== undefined && current.status === input.status && current.reason === input.reason)
    return false;
  const next: Condition = {
    type: input.type,
    status: input.status,
    reason: input.reason,
    message: input.message,
    lastUpdateTime: now,
    lastTransitionTime:
      current !== undefined && current.status === input.status ? (current.lastTransitionTime ?? now) : now,
  };
  const kept: Condition[] = [];
  for (const c of conditions) {
    if (c.type === input.type) continue;
    if (input.type === V1ConditionTypes.Restarting && c.type === V1ConditionTypes.Running) continue;
    if (input.type === V1ConditionTypes.Running && c.type === V1ConditionTypes.Restarting) continue;
    const finishing = input.type === V1ConditionTypes.Failed || input.type === V1ConditionTypes.Succeeded;
    kept.push(finishing && c.type === V1ConditionTypes.Running ? { ...c, status: 'False' } : c);
  }
  kept.push(next);
  status.conditions = kept;
  return true;
}
