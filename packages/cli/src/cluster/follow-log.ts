// SPDX-License-Identifier: Apache-2.0
// Following one container's log until its pod ends. A kubelet closes a followed log when the
// container exits; a server that does not (kwok's, or a connection that stays open) is stopped here
// when the pod is seen Succeeded, Failed or gone, and the lines written after the last one streamed
// are then read from the whole log, so that none is lost.

import { isNotFound, sleep } from '@kubetrain/kube';
import type { Session } from './connect.js';
import { POLL_INTERVAL_MS } from './follow.js';
import { readLogLines } from './pod-logs.js';
import { Refs } from './refs.js';
import type { PodObject } from './trainjob-view.js';

/** Whether a pod has ended: Succeeded or Failed (its containers will write no more). */
export function podEnded(pod: PodObject | undefined): boolean {
  return pod === undefined || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** The lines of the whole log not yet printed: those after the first `printed`. */
export function unseenLines(all: readonly string[], printed: number): string[] {
  return all.slice(printed);
}

/** The pod, or undefined once it is gone. */
async function readPod(session: Session, namespace: string, name: string): Promise<PodObject | undefined> {
  try {
    return (await session.client.get(Refs.Pod, name, { namespace })) as PodObject;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Resolves when the pod has ended (polled once a second) or `cancel` aborts. */
async function untilPodEnds(
  session: Session,
  namespace: string,
  pod: string,
  cancel: AbortSignal,
): Promise<void> {
  while (!cancel.aborted) {
    if (podEnded(await readPod(session, namespace, pod))) return;
    await sleep(POLL_INTERVAL_MS, cancel);
  }
}

/** What to follow. */
export interface FollowLogTarget {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
}

/**
 * Calls `print` with each line of the container's log as it is written, and returns once the pod
 * has ended and every line of its log has been printed (or the log stream ended by itself).
 */
export async function followLogUntilPodEnds(
  session: Session,
  target: FollowLogTarget,
  print: (line: string) => void,
): Promise<void> {
  const stopStream = new AbortController();
  const stopPolling = new AbortController();
  let podFailure: unknown;
  const polling = untilPodEnds(session, target.namespace, target.pod, stopPolling.signal).then(
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
  } finally {
    stopPolling.abort();
    await polling;
  }
  if (podFailure !== undefined) throw podFailure;
  if (!stopStream.signal.aborted) return;
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
