// SPDX-License-Identifier: Apache-2.0
// The TrainJob mutating webhook (upstream `pkg/webhooks/trainjob_webhook.go` Default): it only stamps
// `spec.runtimePatches[].time`. Every other default (suspend, managedBy, runtimeRef apiGroup and
// kind, the MPI/Flux/coscheduling defaults) is a CRD structural default the API server applies
// before the webhook is called (`applyTrainJobDefaults` does the same for objects read from files).

import { stringifyJson } from '@kubetrain/api/core';
import type { RuntimePatch } from '@kubetrain/api/core';
import type { TrainJobInput } from '../types.js';
import { canonicalObject } from '../util/canonical.js';

/** A patch without its time, in canonical JSON: what "unchanged" compares. */
function withoutTime(patch: RuntimePatch): string {
  const { time: _time, ...rest } = patch;
  return stringifyJson(canonicalObject(rest));
}

/**
 * Returns a copy of `newJob` with upstream's `runtimePatches[].time` stamps, `now` being the RFC 3339
 * time of the admission request (seconds, as metav1.Time marshals):
 * - create (`oldJob` undefined): every patch without a time gets `now`; a time already set is kept;
 * - update: a patch whose manager the stored TrainJob also has keeps the stored time when nothing
 *   but the time differs (a user's change of the time alone is reverted), else gets `now` (over any
 *   time the user set); a patch of a new manager gets `now` when it has no time.
 *
 * "Nothing differs" compares the two patches without `time` as canonical JSON (upstream: semantic
 * deep-equal). Neither input is changed.
 */
export function defaultTrainJob(
  oldJob: TrainJobInput | undefined,
  newJob: TrainJobInput,
  now: string,
): TrainJobInput {
  const out = structuredClone(newJob);
  const patches = out.spec?.runtimePatches;
  if (patches === undefined) return out;
  const stored = new Map((oldJob?.spec?.runtimePatches ?? []).map((p) => [p.manager, p]));
  for (const patch of patches) {
    const previous = stored.get(patch.manager);
    if (previous === undefined) {
      patch.time ??= now;
    } else if (withoutTime(previous) === withoutTime(patch)) {
      if (previous.time === undefined) delete patch.time;
      else patch.time = previous.time;
    } else {
      patch.time = now;
    }
  }
  return out;
}
