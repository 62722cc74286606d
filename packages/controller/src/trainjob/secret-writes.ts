// SPDX-License-Identifier: Apache-2.0
// What the reconciler knows of a Secret it owns without ever reading Secrets (least privilege: the
// manager may create and patch Secrets, never get, list or watch them). Pure.
//
// - `createOnly` (the MPI SSH Secret): POSTed in every reconcile that applies the JobSet (created,
//   or re-applied while suspended), where AlreadyExists counts as success; never otherwise. So a
//   settled job costs no request after a restart, and a Secret a user deleted comes back the next
//   time the JobSet is applied (e.g. on resume), not before.
// - `always` (Flux's CURVE Secret): server-side applied when its hash differs from the one this
//   process last applied; after a restart, that is one no-op apply per running job.

import type { ApplyPolicy } from '../engine/engine-port.js';
import type { ObservedObject } from './apply-decision.js';

/**
 * The {@link ObservedObject} that stands in for a Secret's live state: `workloadDue` says whether
 * this reconcile applies the TrainJob's JobSet; `lastAppliedHash` is what this process last wrote.
 */
export function observedSecret(
  policy: ApplyPolicy,
  workloadDue: boolean,
  lastAppliedHash: string | undefined,
): ObservedObject {
  return policy === 'createOnly' ? { exists: !workloadDue } : { exists: lastAppliedHash !== undefined };
}
