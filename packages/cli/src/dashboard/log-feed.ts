// SPDX-License-Identifier: Apache-2.0
// A job's logs, live, as `kubetrain logs -f` reads them: the trainer's started pods (selectSteps),
// found through the hub's shared pod watches, each followed through the user's own client until
// the pod ends or the tab leaves. Lines go out as `lines` events, gathered per step for
// LOG_BATCH_MS (at most LOG_BATCH_LINES at once); a step whose log cannot be read (RBAC without
// `pods/log`) gets a `logfailed` event. The SSE stream's bound drops a tab that does not keep up.

import { podEnded } from '../cluster/follow-log.js';
import { stepsOf, type PodObject, type Step } from '../cluster/trainjob-view.js';
import { containerOf, selectSteps } from '../commands/logs.js';
import { logFailureText } from './api-failure.js';
import { MAX_LOG_LINE, subscribeJobPods, type JobFeed } from './streams.js';
import { FeedEvents, type LogFailure, type LogLines } from './web/feed-types.js';

/** How long lines are gathered before they are sent, and how many are sent at most at once. */
export const LOG_BATCH_MS = 100;
export const LOG_BATCH_LINES = 500;

/** The logs feed of `namespace/name` on `stream`; see the module comment. */
export const streamLogs: JobFeed = (stream, hub, port, namespace, name) => {
  const pods = new Map<string, PodObject>();
  const followed = new Map<string, () => void>();
  const leave = new AbortController();
  const pending = new Map<string, string[]>();
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const [step, lines] of pending) stream.send(FeedEvents.LogLines, { step, lines } satisfies LogLines);
    pending.clear();
  };
  const print =
    (step: string) =>
    (line: string): void => {
      if (leave.signal.aborted) return;
      let lines = pending.get(step);
      if (!lines) pending.set(step, (lines = []));
      lines.push(line.slice(0, MAX_LOG_LINE));
      if (lines.length >= LOG_BATCH_LINES) flush();
      else timer ??= setTimeout(flush, LOG_BATCH_MS);
    };
  const fail = (step: string, error: string): void => {
    if (leave.signal.aborted) return;
    flush();
    stream.send(FeedEvents.LogFailed, { step, error } satisfies LogFailure);
  };

  const follow = (step: Step): void => {
    let end = (): void => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    followed.set(step.pod, end);
    if (podEnded(pods.get(step.pod))) end();
    const target = { namespace, pod: step.pod, container: containerOf(step) };
    port.followLog(target, ended, print(step.name), leave.signal).then(
      () => flush(),
      (e: unknown) => fail(step.name, logFailureText(e)),
    );
  };
  const update = (): void => {
    for (const step of selectSteps(stepsOf([...pods.values()]), {}))
      if (!followed.has(step.pod)) follow(step);
    for (const [pod, end] of followed) if (podEnded(pods.get(pod))) end();
  };
  const unsubscribes = subscribeJobPods(hub, port, namespace, name, pods, {
    changed: update,
    removed: (pod) => {
      followed.get(pod)?.();
      // a pod of the same name created again is a new pod: follow its log too
      followed.delete(pod);
    },
    failed: (message) => fail('', message),
  });
  stream.onClose(() => {
    leave.abort();
    if (timer) clearTimeout(timer);
    pending.clear();
    for (const u of unsubscribes) u();
  });
};
