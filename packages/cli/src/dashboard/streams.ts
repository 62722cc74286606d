// SPDX-License-Identifier: Apache-2.0
// The two live feeds of the page, each an SSE stream fed by the hub's shared watches:
// - the jobs list: `snapshot` (every row), then `changes` (rows changed and removed), or `failed`;
// - one job's page: `detail` (the whole page's data, sent again at most every DETAIL_DELAY_MS on a
//   change of the job, its pods or their events), `objects` (its JobSet or LeaderWorkerSet and its
//   runtime snapshot as YAML, when they change: object-panes.ts), `gone` when the job is deleted, or
//   `failed`.

import { trainJobOfPod, trainJobPodSelectors } from '@kubetrain/api';
import type { KubeObject } from '@kubetrain/kube';
import { logFailureText } from './api-failure.js';
import { followJobObjects } from './object-panes.js';
import {
  FeedEvents,
  type FailureLog,
  type JobChanges,
  type JobRef,
  type JobRow,
  type JobsSnapshot,
} from './web/feed-types.js';
import { watchKey, type ClusterPort, type Watched } from './cluster-port.js';
import type { SseStream } from './sse.js';
import type { WatchHub, WatchListener } from './watch-hub.js';
import {
  eventConcerns,
  jobDetail,
  jobRow,
  type EventLike,
  type PodLike,
  type TrainJobLike,
} from './views.js';

/** How long the jobs feed gathers changes before it sends them. */
export const LIST_BATCH_MS = 100;

/** How many lines of the failing container's log a job's page shows, and their longest length. */
export const FAILURE_LOG_LINES = 10;
export const MAX_LOG_LINE = 1000;

/** How long a job's page waits to batch changes before it is sent again. */
export const DETAIL_DELAY_MS = 150;

/** Subscribes `listener` to the hub's shared watch of `resource` (started by the port when new). */
export function subscribe(
  hub: WatchHub,
  port: ClusterPort,
  resource: Watched,
  namespace: string | undefined,
  listener: WatchListener<KubeObject>,
  labelSelector?: string,
): () => void {
  return hub.subscribe(
    watchKey(resource, namespace, labelSelector),
    () => port.watch(resource, namespace, labelSelector),
    listener,
  );
}

/** What {@link subscribeJobPods} tells of a job's pods. */
export interface JobPodsListener {
  /** `pods` changed (a pod added, changed or removed). */
  changed(): void;
  /** A pod was removed (called before `changed`). */
  removed?(pod: string): void;
  failed(message: string): void;
}

/**
 * Keeps `pods` (by name) the pods of the TrainJob `name` (either backend), through the hub's shared
 * pod watches; returns the unsubscribe functions.
 */
export function subscribeJobPods<P extends KubeObject>(
  hub: WatchHub,
  port: ClusterPort,
  namespace: string,
  name: string,
  pods: Map<string, P>,
  listener: JobPodsListener,
): (() => void)[] {
  const key = (o: KubeObject): string => o.metadata?.name ?? '';
  return trainJobPodSelectors(name).map((selector) =>
    subscribe(
      hub,
      port,
      'pods',
      namespace,
      {
        synced: (objects) => {
          for (const o of objects) if (trainJobOfPod(o) === name) pods.set(key(o), o as P);
          listener.changed();
        },
        upsert: (o) => {
          if (trainJobOfPod(o) !== name) return;
          pods.set(key(o), o as P);
          listener.changed();
        },
        remove: (o) => {
          if (!pods.delete(key(o))) return;
          listener.removed?.(key(o));
          listener.changed();
        },
        failed: (message) => listener.failed(message),
      },
      selector,
    ),
  );
}

const nameOf = (o: KubeObject): JobRef => ({
  namespace: o.metadata?.namespace ?? '',
  name: o.metadata?.name ?? '',
});

/**
 * The jobs list on `stream`: the TrainJobs of the first scope the user may list (`undefined`: every
 * namespace; then their own namespace), saying so in `snapshot.notice` when it fell back. Changes are
 * gathered for LIST_BATCH_MS and sent as one `changes` event, the last state of each job only.
 */
