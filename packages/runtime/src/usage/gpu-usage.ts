// SPDX-License-Identifier: Apache-2.0
// GPU usage of a TrainJob, from the object alone (pure): GPUs requested × time running, the running
// time read from `status.startTime`, `status.completionTime` and the Suspended condition, so that the
// manager's metrics and `kubetrain usage` give the same figure, and a manager restart loses nothing.

import { Kinds, Labels, TrainJobConditionTypes, type ReplicatedJob } from '@kubetrain/api/core';
import { getNumGPUPerNode, nodeResourcesOf } from '../core/resources.js';
import { findCondition } from '../status/conditions.js';
import type { ConditionInput } from '../status/types.js';
import type { ResourceRequirements } from '../types.js';

/** What the usage reads of a runtime (TrainingRuntime or ClusterTrainingRuntime) spec. */
export interface UsageRuntimeSpec {
  readonly mlPolicy?: { readonly numNodes?: number };
  readonly template?: { readonly spec?: { readonly replicatedJobs?: readonly ReplicatedJob[] } };
}

/** What the usage reads of a TrainJob. */
export interface UsageTrainJob {
  readonly metadata?: {
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
  readonly spec?: {
    readonly runtimeRef?: { readonly name?: string; readonly kind?: string };
    readonly trainer?: {
      readonly numNodes?: number;
      readonly resourcesPerNode?: ResourceRequirements;
    };
  };
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly startTime?: string;
    readonly completionTime?: string;
  };
}

/** A running interval, in epoch milliseconds, `endMs >= startMs`. */
export interface RunInterval {
  readonly startMs: number;
  readonly endMs: number;
}

/** The runtime's per-node resources: its `node` container's ({@link nodeResourcesOf}). */
export function runtimeResourcesPerNode(
  runtime: UsageRuntimeSpec | undefined,
): ResourceRequirements | undefined {
  return nodeResourcesOf(runtime?.template?.spec?.replicatedJobs);
}

/**
 * GPUs the job requests: its nodes (`spec.trainer.numNodes`, else the runtime's `mlPolicy.numNodes`,
 * else 1) × GPUs per node (upstream's `GetNumGPUPerNode` over `spec.trainer.resourcesPerNode` when set,
 * else the runtime's node container: the first resource whose name contains `gpu`, such as
 * `nvidia.com/gpu` or `amd.com/gpu`, in requests, else in limits). 0 for a job without GPUs.
 */
export function requestedGpus(job: UsageTrainJob, runtime: UsageRuntimeSpec | undefined): number {
  const perNode = getNumGPUPerNode(job.spec?.trainer?.resourcesPerNode ?? runtimeResourcesPerNode(runtime));
  if (perNode <= 0) return 0;
  const nodes = job.spec?.trainer?.numNodes ?? runtime?.mlPolicy?.numNodes ?? 1;
  return Math.max(0, nodes) * perNode;
}

function timeMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The job's current running interval at `nowMs`: from `status.startTime` (the creation, or the last
 * resume) to `status.completionTime`, else to the suspension (a True Suspended condition's
 * transition) of a job suspended since, else to `nowMs`. Undefined when the job has not started (no
 * startTime: never admitted, or suspended now). A job suspended and resumed keeps only its last
 * interval: the status holds no earlier one.
 */
export function runInterval(job: UsageTrainJob, nowMs: number): RunInterval | undefined {
  const startMs = timeMs(job.status?.startTime);
  if (startMs === undefined) return undefined;
  const suspended = findCondition(job.status?.conditions, TrainJobConditionTypes.Suspended);
  const suspendedMs = suspended?.status === 'True' ? timeMs(suspended.lastTransitionTime) : undefined;
  const endMs = timeMs(job.status?.completionTime) ?? suspendedMs ?? nowMs;
  return { startMs, endMs: Math.max(startMs, endMs) };
}

/** A period, in epoch milliseconds: `[fromMs, toMs)`; an absent bound is open. */
export interface UsageWindow {
  readonly fromMs?: number;
  readonly toMs?: number;
}

/** Seconds of `interval` within `window`. */
export function secondsWithin(interval: RunInterval, window: UsageWindow = {}): number {
  const start = Math.max(interval.startMs, window.fromMs ?? -Infinity);
  const end = Math.min(interval.endMs, window.toMs ?? Infinity);
  return end > start ? (end - start) / 1000 : 0;
}

/** The job's GPU usage at `nowMs` within `window`: GPUs, seconds running, GPU-seconds. */
export interface GpuUsage {
  readonly gpus: number;
  readonly seconds: number;
  readonly gpuSeconds: number;
}

/** {@link requestedGpus} × the seconds of {@link runInterval} within `window`. */
export function gpuUsage(
  job: UsageTrainJob,
  runtime: UsageRuntimeSpec | undefined,
  nowMs: number,
  window: UsageWindow = {},
): GpuUsage {
  const gpus = requestedGpus(job, runtime);
  const interval = runInterval(job, nowMs);
  const seconds = interval === undefined ? 0 : secondsWithin(interval, window);
  return { gpus, seconds, gpuSeconds: gpus * seconds };
}

/** The runtime a job names, as a key: `ClusterTrainingRuntime/<name>` or `TrainingRuntime/<name>`. */
export function runtimeKeyOf(job: UsageTrainJob): { kind: string; name: string } {
  return {
    kind: job.spec?.runtimeRef?.kind ?? Kinds.ClusterTrainingRuntime,
    name: job.spec?.runtimeRef?.name ?? '',
  };
}

/** The job's Kueue LocalQueue (label `kueue.x-k8s.io/queue-name`), `''` when it has none. */
export function kueueQueueOf(job: UsageTrainJob): string {
  return job.metadata?.labels?.[Labels.KueueQueueName] ?? '';
}
