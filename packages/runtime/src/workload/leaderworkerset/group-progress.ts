// SPDX-License-Identifier: Apache-2.0
// The group's progress, folded from successive observations of its pods (pure). A LeaderWorkerSet
// keeps no record of exits: its pods restart in place whatever they exit with (restartPolicy
// `None`: the LWS controller recreates nothing), so the controller keeps this record on the
// LeaderWorkerSet (annotation `kubetrain.dev/group-progress`), hands it back with each observation,
// and recreates the group itself when an attempt fails (see README.md, Completion and failure).

import {
  ContainerNames,
  DISRUPTION_TARGET_CONDITION,
  formatMetaTime,
  KubetrainAnnotations,
  LWSKeys,
} from '@kubetrain/api/core';
import type { ObservedContainerState, ObservedPod } from '../../framework/plugin.js';

/** What has been seen of the group so far. */
export interface GroupProgress {
  /** The uid of the leader pod of the attempt being watched (a recreated group has a new leader). */
  readonly attempt: string;
  /** Attempts that failed (a retryable non-zero exit): each one is a group restart. */
  readonly restarts: number;
  /** Whether the watched attempt has failed already (it is counted once). */
  readonly attemptFailed: boolean;
  /**
   * Worker indexes (0 = leader) whose trainer exited 0 in the watched attempt, ascending: those ranks
   * are done, and what their restarted containers do afterwards is not counted.
   */
  readonly succeeded: readonly number[];
  /**
   * When the watched attempt's end began (RFC 3339): its leader's deletion was requested. Exits
   * after it are consequences of the group going away, not failures.
   */
  readonly endedAt?: string;
  /**
   * Group recreations for a lost pod (evicted, preempted, its node gone) of an attempt that did not
   * fail: restarts that do not count against the budget. Absent when 0.
   */
  readonly disruptions?: number;
  /** Whether the watched attempt's recreation for a lost pod was counted in `disruptions` already. */
  readonly attemptDisrupted?: boolean;
}

/** A trainer container's non-zero exit that decided something: the job fails, or the attempt does. */
export interface PermanentFailure {
  readonly pod: string;
  readonly container: string;
  readonly exitCode: number;
  /** The container's terminated reason (`Error`, `OOMKilled`), when set. */
  readonly reason?: string;
}

/** A pod lost before its rank finished: its name, and its DisruptionTarget condition's reason when set. */
export interface LostPod {
  readonly pod: string;
  readonly reason?: string;
}

/** The leader pod to delete so that the LeaderWorkerSet recreates the whole group. */
export interface GroupRecreate {
  readonly pod: string;
  readonly uid: string;
}

/** The result of {@link observeGroup}. */
interface GroupObservation {
  readonly progress: GroupProgress;
  /** Set when a trainer exited with one of the permanent exit codes. */
  readonly permanent?: PermanentFailure;
  /** The exit that failed an attempt in this observation (a restart, counted once), when one did. */
  readonly failure?: PermanentFailure;
  /** The pod whose loss recreates the attempt in this observation (a restart not counted), when one does. */
  readonly disruption?: LostPod;
  /**
   * Set while the watched attempt must be recreated: it failed, or a pod of a rank not done yet is
   * being deleted (evicted, preempted, its node gone; not counted as a failure), and its leader is
   * not being deleted yet.
   */
  readonly recreate?: GroupRecreate;
}

