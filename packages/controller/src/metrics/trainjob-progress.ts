// SPDX-License-Identifier: Apache-2.0
// The progress series (pure): `kubetrain_trainjob_progress_percent{namespace,name}` and
// `kubetrain_trainjob_estimated_remaining_seconds{namespace,name}` from what the trainer reported in
// `status.trainerStatus` (the status server, gate TrainJobStatus). A percentage cannot be summed,
// so the series are per job; their number is bounded: only the jobs that reported and have not
// finished (a finished job's series ends with it), and at most `max` of them, the most recently
// reported first; the jobs left out are counted in `kubetrain_trainjob_progress_omitted`.

import type { TrainJobState } from '@kubetrain/api/core';
import type { Series } from './trainjob-series.js';

/** What the progress series read of a TrainJob. */
export interface ProgressTrainJob {
  readonly metadata?: { readonly namespace?: string; readonly name?: string };
  readonly status?: {
    readonly trainerStatus?: {
      readonly progressPercentage?: number;
      readonly estimatedRemainingSeconds?: number;
      readonly lastUpdatedTime?: string;
    };
  };
}

/** The progress series of the jobs in the cache. */
export interface ProgressSeries {
  /** `kubetrain_trainjob_progress_percent{namespace,name}`: 0 to 100, as reported. */
  readonly progress: Series<'namespace' | 'name'>[];
  /** `kubetrain_trainjob_estimated_remaining_seconds{namespace,name}`, as reported. */
  readonly remaining: Series<'namespace' | 'name'>[];
  /** Jobs that reported but were left out past the bound. */
  readonly omitted: number;
}

interface Report {
  readonly labels: { namespace: string; name: string };
  readonly progress: number | undefined;
  readonly remaining: number | undefined;
  readonly updatedMs: number;
}

const finite = (n: unknown): number | undefined =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;

/** The progress series of `jobs` (each with its state), at most `max` jobs. */
export function progressSeries(
  jobs: Iterable<{ readonly job: ProgressTrainJob; readonly state: TrainJobState }>,
  max: number,
): ProgressSeries {
  const reports: Report[] = [];
  for (const { job, state } of jobs) {
    if (state === 'Complete' || state === 'Failed') continue;
    const status = job.status?.trainerStatus;
    const progress = finite(status?.progressPercentage);
    const remaining = finite(status?.estimatedRemainingSeconds);
    if (progress === undefined && remaining === undefined) continue;
    const updatedMs = Date.parse(status?.lastUpdatedTime ?? '');
    reports.push({
      labels: { namespace: job.metadata?.namespace ?? '', name: job.metadata?.name ?? '' },
      progress: progress === undefined ? undefined : Math.min(100, Math.max(0, progress)),
      remaining: remaining === undefined ? undefined : Math.max(0, remaining),
      updatedMs: Number.isNaN(updatedMs) ? 0 : updatedMs,
    });
  }
  // The most recently reported first; then by namespace and name, so the choice is stable.
  reports.sort(
    (a, b) =>
      b.updatedMs - a.updatedMs ||
      a.labels.namespace.localeCompare(b.labels.namespace) ||
      a.labels.name.localeCompare(b.labels.name),
  );
  const kept = reports.slice(0, Math.max(0, max));
  return {
    progress: kept.flatMap((r) =>
      r.progress === undefined ? [] : [{ labels: r.labels, value: r.progress }],
    ),
    remaining: kept.flatMap((r) =>
      r.remaining === undefined ? [] : [{ labels: r.labels, value: r.remaining }],
    ),
    omitted: reports.length - kept.length,
  };
}
