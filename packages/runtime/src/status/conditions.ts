// SPDX-License-Identifier: Apache-2.0
// Condition helpers with the semantics of k8s.io/apimachinery `meta.SetStatusCondition` and friends,
// without a clock: the caller passes `now`.

import { TrainJobConditionTypes, type Condition } from '@kubetrain/api/core';
import type { ConditionInput, TrainJobStatusView } from './types.js';

/** The result of {@link setCondition}: the new list, and whether anything changed. */
export interface SetConditionResult {
  readonly conditions: Condition[];
  readonly changed: boolean;
}

/** A condition with every member upstream writes, in metav1.Condition's field order. */
export function normalizeCondition(c: ConditionInput, now: string): Condition {
  return {
    type: c.type,
    status: c.status as Condition['status'],
    ...(c.observedGeneration ? { observedGeneration: c.observedGeneration } : {}),
    lastTransitionTime: c.lastTransitionTime || now,
    reason: c.reason ?? '',
    message: c.message ?? '',
  };
}

/** The condition of type `type`, or undefined. */
export function findCondition<C extends ConditionInput>(
  conditions: readonly C[] | undefined,
  type: string,
): C | undefined {
  return conditions?.find((c) => c.type === type);
}

/** True when the condition of type `type` exists with status `True`. */
export function isConditionTrue(conditions: readonly ConditionInput[] | undefined, type: string): boolean {
  return findCondition(conditions, type)?.status === 'True';
}

/**
 * Sets `next` in `conditions` as `meta.SetStatusCondition` does and returns a new list (the input is
 * not modified). A new condition is appended with `next.lastTransitionTime`, or `now` when it has
 * none. An existing one takes `next`'s status, reason, message and observedGeneration; its
 * lastTransitionTime changes only when the status flips (to `next`'s time, or `now`).
 */
export function setCondition(
  conditions: readonly ConditionInput[] | undefined,
  next: ConditionInput,
  now: string,
): SetConditionResult {
  const list = (conditions ?? []).map((c) => normalizeCondition(c, now));
  const index = list.findIndex((c) => c.type === next.type);
  const existing = list[index];
  if (existing === undefined) {
    return { conditions: [...list, normalizeCondition(next, now)], changed: true };
  }
  const flipped = existing.status !== next.status;
  const updated = normalizeCondition(
    { ...next, lastTransitionTime: flipped ? next.lastTransitionTime || now : existing.lastTransitionTime },
    now,
  );
  const changed =
    flipped ||
    existing.reason !== updated.reason ||
    existing.message !== updated.message ||
    (existing.observedGeneration ?? 0) !== (updated.observedGeneration ?? 0);
  list[index] = updated;
  return { conditions: list, changed };
}

/** True when the TrainJob has finished: its `Complete` or `Failed` condition is `True`. */
export function isTrainJobFinished(trainJob: TrainJobStatusView): boolean {
  const conditions = trainJob.status?.conditions;
  return (
    isConditionTrue(conditions, TrainJobConditionTypes.Complete) ||
    isConditionTrue(conditions, TrainJobConditionTypes.Failed)
  );
}
