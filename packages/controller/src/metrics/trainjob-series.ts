// SPDX-License-Identifier: Apache-2.0
// The TrainJob metrics computed at scrape time from the informer cache (pure): how many TrainJobs
// by state, namespace and runtime; the GPUs of the running ones; and their GPU-seconds from the
// status timestamps (@kubetrain/runtime's gpuUsage), per namespace, runtime and Kueue queue; and the
// failure policy's restarts by reason, from the status counters; and the trainers' progress
// (trainjob-progress.ts). Nothing
// is accumulated in memory, so a manager restart loses nothing. The number of series is bounded:
// past `maxSeries` label sets, the rest are summed under `<other>`.

import { FailurePolicyActions, trainJobState, type TrainJobState } from '@kubetrain/api/core';
import {
  gpuUsage,
  kueueQueueOf,
  runtimeKeyOf,
  type UsageRuntimeSpec,
  type UsageTrainJob,
} from '@kubetrain/runtime';
import { progressSeries, type ProgressTrainJob } from './trainjob-progress.js';

/** The most label sets of one TrainJob metric; the rest are summed under {@link OTHER}. */
export const MAX_TRAINJOB_SERIES = 1000;

/** The label value of the series that sums the label sets past the bound. */
export const OTHER = '<other>';

/** A TrainJob as the cache holds it, with what the state and the usage read. */
export type CachedTrainJob = UsageTrainJob & {
  readonly metadata?: UsageTrainJob['metadata'] & { readonly name?: string };
  readonly spec?: UsageTrainJob['spec'] & { readonly suspend?: boolean };
  readonly status?: UsageTrainJob['status'] &
    ProgressTrainJob['status'] & {
      readonly restarts?: number;
      readonly restartsCountTowardsMax?: number;
    };
};

/** What the series are computed from. */
export interface TrainJobSource {
  readonly trainJobs: readonly CachedTrainJob[];
  /** Whether the job's workload (JobSet or LeaderWorkerSet) exists: Running against Created. */
  readonly workloadExists: (job: CachedTrainJob) => boolean;
  /** The spec of the runtime the job names, when the cache has it. */
  readonly runtimeOf: (job: CachedTrainJob) => UsageRuntimeSpec | undefined;
  readonly nowMs: number;
  readonly maxSeries?: number;
}

/** One series: its labels and value. */
export interface Series<L extends string> {
  readonly labels: Readonly<Record<L, string>>;
  readonly value: number;
}

/** The series of the TrainJob metrics. */
export interface TrainJobSeries {
  /** `kubetrain_trainjobs{state,namespace,runtime}`. */
  readonly trainJobs: Series<'state' | 'namespace' | 'runtime'>[];
  /** `kubetrain_trainjob_running_gpus{namespace,runtime,queue}`: GPUs of the jobs running now. */
  readonly runningGpus: Series<'namespace' | 'runtime' | 'queue'>[];
  /** `kubetrain_trainjob_gpu_seconds{namespace,runtime,queue}`: GPU-seconds of the jobs in the cache. */
  readonly gpuSeconds: Series<'namespace' | 'runtime' | 'queue'>[];
  /**
   * `kubetrain_trainjob_restarts{namespace,runtime,reason}`: the failure policy's restarts of the jobs
   * in the cache, by the action that restarted them (`status.restartsCountTowardsMax` are
   * RestartTrainJob, the rest of `status.restarts` RestartTrainJobAndIgnoreMaxRestarts).
   */
  readonly restarts: Series<'namespace' | 'runtime' | 'reason'>[];
  /** `kubetrain_trainjob_progress_percent{namespace,name}`: the unfinished jobs that reported. */
  readonly progress: Series<'namespace' | 'name'>[];
  /** `kubetrain_trainjob_estimated_remaining_seconds{namespace,name}`: the same jobs. */
  readonly remaining: Series<'namespace' | 'name'>[];
  /** `kubetrain_trainjob_progress_omitted`: jobs that reported, left out past the bound. */
  readonly progressOmitted: Series<never>[];
}

/** Sums values by label set, at most `max` label sets; the rest go to `other`. */
class BoundedSums<L extends string> {
  private readonly sums = new Map<string, { labels: Record<L, string>; value: number }>();
  constructor(
    private readonly max: number,
    private readonly other: (labels: Record<L, string>) => Record<L, string>,
  ) {}

  add(labels: Record<L, string>, value: number): void {
    let key = JSON.stringify(labels);
    if (!this.sums.has(key) && this.sums.size >= this.max - 1) {
      labels = this.other(labels);
      key = JSON.stringify(labels);
    }
    const sum = this.sums.get(key);
    if (sum === undefined) this.sums.set(key, { labels, value });
    else sum.value += value;
  }

  series(): Series<L>[] {
    return [...this.sums.values()].map(({ labels, value }) => ({ labels, value }));
  }
}

/** The series at `source.nowMs` (label sets with no job are absent). */
export function trainJobSeries(source: TrainJobSource): TrainJobSeries {
  const max = Math.max(1, source.maxSeries ?? MAX_TRAINJOB_SERIES);
  const counts = new BoundedSums<'state' | 'namespace' | 'runtime'>(max, (l) => ({
    state: l.state,
    namespace: OTHER,
    runtime: OTHER,
  }));
  const usageOther = () => ({ namespace: OTHER, runtime: OTHER, queue: OTHER });
  const running = new BoundedSums<'namespace' | 'runtime' | 'queue'>(max, usageOther);
  const seconds = new BoundedSums<'namespace' | 'runtime' | 'queue'>(max, usageOther);
  const restarts = new BoundedSums<'namespace' | 'runtime' | 'reason'>(max, (l) => ({
    namespace: OTHER,
    runtime: OTHER,
    reason: l.reason,
  }));
  const states: { job: CachedTrainJob; state: TrainJobState }[] = [];
  for (const job of source.trainJobs) {
    const namespace = job.metadata?.namespace ?? '';
    const runtime = runtimeKeyOf(job).name;
    const state: TrainJobState = trainJobState(job, source.workloadExists(job));
    if (job.status?.trainerStatus !== undefined) states.push({ job, state });
    counts.add({ state, namespace, runtime }, 1);
    const total = Math.max(0, job.status?.restarts ?? 0);
    const counted = Math.min(total, Math.max(0, job.status?.restartsCountTowardsMax ?? 0));
    if (counted > 0)
      restarts.add({ namespace, runtime, reason: FailurePolicyActions.RestartTrainJob }, counted);
    if (total > counted)
      restarts.add(
        { namespace, runtime, reason: FailurePolicyActions.RestartTrainJobAndIgnoreMaxRestarts },
        total - counted,
      );
    const usage = gpuUsage(job, source.runtimeOf(job), source.nowMs);
    if (usage.gpus === 0) continue;
    const labels = { namespace, runtime, queue: kueueQueueOf(job) };
    if (state === 'Running' && job.status?.startTime !== undefined) running.add(labels, usage.gpus);
    seconds.add({ ...labels }, usage.gpuSeconds);
  }
  const progress = progressSeries(states, max);
  return {
    trainJobs: counts.series(),
    runningGpus: running.series(),
    gpuSeconds: seconds.series(),
    restarts: restarts.series(),
    progress: progress.progress,
    remaining: progress.remaining,
    progressOmitted: [{ labels: {}, value: progress.omitted }],
  };
}
