// SPDX-License-Identifier: Apache-2.0
// The TrainJob's restart counters (KEP-4162) from the JobSet's: `status.restarts` and
// `status.restartsCountTowardsMax` live in the TrainJob's status, so a manager restart, a takeover
// or a SIGKILL mid-restart reads them back from the API server instead of from memory.

/** The two counters, as the TrainJob status and the JobSet status both name them. */
export interface RestartCounters {
  readonly restarts?: number;
  readonly restartsCountTowardsMax?: number;
}

/**
 * The counters the TrainJob status gets: each the larger of the TrainJob's and the JobSet's, so they
 * never go down (a JobSet recreated from scratch starts again at 0). A counter that both sides lack
 * or hold at 0 stays absent, so a job that never restarted renders its status as before.
 */
export function mergeRestartCounters(
  trainJob: RestartCounters | undefined,
  jobSet: RestartCounters | undefined,
): { restarts?: number; restartsCountTowardsMax?: number } {
  const out: { restarts?: number; restartsCountTowardsMax?: number } = {};
  for (const key of ['restarts', 'restartsCountTowardsMax'] as const) {
    const value = Math.max(trainJob?.[key] ?? 0, jobSet?.[key] ?? 0);
    if (value > 0) out[key] = value;
  }
  return out;
}
