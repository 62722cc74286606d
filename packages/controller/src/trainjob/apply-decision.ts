// SPDX-License-Identifier: Apache-2.0
// Whether one desired object is written in this reconcile (pure): the apply policy of the object,
// what the store (or our own recent write) says of the live object, and the hash last applied.

import type { DesiredObject } from '../engine/engine-port.js';

/** What is known of the live object. */
export interface ObservedObject {
  /** It exists (in the store, or we wrote it and the store has not caught up). */
  readonly exists: boolean;
  /** For JobSets: `spec.suspend` of the live object. */
  readonly suspended?: boolean;
  /** The applied-hash annotation of the live object (objects of the watched kinds). */
  readonly appliedHash?: string;
}

/** `create`: POST (AlreadyExists is fine); `apply`: server-side apply; `skip`: nothing to send. */
export type ApplyDecision = 'create' | 'apply' | 'skip';

/**
 * Decides the write for `desired`:
 * - `createOnly`: created when absent, else skipped;
 * - `whileAbsentOrSuspended` (JobSets): applied when absent; while the TrainJob or the live JobSet
 *   is suspended, applied when its content differs from what was last applied (here, or as the
 *   live object's applied-hash annotation says; upstream re-applies every time); never when both run;
 * - `always`: applied when the content differs from the hash last applied here, or, after a
 *   restart, from the live object's applied-hash annotation.
 */
export function decideApply(
  desired: DesiredObject,
  trainJobSuspended: boolean,
  observed: ObservedObject,
  lastAppliedHash: string | undefined,
): ApplyDecision {
  switch (desired.policy) {
    case 'createOnly':
      return observed.exists ? 'skip' : 'create';
    case 'whileAbsentOrSuspended':
      if (!observed.exists) return 'apply';
      if (!trainJobSuspended && observed.suspended !== true) return 'skip';
      return lastAppliedHash === desired.hash || observed.appliedHash === desired.hash ? 'skip' : 'apply';
    case 'always':
      if (!observed.exists) return 'apply';
      return lastAppliedHash === desired.hash || observed.appliedHash === desired.hash ? 'skip' : 'apply';
  }
}
