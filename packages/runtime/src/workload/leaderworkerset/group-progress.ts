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

/** One exit of a trainer container: its code, and whether it is the current state (not a restarted run). */
interface Exit {
  readonly code: number;
  readonly current: boolean;
}

/** A pod of the group with its worker index and its trainer containers' exits. */
interface GroupPod {
  readonly pod: ObservedPod;
  readonly index: number;
  readonly containers: ReadonlyArray<{ readonly name: string; readonly exits: readonly Exit[] }>;
}

function exitsOf(
  state: ObservedContainerState | undefined,
  last: ObservedContainerState | undefined,
): Exit[] {
  const out: Exit[] = [];
  if (state?.terminated !== undefined) out.push({ code: state.terminated.exitCode, current: true });
  if (last?.terminated !== undefined) out.push({ code: last.terminated.exitCode, current: false });
  return out;
}

/** The counters one attempt's pods change. */
interface Counters {
  restarts: number;
  attemptFailed: boolean;
  readonly succeeded: Set<number>;
}

/**
 * Folds the pods of one attempt into `counters`: failures first (a restarted run that exited
 * non-zero always fails; a current non-zero state only when the pod is not being deleted, for the
 * pods of a recreated or stopped group are killed), then, unless the attempt failed, the indexes
 * whose trainers all exited 0 once. Returns the first permanent failure.
 */
function foldAttempt(
  counters: Counters,
  pods: readonly GroupPod[],
  permanentExitCodes: ReadonlySet<number>,
): PermanentFailure | undefined {
  let permanent: PermanentFailure | undefined;
  for (const { pod, containers } of pods) {
    const deleting = pod.metadata?.deletionTimestamp !== undefined;
    for (const { name, exits } of containers) {
      for (const exit of exits) {
        if (exit.code === 0 || (exit.current && deleting)) continue;
        if (permanentExitCodes.has(exit.code)) {
          permanent ??= { pod: pod.metadata?.name ?? '', container: name, exitCode: exit.code };
        } else if (!counters.attemptFailed) {
          counters.attemptFailed = true;
          counters.restarts += 1;
          counters.succeeded.clear();
        }
      }
    }
  }
  // A failed attempt's exits 0 do not count: its group is recreated and every rank runs again.
  for (const { index, containers } of counters.attemptFailed ? [] : pods) {
    if (containers.length > 0 && containers.every((c) => c.exits.some((e) => e.code === 0))) {
      counters.succeeded.add(index);
    }
  }
  return permanent;
}

/**
 * Folds one observation of the group's `pods` into `previous`. The attempt is the leader's uid;
 * pods created with or after the leader belong to it. When the leader is new, the pods created
 * before it are the previous attempt's and are folded into it first (a failure first seen as its
 * group is recreated still counts, once). Within an attempt: a non-zero exit is permanent when its
 * code is in `permanentExitCodes`, else it fails the attempt, which counts once as a restart and
 * empties `succeeded` (a current non-zero state of a pod being deleted is a kill, no failure);
 * then, unless the attempt failed, each pod whose trainer containers all exited 0 once adds its
 * worker index to `succeeded`.
 */
export function observeGroup(
  previous: GroupProgress,
  pods: readonly ObservedPod[],
  permanentExitCodes: ReadonlySet<number>,
): GroupObservation {
  const leader = currentLeader(pods);
  const since = timeOf(leader?.metadata?.creationTimestamp);
  const groupPods = pods.flatMap((pod): GroupPod[] => {
    const index = workerIndexOf(pod);
    if (index === undefined) return [];
    const containers = trainerStatuses(pod).map((c) => ({
      name: c.name,
      exits: exitsOf(c.state, c.lastState),
    }));
    return [{ pod, index, containers }];
  });
  const older = groupPods.filter((p) => timeOf(p.pod.metadata?.creationTimestamp) < since);
  const current = groupPods.filter((p) => timeOf(p.pod.metadata?.creationTimestamp) >= since);
  const counters: Counters = {
    restarts: previous.restarts,
    attemptFailed: previous.attemptFailed,
    succeeded: new Set(previous.succeeded),
  };
  let attempt = previous.attempt;
  let permanent: PermanentFailure | undefined;
  const leaderUid = leader?.metadata?.uid ?? '';
  if (leader !== undefined && leaderUid !== attempt) {
    if (attempt !== '') permanent = foldAttempt(counters, older, permanentExitCodes);
    attempt = leaderUid;
    counters.attemptFailed = false;
  }
  permanent ??= foldAttempt(counters, current, permanentExitCodes);
  const progress: GroupProgress = {
    attempt,
    restarts: counters.restarts,
    attemptFailed: counters.attemptFailed,
    succeeded: [...counters.succeeded].sort((a, b) => a - b),
  };
  return permanent !== undefined ? { progress, permanent } : { progress };
}
