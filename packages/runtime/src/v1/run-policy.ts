// SPDX-License-Identifier: Apache-2.0
// runPolicy as Training Operator v1.9.4's ReconcileJobs applies it, as pure decisions: which pods a
// finished job's cleanPodPolicy deletes, when the TTL deletes the job, and whether the active deadline
// or the backoff limit fails it.
import type { V1RunPolicy } from '@kubetrain/api/core';
import { V1CleanPodPolicies, V1RestartPolicies } from './constants.js';
import type { PodView, ReplicaSpecs } from './job-types.js';
import { podReplicaType, restartCountOf } from './pod-state.js';

/** The pods `cleanPodPolicy` deletes once the job finished: All; Running (phase Running or Pending); None. */
export function podsToClean(pods: readonly PodView[], policy: string | undefined): PodView[] {
  if (policy === V1CleanPodPolicies.All) return [...pods];
  if (policy === V1CleanPodPolicies.Running)
    return pods.filter((p) => p.status?.phase === 'Running' || p.status?.phase === 'Pending');
  return [];
}

/** Milliseconds until the TTL deletes the finished job (≤ 0: now); undefined without a TTL. */
export function ttlRemainingMs(
  policy: V1RunPolicy | undefined,
  completionTime: string | undefined,
  now: Date,
): number | undefined {
  const ttl = policy?.ttlSecondsAfterFinished;
  if (ttl === undefined) return undefined;
  if (completionTime === undefined) throw new CompletionTimeMissingError();
  return Date.parse(completionTime) + ttl * 1000 - now.getTime();
}

/** A finished job with a TTL has no completion time (upstream's error text). */
export class CompletionTimeMissingError extends Error {
  constructor() {
    super('job completion time is nil, cannot cleanup');
    this.name = 'CompletionTimeMissingError';
  }
}

/** Milliseconds until `activeDeadlineSeconds` passes, counted from `startTime`; undefined without one. */
export function deadlineRemainingMs(
  policy: V1RunPolicy | undefined,
  startTime: string | undefined,
  now: Date,
): number | undefined {
  const deadline = policy?.activeDeadlineSeconds;
  if (deadline === undefined || startTime === undefined) return undefined;
  // Number(): an int64 past 2^53 is read as a bigint; the sum is past every date all the same.
  return Date.parse(startTime) + Number(deadline) * 1000 - now.getTime();
}

/** What the backoff limit is checked against. */
interface BackoffInput {
  readonly policy: V1RunPolicy | undefined;
  readonly specs: ReplicaSpecs;
  readonly pods: readonly PodView[];
  /** Pods recreated after a failure so far (upstream counts the job key's requeues; both live in memory). */
  readonly recreations: number;
  /** Whether a pod has failed since the last reconcile. */
  readonly newFailure: boolean;
}

/**
 * Whether the backoff limit is reached: a new failure beyond `backoffLimit` recreations, or the restart
 * counts of Running pods of restarting replica types (OnFailure, Always, ExitCode) reaching the limit.
 */
export function pastBackoffLimit(input: BackoffInput): boolean {
  const limit = input.policy?.backoffLimit;
  if (limit === undefined) return false;
  if (input.newFailure && input.recreations + 1 > limit) return true;
  const restarting = new Set(
    Object.entries(input.specs)
      .filter(([, s]) => s.restartPolicy !== undefined && s.restartPolicy !== V1RestartPolicies.Never)
      .map(([t]) => t.toLowerCase()),
  );
  let restarts = 0;
  for (const pod of input.pods)
    if (pod.status?.phase === 'Running' && restarting.has(podReplicaType(pod) ?? ''))
      restarts += restartCountOf(pod);
  return limit === 0 ? restarts > 0 : restarts >= limit;
}
