// SPDX-License-Identifier: Apache-2.0
// The one place the engine calls a strategic merge patch: runtimePatches onto the JobSet spec, with
// the JobSetSpec patch-strategy schema (replicatedJobs by name, pod-spec merge keys below).

import { jobSetSpecPatchSchema, strategicMergePatch } from '../smp/index.js';

/**
 * Applies `patch` to `original` as a strategic merge patch of a JobSet spec and returns the result;
 * neither input is changed. Throws StrategicMergePatchError for a malformed patch.
 */
export function strategicMergeJobSetSpec<T extends object>(original: T, patch: object): T {
  return strategicMergePatch(original, patch, jobSetSpecPatchSchema);
}
