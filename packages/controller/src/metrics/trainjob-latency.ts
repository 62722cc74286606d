// SPDX-License-Identifier: Apache-2.0
// The latencies of a TrainJob seen on a change of the cache (pure): observed once, on the update
// that shows the transition, from the object's timestamps. A manager restarting lists every job
// again as added, not updated: nothing is observed twice (a transition while no manager ran is
// not observed at all).

import { TrainJobConditionTypes } from '@kubetrain/api/core';
import type { CachedTrainJob } from './trainjob-series.js';

/** The parts of a TrainJob the latencies read. */
export type LatencyTrainJob = CachedTrainJob & {
  readonly metadata?: CachedTrainJob['metadata'] & { readonly creationTimestamp?: string };
  readonly status?: CachedTrainJob['status'] & {
    readonly jobsStatus?: readonly { readonly ready?: number; readonly active?: number }[];
  };
};

/** What one update shows, in seconds. */
export interface Latencies {
  /**
   * The job started (status.startTime appeared): seconds from when it began to wait (its
   * suspension, a True Suspended condition's transition, else its creation) to its startTime; for
   * a job queued by Kueue, the wait for admission.
   */
  readonly queueWait?: number;
  /**
   * The job's pods first ran (a replicated job ready, in a job never resumed nor restarted): seconds
   * from the creation to `nowMs`.
   */
  readonly createToRunning?: number;
}

const ms = (t: string | undefined) => (t === undefined ? NaN : Date.parse(t));
const seconds = (from: number, to: number) =>
  Number.isNaN(from) || Number.isNaN(to) ? undefined : Math.max(0, (to - from) / 1000);
const anyReady = (job: LatencyTrainJob) => (job.status?.jobsStatus ?? []).some((j) => (j.ready ?? 0) > 0);

/** The latencies `old` → `next` shows at `nowMs` (none for most updates). */
export function latenciesOf(old: LatencyTrainJob, next: LatencyTrainJob, nowMs: number): Latencies {
  const out: { queueWait?: number; createToRunning?: number } = {};
  if (old.status?.startTime === undefined && next.status?.startTime !== undefined) {
    const suspended = old.status?.conditions?.find(
      (c) => c.type === TrainJobConditionTypes.Suspended && c.status === 'True',
    );
    const from = ms(suspended?.lastTransitionTime ?? next.metadata?.creationTimestamp);
    const wait = seconds(from, ms(next.status.startTime));
    if (wait !== undefined) out.queueWait = wait;
  }
  const resumed = next.status?.conditions?.some(
    (c) => c.type === TrainJobConditionTypes.Suspended && c.status === 'False',
  );
  if (!anyReady(old) && anyReady(next) && !resumed && (next.status?.restarts ?? 0) === 0) {
    const running = seconds(ms(next.metadata?.creationTimestamp), nowMs);
    if (running !== undefined) out.createToRunning = running;
  }
  return out;
}