export function streamJobs(
  stream: SseStream,
  hub: WatchHub,
  port: ClusterPort,
  scopes: readonly (string | undefined)[],
): void {
  let unsubscribe = (): void => undefined;
  const pending = new Map<string, JobRow | JobRef>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    const changes: JobChanges = { upserts: [], removes: [] };
    for (const change of pending.values())
      if ('state' in change) changes.upserts.push(change);
      else changes.removes.push(change);
    pending.clear();
    stream.send(FeedEvents.Changes, changes);
  };
  const change = (ref: JobRef, row: JobRow | JobRef): void => {
    pending.set(`${ref.namespace}/${ref.name}`, row);
    timer ??= setTimeout(flush, LIST_BATCH_MS);
  };
  const tryScope = (index: number, notice: string): void => {
    const namespace = scopes[index];
    unsubscribe = subscribe(hub, port, 'trainjobs', namespace, {
      synced: (objects) => {
        pending.clear();
        stream.send(FeedEvents.Snapshot, {
          namespace: namespace ?? null,
          notice,
          rows: objects.map((o) => jobRow(o as TrainJobLike)),
        } satisfies JobsSnapshot);
      },
      upsert: (o) => change(nameOf(o), jobRow(o as TrainJobLike)),
      remove: (o) => change(nameOf(o), nameOf(o)),
      failed: (message) => {
        if (index + 1 < scopes.length) {
          // Not from inside the hub's callback: leave the failed watch first.
          queueMicrotask(() => {
            unsubscribe();
            if (!stream.closed)
              tryScope(index + 1, `${message} — showing namespace ${scopes[index + 1] ?? ''} only`);
          });
        } else stream.send(FeedEvents.Failed, { message });
      },
    });
  };
  tryScope(0, '');
  stream.onClose(() => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  });
}

/** A feed of one job (its page, its logs) on `stream`. */
export type JobFeed = (
  stream: SseStream,
  hub: WatchHub,
  port: ClusterPort,
  namespace: string,
  name: string,
) => void;

/** One job's page on `stream`; see the module comment. */
export const streamJob: JobFeed = (stream, hub, port, namespace, name) => {
  let job: TrainJobLike | undefined;
  let jobsSynced = false;
  const pods = new Map<string, PodLike>();
  const events = new Map<string, EventLike>();
  let timer: NodeJS.Timeout | undefined;
  let failed = false;
  // The failing container's last lines, read once per pod, container and exit code.
  let logKey = '';
  let failureLog: FailureLog | undefined;
  const objects = followJobObjects(port, namespace, name, (o) => stream.send(FeedEvents.Objects, o));

  const send = (): void => {
    timer = undefined;
    if (failed || stream.closed || !jobsSynced) return;
    if (job === undefined) {
      stream.send(FeedEvents.Gone, { message: `TrainJob ${namespace}/${name} not found (deleted?)` });
      return;
    }
    const podNames = new Set([...pods.values()].map((p) => p.metadata.name ?? ''));
    const mine = [...events.values()].filter((e) => eventConcerns(e, name, podNames));
    const detail = jobDetail(job, [...pods.values()], mine);
    const f = detail.failure;
    const key = f ? `${f.pod}/${f.container}/${f.exitCode}` : '';
    if (f && key !== logKey) {
      logKey = key;
      failureLog = undefined;
      port.logTail(namespace, f.pod, f.container, FAILURE_LOG_LINES).then(
        (lines) => {
          if (logKey !== key) return;
          failureLog = { lines: lines.map((l) => l.slice(0, MAX_LOG_LINE)) };
          schedule();
        },
        (e: unknown) => {
          if (logKey !== key) return;
          failureLog = { error: logFailureText(e) };
          schedule();
        },
      );
    }
    stream.send(FeedEvents.Detail, { ...detail, failureLog: f ? failureLog : undefined });
    objects.changed(detail.row.state === 'Complete' || detail.row.state === 'Failed');
  };
  const schedule = (): void => {
    timer ??= setTimeout(send, DETAIL_DELAY_MS);
  };
  const fail = (message: string): void => {
    if (failed) return;
    failed = true;
    stream.send(FeedEvents.Failed, { message });
  };
  const key = (o: KubeObject): string => o.metadata?.name ?? '';

  const unsubscribes = [
    subscribe(hub, port, 'trainjobs', namespace, {
      synced: (objects) => {
        jobsSynced = true;
        job = objects.find((o) => o.metadata?.name === name) as TrainJobLike | undefined;
        schedule();
      },
      upsert: (o) => {
        if (o.metadata?.name !== name) return;
        job = o as TrainJobLike;
        schedule();
      },
      remove: (o) => {
        if (o.metadata?.name !== name) return;
        job = undefined;
        schedule();
      },
      failed: fail,
    }),
    // Pods the user may not list: the page still shows the job.
    ...subscribeJobPods(hub, port, namespace, name, pods, { changed: schedule, failed: () => undefined }),
    subscribe(hub, port, 'events', namespace, {
      synced: (objects) => {
        for (const o of objects) events.set(key(o), o as EventLike);
        schedule();
      },
      upsert: (o) => {
        events.set(key(o), o as EventLike);
        schedule();
      },
      remove: (o) => {
        if (events.delete(key(o))) schedule();
      },
      failed: () => undefined,
    }),
  ];
  stream.onClose(() => {
    if (timer) clearTimeout(timer);
    objects.stop();
    for (const u of unsubscribes) u();
  });
};
