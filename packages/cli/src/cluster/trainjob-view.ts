// SPDX-License-Identifier: Apache-2.0
// What a person reads off a TrainJob and its pods: its state, its steps (one per pod) and its age.

import { LWSKeys, trainJobState, type TrainJobState } from '@kubetrain/api';
import { PodLabels } from './refs.js';

/** The parts of a TrainJob the views read. */
export interface TrainJobObject {
  metadata: { name?: string; namespace?: string; creationTimestamp?: string; uid?: string };
  spec?: {
    runtimeRef?: { name?: string; kind?: string };
    suspend?: boolean;
    trainer?: { numNodes?: number; image?: string };
    ttlSecondsAfterFinished?: number;
  };
  status?: {
    startTime?: string;
    completionTime?: string;
    conditions?: {
      type: string;
      status: string;
      reason?: string;
      message?: string;
      lastTransitionTime?: string;
    }[];
    jobsStatus?: {
      name: string;
      ready?: number;
      succeeded?: number;
      failed?: number;
      active?: number;
      suspended?: number;
    }[];
    /** The failure policy's counters and last restarts (KEP-4162). */
    restarts?: number;
    restartsCountTowardsMax?: number;
    restartHistory?: { time?: string; reason?: string; message?: string; countsTowardsMax?: boolean }[];
    /** The trainer's own progress report (status server, KEP-2779): values from the trainer, untrusted. */
    trainerStatus?: TrainerStatusObject;
  };
}

/** `status.trainerStatus` as the views read it (`TrainerStatusSchema` of `@kubetrain/api`). */
export interface TrainerStatusObject {
  progressPercentage?: number;
  estimatedRemainingSeconds?: number;
  metrics?: { name?: string; value?: string }[];
  lastUpdatedTime?: string;
}

/** The parts of a container status the views read. */
interface ContainerStatusObject {
  name: string;
  ready?: boolean;
  state?: { terminated?: { exitCode?: number; reason?: string; message?: string } };
  lastState?: { terminated?: { exitCode?: number; reason?: string } };
}

/** The parts of a Pod the views read. */
export interface PodObject {
  metadata: { name?: string; labels?: Record<string, string>; creationTimestamp?: string };
  spec?: { containers?: { name: string }[] };
  status?: {
    phase?: string;
    containerStatuses?: ContainerStatusObject[];
    initContainerStatuses?: ContainerStatusObject[];
  };
}

/**
 * The state of a TrainJob by `trainJobState` of `@kubetrain/api` (the manager's rule), the workload
 * counted as running once one of its pods runs or has succeeded (read from the pods, as the Python
 * SDK reads Running; the manager writes the `jobsStatus` counters up to `--status-coalesce-window`
 * late) or its counters show a Job active: a job whose pods are all Pending is still Created.
 */
export function stateOf(job: TrainJobObject, steps: readonly Step[] = []): TrainJobState {
  const started = steps.some((s) => s.phase === 'Running' || s.phase === 'Succeeded');
  const active = (job.status?.jobsStatus ?? []).some((j) => (j.active ?? 0) > 0 || (j.ready ?? 0) > 0);
  return trainJobState(job, started || active);
}

/** One step of a TrainJob: a pod, named as the Python SDK names it (`node-0`, `dataset-initializer`). */
export interface Step {
  readonly name: string;
  /** The replicated job: `node`, `launcher`, `dataset-initializer`, `model-initializer`. */
  readonly job: string;
  /** The pod's completion index (the rank of a node), or undefined. */
  readonly rank: number | undefined;
  readonly phase: string;
  readonly pod: string;
}

/**
 * The replicated job and index of a pod: a JobSet's from its Job's labels; a LeaderWorkerSet
 * group's pods are the trainer's ranks (`node`, its worker index; rank 0 is the leader).
 */
function jobAndIndex(labels: Readonly<Record<string, string>>): [string, string | undefined] {
  const job = labels[PodLabels.ReplicatedJobName];
  if (job === undefined && labels[LWSKeys.Name] !== undefined) return ['node', labels[LWSKeys.WorkerIndex]];
  return [job ?? '', labels[PodLabels.CompletionIndex]];
}

/** The steps of a TrainJob from its pods (of either workload backend), sorted by job and rank. */
export function stepsOf(pods: readonly PodObject[]): Step[] {
  return pods
    .map((pod) => {
      const [job, index] = jobAndIndex(pod.metadata.labels ?? {});
      const rank = index !== undefined && /^\d+$/.test(index) ? Number(index) : undefined;
      const isNode = job === 'node' || job === 'launcher';
      return {
        name: isNode && rank !== undefined ? `${job}-${rank}` : job,
        job,
        rank,
        phase: pod.status?.phase ?? 'Pending',
        pod: pod.metadata.name ?? '',
      };
    })
    .sort(
      (a, b) => a.job.localeCompare(b.job) || (a.rank ?? 0) - (b.rank ?? 0) || a.pod.localeCompare(b.pod),
    );
}

/** Steps running or finished successfully, over all steps (or over numNodes before any pod exists). */
export function stepsReady(job: TrainJobObject, steps: readonly Step[]): string {
  const ready = steps.filter((s) => s.phase === 'Running' || s.phase === 'Succeeded').length;
  const total = Math.max(steps.length, steps.length === 0 ? (job.spec?.trainer?.numNodes ?? 0) : 0);
  return `${ready}/${total}`;
}

/** Pods per phase of a replicated job: pending / running / succeeded / failed. */
export interface PhaseCounts {
  pending: number;
  running: number;
  succeeded: number;
  failed: number;
}

/** The phase counts of each replicated job, in job order. */
export function phaseCounts(steps: readonly Step[]): Map<string, PhaseCounts> {
  const counts = new Map<string, PhaseCounts>();
  for (const step of steps) {
    const c = counts.get(step.job) ?? { pending: 0, running: 0, succeeded: 0, failed: 0 };
    if (step.phase === 'Running') c.running++;
    else if (step.phase === 'Succeeded') c.succeeded++;
    else if (step.phase === 'Failed') c.failed++;
    else c.pending++;
    counts.set(step.job, c);
  }
  return counts;
}

/** kubectl's age: `45s`, `3m12s`, `2h5m`, `4d3h`. */
export function age(since: string | undefined, now: Date): string {
  if (since === undefined) return '<unknown>';
  return durationText(now.getTime() - Date.parse(since));
}

/** A duration of `ms` milliseconds (negative counts as 0) as `age` writes one; `<unknown>` for NaN. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (Number.isNaN(seconds)) return '<unknown>';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return `${minutes}m${seconds % 60 ? `${seconds % 60}s` : ''}`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h${minutes % 60 ? `${minutes % 60}m` : ''}`;
  const days = Math.floor(hours / 24);
  return `${days}d${hours % 24 ? `${hours % 24}h` : ''}`;
}
