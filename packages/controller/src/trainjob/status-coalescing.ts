// SPDX-License-Identifier: Apache-2.0
// Fewer status writes: a TrainJob status change that only moves the `jobsStatus` counters (a Job
// became active, ready or succeeded) is held back for a window, so that the changes a JobSet goes
// through reach the API server as one merge patch, not one per step; a job that ends within the
// window gets one status write, its final one. A change that something waits on is written at once:
//  - any condition (Suspended, Resumed, Complete, Failed, DeadlineExceeded, …) or other status field
//    (but a startTime the stored status lacks: it is the same value whenever it is written);
//  - for a job Kueue manages, the first Job starting and the last active one stopping (Kueue's Stop
//    waits for every `active` to be 0), and more Jobs ready or done (Kueue's PodsReady is computed
//    from `ready + succeeded`, and `waitForPodsReady` may hold other admissions until it is true).
// No client reads Running from the counters: the Python SDK and `kubetrain get`/`wait`/`submit
// --follow` read it from the pods, kubectl's State column from the conditions.
// Nothing is lost: a held change is recomputed from the cache when the window ends (a requeue),
// and after a restart the first reconcile finds it like any other difference.

import type { TrainJobStatus } from '@kubetrain/api/core';
import { jsonEqual } from '../util/merge-patch.js';

/** The default window for counter-only status changes, in ms (`--status-coalesce-window`). */
const DEFAULT_STATUS_COALESCE_WINDOW_MS = 30_000;

/** Whether a status with these counters has a Job still running. */
function hasActiveJob(status: TrainJobStatus | undefined): boolean {
  return (status?.jobsStatus ?? []).some((job) => (job.active ?? 0) > 0);
}

/** The status without its counters, for comparing everything else. */
function withoutCounters(status: TrainJobStatus | undefined): Record<string, unknown> {
  const { jobsStatus: _counters, ...rest } = status ?? {};
  return rest;
}

/** `ready + succeeded` over every Job: what Kueue's PodsReady compares with the replicas. */
function readyOrDone(status: TrainJobStatus | undefined): number {
  return (status?.jobsStatus ?? []).reduce((sum, job) => sum + (job.ready ?? 0) + (job.succeeded ?? 0), 0);
}

/**
 * Whether the change from `current` to `next` must be written at once: anything but the
 * `jobsStatus` counters changed, or (`kueue`: Kueue manages the job) the first Job started, the
 * last active one stopped or more Jobs are ready or done.
 */
export function isUrgentStatusChange(
  current: TrainJobStatus | undefined,
  next: TrainJobStatus,
  kueue = false,
): boolean {
  // A startTime the stored status lacks is a backfill (run-times.ts): it waits with the counters.
  const backfill = current?.startTime === undefined && next.startTime !== undefined;
  const nextRest = withoutCounters(next);
  if (backfill) delete nextRest['startTime'];
  if (!jsonEqual(withoutCounters(current), nextRest)) return true;
  if (!kueue) return false;
  return hasActiveJob(current) !== hasActiveJob(next) || readyOrDone(next) > readyOrDone(current);
}

/** What to do with a status change now: write it, or come back after `retryAfterMs`. */
export type CoalesceDecision =
  { readonly write: true } | { readonly write: false; readonly retryAfterMs: number };

/**
 * The held-back counter changes, by TrainJob key: when the first unwritten one was seen. One entry
 * per TrainJob with a change pending, removed when it is written, undone or the job is forgotten.
 */
export class StatusCoalescer {
  private readonly pendingSince = new Map<string, number>();

  /** `windowMs` 0 writes every change at once. */
  constructor(private readonly windowMs: number = DEFAULT_STATUS_COALESCE_WINDOW_MS) {}

  /** Decides for the TrainJob `key`'s status change, `urgent` per {@link isUrgentStatusChange}, at `nowMs`. */
  decide(key: string, urgent: boolean, nowMs: number): CoalesceDecision {
    if (urgent || this.windowMs <= 0) return { write: true };
    let since = this.pendingSince.get(key);
    if (since === undefined) this.pendingSince.set(key, (since = nowMs));
    const left = since + this.windowMs - nowMs;
    return left <= 0 ? { write: true } : { write: false, retryAfterMs: left };
  }

  /** The TrainJob `key`'s status is as computed (written now, or nothing to write): nothing is pending. */
  settled(key: string): void {
    this.pendingSince.delete(key);
  }

  /** How many TrainJobs have a change held back. */
  get size(): number {
    return this.pendingSince.size;
  }
}
