// SPDX-License-Identifier: Apache-2.0
// The group's progress, folded from successive observations of its pods (pure). A LeaderWorkerSet
// keeps no record of exits: its pods restart whatever they exit with, and the group is recreated on
// any restart, so the controller keeps this record on the LeaderWorkerSet (annotation
// `kubetrain.dev/group-progress`) and hands it back with each observation.

import { ContainerNames, KubetrainAnnotations, LWSKeys } from '@kubetrain/api';
import type { ObservedContainerState, ObservedPod } from '../../framework/plugin.js';

/** What has been seen of the group so far. */
export interface GroupProgress {
  /** The uid of the leader pod of the attempt being watched (a recreated group has a new leader). */
  readonly attempt: string;
  /** Attempts that failed (a retryable non-zero exit): each one is a group restart. */
  readonly restarts: number;
  /** Whether the watched attempt has failed already (it is counted once). */
  readonly attemptFailed: boolean;
  /** Worker indexes (0 = leader) whose trainer exited 0 since the last failure, ascending. */
  readonly succeeded: readonly number[];
}

/** A permanent failure seen in the pods: the job fails at once. */
export interface PermanentFailure {
  readonly pod: string;
  readonly container: string;
  readonly exitCode: number;
}

/** The result of {@link observeGroup}. */
export interface GroupObservation {
  readonly progress: GroupProgress;
  /** Set when a trainer exited with one of the permanent exit codes. */
  readonly permanent?: PermanentFailure;
}

/** The progress before anything is seen. */
export const initialProgress: GroupProgress = {
  attempt: '',
  restarts: 0,
  attemptFailed: false,
  succeeded: [],
};

function isProgress(value: unknown): value is GroupProgress {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.attempt === 'string' &&
    Number.isInteger(v.restarts) &&
    typeof v.attemptFailed === 'boolean' &&
    Array.isArray(v.succeeded) &&
    v.succeeded.every((i) => Number.isInteger(i))
  );
}

/** The progress recorded on the LeaderWorkerSet; {@link initialProgress} when absent or unreadable. */
export function readProgress(annotations: Readonly<Record<string, string>> | undefined): GroupProgress {
  const text = annotations?.[KubetrainAnnotations.GroupProgress];
  if (text === undefined) return initialProgress;
  try {
    const parsed: unknown = JSON.parse(text);
    return isProgress(parsed) ? parsed : initialProgress;
  } catch {
    return initialProgress;
  }
}

/** The annotation value of `progress`: JSON with a fixed member order. */
export function writeProgress(progress: GroupProgress): string {
  const { attempt, restarts, attemptFailed, succeeded } = progress;
  return JSON.stringify({ attempt, restarts, attemptFailed, succeeded });
}

function workerIndexOf(pod: ObservedPod): number | undefined {
  const text = pod.metadata?.labels?.[LWSKeys.WorkerIndex];
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

function timeOf(value: string | Date | undefined): number {
  if (value === undefined) return Number.NEGATIVE_INFINITY;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The leader of the newest attempt: a leader pod not being deleted, else the newest leader pod. */
function currentLeader(pods: readonly ObservedPod[]): ObservedPod | undefined {
  const leaders = pods
    .filter((p) => workerIndexOf(p) === 0)
    .sort((a, b) => timeOf(b.metadata?.creationTimestamp) - timeOf(a.metadata?.creationTimestamp));
  return leaders.find((p) => p.metadata?.deletionTimestamp === undefined) ?? leaders[0];
}

/** The trainer's container statuses: the `node` container when the pod has one, else every container. */
function trainerStatuses(pod: ObservedPod) {
  const all = pod.status?.containerStatuses ?? [];
  const node = all.filter((c) => c.name === ContainerNames.Node);
  return node.length > 0 ? node : all;
}

function exitCodesOf(states: ReadonlyArray<ObservedContainerState | undefined>): number[] {
  return states.flatMap((s) => (s?.terminated !== undefined ? [s.terminated.exitCode] : []));
}

/**
 * Folds one observation of the group's `pods` into `previous`. A new leader uid starts a new
 * attempt; only pods created with or after the attempt's leader count. A non-zero exit (state or
 * last state `terminated`) of a pod that is not being deleted (the pods of a recreated or stopped
 * group are killed; that is no failure of theirs) is permanent when its code is in
 * `permanentExitCodes`; else it fails the attempt, which counts once as a restart and empties
 * `succeeded`. Then, unless the attempt has failed, each pod whose trainer containers all exited 0
 * once adds its worker index to `succeeded`.
 */
export function observeGroup(
  previous: GroupProgress,
  pods: readonly ObservedPod[],
  permanentExitCodes: ReadonlySet<number>,
): GroupObservation {
  const leader = currentLeader(pods);
  let { attempt, restarts, attemptFailed } = previous;
  const succeeded = new Set(previous.succeeded);
  const leaderUid = leader?.metadata?.uid ?? '';
  if (leader !== undefined && leaderUid !== attempt) {
    attempt = leaderUid;
    attemptFailed = false;
  }
  const since = timeOf(leader?.metadata?.creationTimestamp);
  const attemptPods = pods.flatMap((pod) => {
    const index = workerIndexOf(pod);
    if (index === undefined || timeOf(pod.metadata?.creationTimestamp) < since) return [];
    const statuses = trainerStatuses(pod).map((c) => ({
      name: c.name,
      codes: exitCodesOf([c.state, c.lastState]),
    }));
    return [{ pod, index, statuses }];
  });
  let permanent: PermanentFailure | undefined;
  for (const { pod, statuses } of attemptPods) {
    if (pod.metadata?.deletionTimestamp !== undefined) continue;
    for (const { name, codes } of statuses) {
      for (const code of codes.filter((c) => c !== 0)) {
        if (permanentExitCodes.has(code)) {
          permanent ??= { pod: pod.metadata?.name ?? '', container: name, exitCode: code };
        } else if (!attemptFailed) {
          attemptFailed = true;
          restarts += 1;
          succeeded.clear();
        }
      }
    }
  }
  // A failed attempt's exits 0 do not count: its group is recreated and every rank runs again.
  for (const { index, statuses } of attemptFailed ? [] : attemptPods) {
    if (statuses.length > 0 && statuses.every((c) => c.codes.includes(0))) succeeded.add(index);
  }
  const progress = { attempt, restarts, attemptFailed, succeeded: [...succeeded].sort((a, b) => a - b) };
  return permanent !== undefined ? { progress, permanent } : { progress };
}
