// SPDX-License-Identifier: Apache-2.0
// The trainer's reports a job's page has seen, as columns for its charts: one point per report
// (`lastUpdatedTime`), the progress and each numeric metric, the last MAX_POINTS only. The page is
// sent the last report on each change of the job; the same report comes again (a pod changed, a
// reconnection): it is kept once. No DOM here: unit-tested in Node (trainer-history.test.ts).

import type { TrainerReport } from './feed-types.js';

/** The most points kept per job. */
export const MAX_POINTS = 500;

/** The most metrics charted per job (the first seen); the others are counted in `leftOut`. */
export const MAX_SERIES = 8;

/** The columns of a job's history: times (seconds since the epoch), then each series' values. */
export interface HistoryColumns {
  readonly times: readonly number[];
  /** 0–100, null where a report had none. */
  readonly progress: readonly (number | null)[];
  /** Each charted metric's values in the order first seen; null where a report had no number. */
  readonly metrics: ReadonlyMap<string, readonly (number | null)[]>;
  /** Metrics seen but not charted (past MAX_SERIES). */
  readonly leftOut: number;
}

/** A metric's value as a number: a finite decimal (`0.31`, `1e-4`, `-2`), else null. */
export function metricNumber(value: string): number | null {
  const text = value.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** See the module comment. */
export class TrainerHistory {
  private readonly times: number[] = [];
  private readonly progress: (number | null)[] = [];
  private readonly metrics = new Map<string, (number | null)[]>();
  private readonly ignored = new Set<string>();
  private lastKey = '';

  constructor(
    private readonly maxPoints = MAX_POINTS,
    private readonly maxSeries = MAX_SERIES,
  ) {}

  /**
   * Adds `report`; returns whether the history changed. A report older than the last point (by
   * `lastUpdatedTime`), the last report again, or one with an unreadable time is left out. A
   * different report at the same time (the API's times have whole seconds: two reports in one
   * second) takes the last point's place.
   */
  add(report: TrainerReport | undefined): boolean {
    if (!report) return false;
    const ms = Date.parse(report.time);
    if (Number.isNaN(ms)) return false;
    const at = ms / 1000;
    const last = this.times.length > 0 ? this.times[this.times.length - 1]! : -Infinity;
    const key = JSON.stringify([report.progress, report.metrics]);
    if (at < last || (at === last && key === this.lastKey)) return false;
    if (at === last) this.drop(this.times.length - 1);
    this.lastKey = key;
    const values = new Map<string, number | null>();
    for (const m of report.metrics) if (!values.has(m.name)) values.set(m.name, metricNumber(m.value));
    for (const [name, value] of values) {
      if (value === null || this.metrics.has(name) || this.ignored.has(name)) continue;
      if (this.metrics.size >= this.maxSeries) this.ignored.add(name);
      else
        this.metrics.set(
          name,
          this.times.map(() => null),
        );
    }
    this.times.push(at);
    this.progress.push(report.progress >= 0 ? report.progress : null);
    for (const [name, column] of this.metrics) column.push(values.get(name) ?? null);
    if (this.times.length > this.maxPoints) this.drop(0);
    return true;
  }

  private drop(index: number): void {
    this.times.splice(index, 1);
    this.progress.splice(index, 1);
    for (const column of this.metrics.values()) column.splice(index, 1);
  }

  /** How many points are kept. */
  get size(): number {
    return this.times.length;
  }

  /** The columns (live arrays: read them, do not change them). */
  columns(): HistoryColumns {
    return { times: this.times, progress: this.progress, metrics: this.metrics, leftOut: this.ignored.size };
  }
}

/**
 * The histories of the jobs whose pages were opened in this tab, the last `max` of them: going back
 * to a job's page shows the points seen before (the server keeps none).
 */
export class HistoryCache {
  private readonly byJob = new Map<string, TrainerHistory>();
  constructor(private readonly max = 20) {}

  /** The history of `namespace/name` (a new one the first time), now the most recently used. */
  of(namespace: string, name: string): TrainerHistory {
    const key = `${namespace}/${name}`;
    const history = this.byJob.get(key) ?? new TrainerHistory();
    this.byJob.delete(key);
    this.byJob.set(key, history);
    if (this.byJob.size > this.max) this.byJob.delete(this.byJob.keys().next().value!);
    return history;
  }

  get size(): number {
    return this.byJob.size;
  }
}
