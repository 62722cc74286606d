// SPDX-License-Identifier: Apache-2.0
// What a person reads off a TrainJob's `status.trainerStatus` (the trainer's own report through the
// status server, KEP-2779): the percentage, the time left (ETA), the time since the last report, a
// bar, and the metrics, bounded. The values come from the trainer's pods: callers escape what they
// print (the table and the views do).

import type { TrainJobState } from '@kubetrain/api';
import { age, type TrainerStatusObject } from './trainjob-view.js';

/** What a cell without a value shows (`get`'s PROGRESS and ETA columns). */
export const NO_VALUE = '-';

/** A report older than this, of a job still running, is called stale by `describe`. */
export const STALE_AFTER_MS = 10 * 60 * 1000;

/** At most this many metrics are shown by `describe`; the rest are counted. */
export const MAX_METRICS_SHOWN = 10;

/** Plain progress lines are written again when the percentage enters another step of this size. */
export const PLAIN_PERCENT_STEP = 10;

/** `42%`; `-` without a percentage. Out-of-range values (the CRD allows 0-100) are clamped, fractions floored. */
export function percentText(percent: number | undefined): string {
  if (percent === undefined || !Number.isFinite(percent)) return NO_VALUE;
  return `${clampPercent(percent)}%`;
}

function clampPercent(percent: number): number {
  return Math.min(100, Math.max(0, Math.floor(percent)));
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A duration of `seconds` as the time left: `45s`, `3m07s`, `1h05m`, `2d03h` (two units at most); `-` for NaN. */
export function etaText(seconds: number | undefined): string {
  if (seconds === undefined || Number.isNaN(seconds)) return NO_VALUE;
  if (seconds === Infinity) return NO_VALUE;
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${pad2(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${pad2(m % 60)}m`;
  return `${Math.floor(h / 24)}d${pad2(h % 24)}h`;
}

/** Milliseconds since the last report at `now` (0 when the reporter's clock is ahead); undefined without a parsable time. */
export function sinceReportMs(status: TrainerStatusObject | undefined, now: Date): number | undefined {
  const at = status?.lastUpdatedTime === undefined ? NaN : Date.parse(status.lastUpdatedTime);
  return Number.isNaN(at) ? undefined : Math.max(0, now.getTime() - at);
}

/**
 * The seconds left at `now`: the trainer's estimate less the time since it reported it (never below
 * 0), so the ETA counts down between reports; undefined without an estimate.
 */
export function remainingSeconds(status: TrainerStatusObject | undefined, now: Date): number | undefined {
  const estimate = status?.estimatedRemainingSeconds;
  if (estimate === undefined || !Number.isFinite(estimate)) return undefined;
  const since = sinceReportMs(status, now) ?? 0;
  return Math.max(0, estimate - Math.floor(since / 1000));
}

/**
 * Whether a job in `state` is not moving: ended (Complete, Failed) or Suspended. Its trainer's ETA
 * means nothing then, and its silence is no sign of trouble.
 */
function idle(state: TrainJobState): boolean {
  return state === 'Complete' || state === 'Failed' || state === 'Suspended';
}

/** The ETA a view shows for a job in `state` at `now`: `-` when it is idle (ended, suspended) or without an estimate. */
export function etaOf(status: TrainerStatusObject | undefined, state: TrainJobState, now: Date): string {
  return idle(state) ? NO_VALUE : etaText(remainingSeconds(status, now));
}

/** The time since the last report, as `age` writes one (`3m12s`); `-` without one. */
export function lastReportText(status: TrainerStatusObject | undefined, now: Date): string {
  return status?.lastUpdatedTime === undefined ? NO_VALUE : age(status.lastUpdatedTime, now);
}

/** Whether a job in `state`, not idle, has a report older than {@link STALE_AFTER_MS} at `now`. */
export function isStale(status: TrainerStatusObject | undefined, state: TrainJobState, now: Date): boolean {
  const since = sinceReportMs(status, now);
  return !idle(state) && since !== undefined && since > STALE_AFTER_MS;
}

/** A bar of `width` cells for `percent`: `[=========>..........]`; `=` done, `>` its head, `.` left (full only at 100%). */
export function percentBar(percent: number, width: number): string {
  const cells = Math.max(1, Math.floor(width));
  const done = Math.floor((clampPercent(percent) / 100) * cells);
  const head = done > 0 && done < cells ? 1 : 0;
  return `[${'='.repeat(done - head)}${'>'.repeat(head)}${'.'.repeat(cells - done)}]`;
}

/** The step a percentage is in, for plain lines: `none` without one, else the floor to {@link PLAIN_PERCENT_STEP}. */
export function percentStep(percent: number | undefined): string {
  if (percent === undefined || !Number.isFinite(percent)) return 'none';
  const p = clampPercent(percent);
  return String(p - (p % PLAIN_PERCENT_STEP));
}

/** The first `max` metrics (name, value; unescaped) and how many more there are. */
export function shownMetrics(
  status: TrainerStatusObject | undefined,
  max = MAX_METRICS_SHOWN,
): { shown: Array<[string, string]>; more: number } {
  const all = status?.metrics ?? [];
  const shown = all.slice(0, Math.max(0, max)).map((m): [string, string] => [m.name ?? '', m.value ?? '']);
  return { shown, more: all.length - shown.length };
}

/** `progress 42%, ETA 1h05m` (the parts it has), for one-line views; empty without a report. */
export function progressSummary(
  status: TrainerStatusObject | undefined,
  state: TrainJobState,
  now: Date,
): string {
  if (status === undefined) return '';
  const parts: string[] = [];
  if (status.progressPercentage !== undefined)
    parts.push(`progress ${percentText(status.progressPercentage)}`);
  const eta = etaOf(status, state, now);
  if (eta !== NO_VALUE) parts.push(`ETA ${eta}`);
  return parts.join(', ');
}