/** The progress before anything is seen. */
const initialProgress: GroupProgress = {
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
    v.succeeded.every((i) => Number.isInteger(i)) &&
    (v.endedAt === undefined || typeof v.endedAt === 'string') &&
    (v.disruptions === undefined || Number.isInteger(v.disruptions)) &&
    (v.attemptDisrupted === undefined || typeof v.attemptDisrupted === 'boolean')
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
  const { attempt, restarts, attemptFailed, succeeded, endedAt, disruptions, attemptDisrupted } = progress;
  return JSON.stringify({
    attempt,
    restarts,
    attemptFailed,
    succeeded,
    ...(endedAt !== undefined ? { endedAt } : {}),
    ...(disruptions !== undefined && disruptions > 0 ? { disruptions } : {}),
    ...(attemptDisrupted === true ? { attemptDisrupted } : {}),
  });
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

/** When the pod's deletion was requested (deletionTimestamp less the grace period); +∞ when not deleting. */
function deletionRequestedAt(pod: ObservedPod | undefined): number {
  const at = pod?.metadata?.deletionTimestamp;
  if (at === undefined) return Number.POSITIVE_INFINITY;
  return timeOf(at) - (pod?.metadata?.deletionGracePeriodSeconds ?? 0) * 1000;
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

/** One exit of a trainer container: its code and when it finished (-∞ when unknown). */
interface Exit {
  readonly code: number;
  readonly finishedAt: number;
  /** The container's current state (not a run the kubelet restarted). */
  readonly current: boolean;
  readonly reason?: string;
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
  for (const [s, current] of [
    [state, true],
    [last, false],
  ] as const) {
    if (s?.terminated !== undefined) {
      const { exitCode: code, finishedAt, reason } = s.terminated;
      out.push({ code, finishedAt: timeOf(finishedAt), current, ...(reason ? { reason } : {}) });
    }
  }
  return out;
}

/** The counters one attempt's pods change. */
interface Counters {
  restarts: number;
  attemptFailed: boolean;
  readonly succeeded: Set<number>;
  /** The exit that failed an attempt while folding (the first one). */
  failure?: PermanentFailure;
}

/**
 * True when a non-zero exit is a consequence of the group going away, not a failure: it finished
 * after the attempt's end began (`endedAt`) or after its own pod's deletion was requested, or,
 * with no finish time, it is the current state of a pod being deleted (a kill).
 */
function isConsequence(exit: Exit, pod: ObservedPod, endedAt: number): boolean {
  const cutoff = Math.min(endedAt, deletionRequestedAt(pod));
  if (exit.finishedAt !== Number.NEGATIVE_INFINITY) return exit.finishedAt > cutoff;
  return exit.current && pod.metadata?.deletionTimestamp !== undefined;
}

/**
 * When the attempt's leader finished: the latest first exit 0 of its trainer containers, when every
 * one exited 0 (-∞ when the time is unknown); +∞ while it has not.
 */
function leaderDoneAt(pods: readonly GroupPod[]): number {
  let at = Number.POSITIVE_INFINITY;
  for (const { index, containers } of pods) {
    if (index !== 0 || containers.length === 0) continue;
    const firsts = containers.map((c) =>
      Math.min(...c.exits.filter((e) => e.code === 0).map((e) => e.finishedAt)),
    );
    if (firsts.every((t) => t !== Number.POSITIVE_INFINITY)) at = Math.min(at, Math.max(...firsts));
  }
  return at;
}

/**
 * Folds the pods of one attempt into `counters`: failures first, then, unless the attempt failed,
 * the indexes whose trainers all exited 0 once. A non-zero exit is no failure when it is a
 * consequence of the group going away (see {@link isConsequence}; the leader exiting 0 begins the
 * end too), or when its rank is done: its container exited 0 before (the last state is older than
 * the state), or its index was in `succeeded` already. Returns the first permanent failure.
 */
function foldAttempt(
  counters: Counters,
  pods: readonly GroupPod[],
  endedAt: number,
  permanentExitCodes: ReadonlySet<number>,
): PermanentFailure | undefined {
  let permanent: PermanentFailure | undefined;
  const done = new Set(counters.succeeded);
  const end = Math.min(endedAt, leaderDoneAt(pods));
  for (const { pod, index, containers } of pods) {
    if (done.has(index)) continue;
    for (const { name, exits } of containers) {
      // Oldest first: the last state, then the state. A rank's exits after its exit 0 are reruns.
      for (const exit of [...exits].reverse()) {
        if (exit.code === 0) break;
        if (isConsequence(exit, pod, end)) continue;
        const seen = {
          pod: pod.metadata?.name ?? '',
          container: name,
          exitCode: exit.code,
          ...(exit.reason !== undefined ? { reason: exit.reason } : {}),
        };
        if (permanentExitCodes.has(exit.code)) {
          permanent ??= seen;
        } else if (!counters.attemptFailed) {
          counters.attemptFailed = true;
          counters.restarts += 1;
          counters.succeeded.clear();
          counters.failure ??= seen;
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

function lostPodOf(pod: ObservedPod): LostPod {
  const reason = pod.status?.conditions?.find(
    (c) => c.type === DISRUPTION_TARGET_CONDITION && c.status === 'True',
  )?.reason;
  return { pod: pod.metadata?.name ?? '', ...(reason !== undefined ? { reason } : {}) };
}

function isoOf(ms: number): string | undefined {
  return Number.isFinite(ms) ? formatMetaTime(new Date(ms)) : undefined;
}

/**
 * Folds one observation of the group's `pods` into `previous`. The attempt is the leader's uid;
 * pods created with or after the leader belong to it. When the leader is new, the pods created
 * before it are the previous attempt's and are folded into it first (a failure first seen as its
 * group is recreated still counts, once), with the previous `endedAt`, else the new leader's
 * creation, as its end; then `succeeded` starts empty, unless the previous leader exited 0.
 * Within an attempt: a non-zero exit that is no consequence of the group going away (nor a rerun of
 * a rank done) is permanent when its code is in `permanentExitCodes`, else it fails the attempt,
 * which counts once as a restart and empties `succeeded`; then, unless the attempt failed, each
 * pod whose trainer containers all exited 0 once adds its worker index to `succeeded`. A leader
 * being deleted sets the attempt's `endedAt`. `recreate` names the leader to delete while the
 * attempt failed or a rank not done lost its pod, until the leader's deletion began; `failure`
 * names the exit that failed an attempt in this observation; a recreation for a lost pod alone adds
 * one to `disruptions` (once per attempt) and names the pod in `disruption`. A `stopped` group (the
 * LeaderWorkerSet at `replicas: 0`) is recreated for nothing.
 */
export function observeGroup(
  previous: GroupProgress,
  pods: readonly ObservedPod[],
  permanentExitCodes: ReadonlySet<number>,
  stopped = false,
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
  let disruptions = previous.disruptions ?? 0;
  let attemptDisrupted = previous.attemptDisrupted === true;
  let endedAt = previous.endedAt !== undefined ? timeOf(previous.endedAt) : Number.POSITIVE_INFINITY;
  let permanent: PermanentFailure | undefined;
  const leaderUid = leader?.metadata?.uid ?? '';
  if (leader !== undefined && leaderUid !== attempt) {
    if (attempt !== '') {
      const previousEnd = Number.isFinite(endedAt) ? endedAt : since;
      permanent = foldAttempt(counters, older, previousEnd, permanentExitCodes);
    }
    attempt = leaderUid;
    // Every rank of a new attempt runs again, unless the previous one's leader finished the job.
    if (counters.attemptFailed || !counters.succeeded.has(0)) counters.succeeded.clear();
    counters.attemptFailed = false;
    attemptDisrupted = false;
    endedAt = Number.POSITIVE_INFINITY;
  }
  endedAt = Math.min(endedAt, deletionRequestedAt(leader));
  permanent ??= foldAttempt(counters, current, endedAt, permanentExitCodes);
  const lost = current.find(
    (p) =>
      p.index !== 0 && p.pod.metadata?.deletionTimestamp !== undefined && !counters.succeeded.has(p.index),
  );
  const live =
    !stopped && leader !== undefined && endedAt === Number.POSITIVE_INFINITY && !counters.succeeded.has(0);
  const recreate =
    live && (counters.attemptFailed || lost !== undefined)
      ? { pod: leader.metadata?.name ?? '', uid: leaderUid }
      : undefined;
  // A recreation for a lost pod alone is a restart that does not count, once per attempt.
  const disruption =
    recreate !== undefined && !counters.attemptFailed && !attemptDisrupted && lost !== undefined
      ? lostPodOf(lost.pod)
      : undefined;
  if (disruption !== undefined) {
    disruptions += 1;
    attemptDisrupted = true;
  }
  const ended = isoOf(endedAt);
  const progress: GroupProgress = {
    attempt,
    restarts: counters.restarts,
    attemptFailed: counters.attemptFailed,
    succeeded: [...counters.succeeded].sort((a, b) => a - b),
    ...(ended !== undefined ? { endedAt: ended } : {}),
    ...(disruptions > 0 ? { disruptions } : {}),
    ...(attemptDisrupted ? { attemptDisrupted } : {}),
  };
  return {
    progress,
    ...(permanent !== undefined ? { permanent } : {}),
    ...(counters.failure !== undefined ? { failure: counters.failure } : {}),
    ...(disruption !== undefined ? { disruption } : {}),
    ...(recreate !== undefined ? { recreate } : {}),
  };
}
