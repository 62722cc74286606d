// SPDX-License-Identifier: Apache-2.0
// One job's page as a live feed, an SSE stream fed by the hub's shared watches (the jobs list's:
// list-feed.ts): `detail` (the whole page's data, sent again at most every DETAIL_DELAY_MS on a
// change of the job, its pods or their events), `objects` (a TrainJob's JobSet or LeaderWorkerSet and
// its runtime snapshot as YAML, when they change: object-panes.ts), `gone` when the job is deleted,
// or `failed`.

import { trainJobOfPod, trainJobPodSelectors } from '@kubetrain/api';
import type { KubeObject } from '@kubetrain/kube';
import { logFailureText } from './api-failure.js';
import { followJobObjects } from './object-panes.js';
import { FeedEvents, type FailureLog, type JobDetail } from './web/feed-types.js';
import { watchKey, type ClusterPort, type Watched } from './cluster-port.js';
import { RuntimeTable } from './runtime-gpus.js';
import { watchRuntimes } from './runtime-watch.js';
import type { SseStream } from './sse.js';
import type { WatchHub, WatchListener } from './watch-hub.js';
import { eventConcerns, jobDetail, type EventLike, type PodLike, type TrainJobLike } from './views.js';

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
 * Keeps `pods` (by name) the pods `mine` accepts of those the label `selectors` select, through the
 * hub's shared pod watches; returns the unsubscribe functions.
 */
export function subscribePodsWhere<P extends KubeObject>(
  hub: WatchHub,
  port: ClusterPort,
  namespace: string,
  selectors: readonly string[],
  mine: (pod: KubeObject) => boolean,
  pods: Map<string, P>,
  listener: JobPodsListener,
): (() => void)[] {
  const key = (o: KubeObject): string => o.metadata?.name ?? '';
  return selectors.map((selector) =>
    subscribe(
      hub,
      port,
      'pods',
      namespace,
      {
        synced: (objects) => {
          for (const o of objects) if (mine(o)) pods.set(key(o), o as P);
          listener.changed();
        },
        upsert: (o) => {
          if (!mine(o)) return;
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

/** Keeps `pods` (by name) the pods of the TrainJob `name` (either backend); see {@link subscribePodsWhere}. */
export function subscribeJobPods<P extends KubeObject>(
  hub: WatchHub,
  port: ClusterPort,
  namespace: string,
  name: string,
  pods: Map<string, P>,
  listener: JobPodsListener,
): (() => void)[] {
  const selectors = trainJobPodSelectors(name);
  return subscribePodsWhere(
    hub,
    port,
    namespace,
    selectors,
    (o) => trainJobOfPod(o) === name,
    pods,
    listener,
  );
}

/** What a job's page reads of one kind of job: a TrainJob (below), or a v1 kind's (v1-job-source.ts). */
export interface JobSource {
  readonly kind: string;
  readonly resource: Watched;
  /** Whether its GPUs may come from its runtime (the page then watches the runtimes). */
  readonly runtimes: boolean;
  /** Whether the page shows its workload and runtime snapshot as YAML (object-panes.ts). */
  readonly panes: boolean;
  /** Keeps `pods` the pods of job `name`, as {@link subscribeJobPods} does for a TrainJob. */
  subscribePods(
    hub: WatchHub,
    port: ClusterPort,
    namespace: string,
    name: string,
    pods: Map<string, PodLike>,
    listener: JobPodsListener,
  ): (() => void)[];
  detail(job: KubeObject, pods: PodLike[], events: EventLike[], runtimes: RuntimeTable): JobDetail;
}

/** A TrainJob's page. */
export const trainJobSource: JobSource = {
  kind: 'TrainJob',
  resource: 'trainjobs',
  runtimes: true,
  panes: true,
  subscribePods: subscribeJobPods,
  detail: (job, pods, events, runtimes) =>
    jobDetail(job as TrainJobLike, pods, events, runtimes.gpusOf(job as TrainJobLike)),
};

/** A feed of one job (its page, its logs) on `stream`; `source` the kind of job (a TrainJob when unset). */
export type JobFeed = (
  stream: SseStream,
  hub: WatchHub,
  port: ClusterPort,
  namespace: string,
  name: string,
  source?: JobSource,
) => void;

/** One job's page on `stream`; see the module comment. */
export const streamJob: JobFeed = (stream, hub, port, namespace, name, source = trainJobSource) => {
  let job: KubeObject | undefined;
  let jobsSynced = false;
  const pods = new Map<string, PodLike>();
  const events = new Map<string, EventLike>();
  let timer: NodeJS.Timeout | undefined;
  let failed = false;
  // The failing container's last lines, read once per pod, container and exit code.
  let logKey = '';
  let failureLog: FailureLog | undefined;
  const runtimes = new RuntimeTable();
  const objects = source.panes
    ? followJobObjects(port, namespace, name, (o) => stream.send(FeedEvents.Objects, o))
    : undefined;

  const send = (): void => {
    timer = undefined;
    if (failed || stream.closed || !jobsSynced) return;
    if (job === undefined) {
      stream.send(FeedEvents.Gone, { message: `${source.kind} ${namespace}/${name} not found (deleted?)` });
      return;
    }
    const podNames = new Set([...pods.values()].map((p) => p.metadata.name ?? ''));
    const mine = [...events.values()].filter((e) => eventConcerns(e, name, podNames));
    const detail = source.detail(job, [...pods.values()], mine, runtimes);
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
    objects?.changed(detail.row.state === 'Complete' || detail.row.state === 'Failed');
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
    subscribe(hub, port, source.resource, namespace, {
      synced: (objects) => {
        jobsSynced = true;
        job = objects.find((o) => o.metadata?.name === name);
        schedule();
      },
      upsert: (o) => {
        if (o.metadata?.name !== name) return;
        job = o;
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
    ...source.subscribePods(hub, port, namespace, name, pods, { changed: schedule, failed: () => undefined }),
    ...(source.runtimes
      ? watchRuntimes(hub, port, namespace, runtimes, { changed: schedule, settled: schedule })
      : []),
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
    objects?.stop();
    for (const u of unsubscribes) u();
  });
};
