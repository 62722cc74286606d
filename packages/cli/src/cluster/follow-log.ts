// SPDX-License-Identifier: Apache-2.0
// Following containers' logs until their pods end. A kubelet closes a followed log when the
// container exits; a stream that stays open (kwok's kubelet, a connection that does not close) is
// stopped here when the pod is seen Succeeded, Failed or gone (one listing of the pods a second for
// all of them), and the lines written after the last one streamed are then read from the whole log,
// so that none is lost.

import { isNotFound, sleep } from '@kubetrain/kube';
import type { Session } from './connect.js';
import { POLL_INTERVAL_MS } from './follow.js';
import { readLogLines } from './pod-logs.js';
import type { PodObject } from './trainjob-view.js';

/** Whether a pod has ended: Succeeded or Failed (its containers will write no more). */
export function podEnded(pod: PodObject | undefined): boolean {
  return pod === undefined || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** The lines of the whole log not yet printed: those after the first `printed`. */
export function unseenLines(all: readonly string[], printed: number): string[] {
  return all.slice(printed);
}

/** Those of `waiting` that have ended in the listing `pods`: Succeeded, Failed, or not in it (deleted). */
export function endedAmong(waiting: Iterable<string>, pods: readonly PodObject[]): string[] {
  const byName = new Map(pods.map((p) => [p.metadata.name, p]));
  return [...waiting].filter((name) => podEnded(byName.get(name)));
}

/** Tells when pods end. */
interface PodEnds {
  /** Resolves when the pod has ended; rejects with the error of a listing that failed. */
  ended(pod: string): Promise<void>;
  /** Stops listing; promises not settled yet stay so. */
  stop(): void;
}

/**
 * Watches pods end: while any is waited for, lists them with `list` (one request for all) once a
 * second.
 */
export function watchPodEnds(list: () => Promise<PodObject[]>): PodEnds {
  const waiting = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const stopped = new AbortController();
  let polling = false;
  const poll = async (): Promise<void> => {
    polling = true;
    while (waiting.size > 0 && !stopped.signal.aborted) {
      let pods: PodObject[];
      try {
        pods = await list();
      } catch (e) {
        for (const w of waiting.values()) w.reject(e);
        waiting.clear();
        break;
      }
      for (const name of endedAmong(waiting.keys(), pods)) {
        waiting.get(name)?.resolve();
        waiting.delete(name);
      }
      if (waiting.size > 0) await sleep(POLL_INTERVAL_MS, stopped.signal);
    }
    polling = false;
  };
  return {
    ended(pod) {
      const ended = new Promise<void>((resolve, reject) => waiting.set(pod, { resolve, reject }));
      // the follower may have stopped listening (its stream ended by itself) before this settles
      ended.catch(() => undefined);
      if (!polling) void poll();
      return ended;
    },
    stop: () => stopped.abort(),
  };
}

/** What to follow. */
interface FollowLogTarget {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
}

/**
 * Calls `print` with each line of the container's log as it is written, and returns once `ended`
 * has resolved (the pod has ended) and every line of its log has been printed, or the log stream
 * ended by itself (a kubelet ends it when the container exits). A rejected `ended` is thrown. An
 * aborted `stop` (the reader left) ends the stream and returns at once, without reading the rest.
 */
export async function followLogUntilPodEnds(
  session: Session,
  target: FollowLogTarget,
  ended: Promise<void>,
  print: (line: string) => void,
  stop?: AbortSignal,
): Promise<void> {
  const stopStream = new AbortController();
  if (stop?.aborted) return;
  stop?.addEventListener('abort', () => stopStream.abort(), { once: true });
  let podFailure: unknown;
  ended.then(
    () => stopStream.abort(),
    (e: unknown) => {
      podFailure = e;
      stopStream.abort();
    },
  );
  let printed = 0;
  try {
    for await (const line of readLogLines(session, { ...target, follow: true, signal: stopStream.signal })) {
      print(line);
      printed++;
    }
  } catch (e) {
    if (!stopStream.signal.aborted) throw e;
  }
  if (podFailure !== undefined) throw podFailure;
  if (!stopStream.signal.aborted || stop?.aborted) return;
  // Stopped here: the pod ended while the stream was open; print what it wrote after the last line.
  const all: string[] = [];
  try {
    for await (const line of readLogLines(session, target)) all.push(line);
  } catch (e) {
    if (isNotFound(e)) return; // the pod is gone, and its log with it
    throw e;
  }
  for (const line of unseenLines(all, printed)) print(line);
}
