// SPDX-License-Identifier: Apache-2.0
// The reports `make run`'s example runner sends to the status server on behalf of the example's kwok
// pods (they run no code, so they cannot report): a schedule from 0% to 100%, and each report's
// body as the Kubeflow SDK's `update_trainjob_status()` sends it (`{"trainerStatus": {...}}`).

/** One report: what the trainer would say at that point. */
export interface ProgressReport {
  readonly progressPercentage: number;
  readonly estimatedRemainingSeconds: number;
  readonly metrics: readonly { name: string; value: string }[];
}

/** At most this many reports, whatever the arguments (the runner's work is bounded). */
export const MAX_REPORTS = 120;

/**
 * `count` reports (at least 2: 0% and 100%, at most {@link MAX_REPORTS}) spread evenly over
 * `seconds`: the percentage rising to 100, the ETA falling to 0, a loss falling and an accuracy
 * rising as a training's would.
 */
export function reportSchedule(seconds: number, count: number): ProgressReport[] {
  const n = Math.min(MAX_REPORTS, Math.max(2, Math.floor(count)));
  const total = Math.max(0, seconds);
  return Array.from({ length: n }, (_, i) => {
    const done = i / (n - 1);
    return {
      progressPercentage: Math.round(done * 100),
      estimatedRemainingSeconds: Math.round((1 - done) * total),
      metrics: [
        { name: 'loss', value: (2.3 * (1 - done) + 0.05).toFixed(4) },
        { name: 'accuracy', value: (0.1 + 0.85 * done).toFixed(4) },
        { name: 'epoch', value: String(Math.round(done * 10)) },
      ],
    };
  });
}

/** metav1.Time as the SDK writes it: RFC 3339, UTC, whole seconds. */
export function metaTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** The request body of one report at `at`. */
export function reportBody(report: ProgressReport, at: Date): string {
  return JSON.stringify({ trainerStatus: { ...report, lastUpdatedTime: metaTime(at) } });
}
