// SPDX-License-Identifier: Apache-2.0
// The lifecycle events a status change calls for (pure): Suspended, Resumed, Completed, Failed.

import {
  TrainJobConditionTypes,
  TrainJobReasons,
  type Condition,
  type TrainJobStatus,
} from '@kubetrain/api/core';

/** A transition between two statuses that deserves an event. */
export type StatusTransition =
  | { readonly kind: 'suspended'; readonly message: string }
  | { readonly kind: 'resumed'; readonly message: string }
  | { readonly kind: 'completed'; readonly message: string }
  | { readonly kind: 'failed'; readonly reason: string; readonly message: string };

function find(status: TrainJobStatus | undefined, type: string): Condition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

function becameTrue(
  prev: TrainJobStatus | undefined,
  next: TrainJobStatus,
  type: string,
): Condition | undefined {
  const now = find(next, type);
  if (now?.status !== 'True') return undefined;
  return find(prev, type)?.status === 'True' ? undefined : now;
}

/** The transitions from `prev` to `next`, in the order they are reported. */
export function statusTransitions(
  prev: TrainJobStatus | undefined,
  next: TrainJobStatus,
): StatusTransition[] {
  const out: StatusTransition[] = [];
  const suspended = becameTrue(prev, next, TrainJobConditionTypes.Suspended);
  if (suspended) out.push({ kind: 'suspended', message: suspended.message });
  const resumed = find(next, TrainJobConditionTypes.Suspended);
  if (
    resumed?.status === 'False' &&
    resumed.reason === TrainJobReasons.Resumed &&
    find(prev, TrainJobConditionTypes.Suspended)?.status === 'True'
  ) {
    out.push({ kind: 'resumed', message: resumed.message });
  }
  const complete = becameTrue(prev, next, TrainJobConditionTypes.Complete);
  if (complete) out.push({ kind: 'completed', message: complete.message });
  const failed = becameTrue(prev, next, TrainJobConditionTypes.Failed);
  if (failed) out.push({ kind: 'failed', reason: failed.reason, message: failed.message });
  return out;
}
