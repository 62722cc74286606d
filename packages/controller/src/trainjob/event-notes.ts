// SPDX-License-Identifier: Apache-2.0
// The events the TrainJob controller records, and their notes. Upstream records only
// `TrainJobResourcesCreationFailed`; kubetrain adds Failed (naming the failing pod), Suspended and
// Resumed, and with `--lifecycle-events` Created and Completed.

import type { EventInput } from '../events/event-recorder.js';

/** Event reasons of the TrainJob controller. */
export const TrainJobEventReasons = {
  /** Upstream's one event: applying the TrainJob's objects failed. */
  ResourcesCreationFailed: 'TrainJobResourcesCreationFailed',
  Created: 'Created',
  Suspended: 'Suspended',
  Resumed: 'Resumed',
  Completed: 'Completed',
  Failed: 'Failed',
  /** The workload restarted under the failure policy (KEP-4162). */
  Restarted: 'Restarted',
} as const;

/** Upstream truncates the error in its note to this many characters, then appends ` ...`. */
const MAX_ERROR_CHARS = 950;

/** Upstream's `TrainJobResourcesCreationFailed` warning: `TrainJob resources reconciliation failed: <err>`. */
export function resourcesCreationFailed(error: string): EventInput {
  const text = error.length > MAX_ERROR_CHARS ? `${error.slice(0, MAX_ERROR_CHARS)} ...` : error;
  return {
    type: 'Warning',
    reason: TrainJobEventReasons.ResourcesCreationFailed,
    action: 'Reconciling',
    note: `TrainJob resources reconciliation failed: ${text}`,
  };
}

/** `Created`: the TrainJob's workload was created. */
export function created(kind: string, name: string): EventInput {
  return {
    type: 'Normal',
    reason: TrainJobEventReasons.Created,
    action: 'Create',
    note: `Created ${kind} ${name}`,
  };
}

/** `Suspended` / `Resumed`, with the condition's message. */
export function suspendChanged(suspended: boolean, message: string): EventInput {
  return suspended
    ? { type: 'Normal', reason: TrainJobEventReasons.Suspended, action: 'Suspend', note: message }
    : { type: 'Normal', reason: TrainJobEventReasons.Resumed, action: 'Resume', note: message };
}

/** `Completed`, with the Complete condition's message. */
export function completed(message: string): EventInput {
  return { type: 'Normal', reason: TrainJobEventReasons.Completed, action: 'Complete', note: message };
}

/** `Failed` (Warning): the Failed condition's reason and message, then the failing pod when known. */
export function failed(reason: string, message: string, podDetail: string | undefined): EventInput {
  const note = `${reason}: ${message}${podDetail ? `; ${podDetail}` : ''}`;
  return { type: 'Warning', reason: TrainJobEventReasons.Failed, action: 'Fail', note };
}

/**
 * `Restarted` (Warning): the restart record's reason and message (the failed Job, and the pod,
 * container and exit code or pod condition that failed it), and whether it counted.
 */
export function restarted(record: {
  reason: string;
  message: string;
  countsTowardsMax: boolean;
}): EventInput {
  const counted = record.countsTowardsMax
    ? 'counts towards maxRestarts'
    : 'does not count towards maxRestarts';
  return {
    type: 'Warning',
    reason: TrainJobEventReasons.Restarted,
    action: 'Restart',
    note: `${record.reason} (${counted}): ${record.message}`,
  };
}
