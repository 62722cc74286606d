// SPDX-License-Identifier: Apache-2.0
// The jobs list's feed on one SSE stream: the TrainJobs (their GPUs counted with their runtimes,
// runtime-watch.ts) and the jobs of each Training Operator v1 kind whose CRD is installed, all from
// the hub's shared watches. `snapshot` (every row, once every watch has synced or failed), then
// `changes` (rows changed and removed, gathered for LIST_BATCH_MS), or `failed`.

import type { V1KindName } from '@kubetrain/api/core';
import type { KubeObject } from '@kubetrain/kube';
import {
  FeedEvents,
  jobKey,
  TRAINJOB_KIND,
  type JobChanges,
  type JobRef,
  type JobRow,
  type JobsSnapshot,
} from './web/feed-types.js';
import type { ClusterPort } from './cluster-port.js';
import { RuntimeTable, runtimeKeyOfJob } from './runtime-gpus.js';
import { watchRuntimes } from './runtime-watch.js';
import type { SseStream } from './sse.js';
import { subscribe } from './streams.js';
import { V1_KINDS, v1Resource } from './v1-kinds.js';
import { v1JobRow, type V1JobLike } from './v1-views.js';
import { jobRow, type TrainJobLike } from './views.js';
import type { WatchHub } from './watch-hub.js';

/** How long the jobs feed gathers changes before it sends them. */
export const LIST_BATCH_MS = 100;

/** Whether a watch's failure says its resource is not served (the kind's CRD is not installed). */
export function isNotServed(message: string): boolean {
  return message.startsWith('not found:');
}

/** The note naming the v1 kinds the user may not list (in `namespace`, or cluster-wide). */
export function forbiddenKindsNote(kinds: readonly string[], namespace: string | undefined): string {
  const where = namespace === undefined ? 'in every namespace' : `in namespace ${namespace}`;
  return `forbidden: you may not list ${kinds.map((k) => `${k}s`).join(', ')} (kubeflow.org/v1) ${where}: not shown`;
}

const refOf = (kind: string, o: KubeObject): JobRef => ({
  kind,
  namespace: o.metadata?.namespace ?? '',
  name: o.metadata?.name ?? '',
});

/**
 * The jobs list on `stream`, of the first scope the user may list TrainJobs in (`undefined`: every
 * namespace; then their own namespace), saying so in `snapshot.notice` when it fell back, and naming
 * the v1 kinds that scope forbids (in one note); a v1 kind without its CRD is left out silently.
 */
export function streamJobs(
  stream: SseStream,
  hub: WatchHub,
  port: ClusterPort,
  scopes: readonly (string | undefined)[],
): void {
  let leave: (() => void)[] = [];
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
  const unsubscribeAll = (): void => {
    for (const u of leave) u();
    leave = [];
  };

  const tryScope = (index: number, notice: string): void => {
    const namespace = scopes[index];
    // The scope's jobs (references to the watches' objects) and v1 rows, until the snapshot is sent.
    const jobs = new Map<string, TrainJobLike>();
    const v1Rows = new Map<string, JobRow>();
    const runtimes = new RuntimeTable();
    const notes = notice ? [notice] : [];
    const forbidden: V1KindName[] = [];
    let waiting = 1;
    let sent = false;
    const change = (row: JobRow | JobRef): void => {
      if (!sent) return;
      pending.set(jobKey(row), row);
      timer ??= setTimeout(flush, LIST_BATCH_MS);
    };
    const rowOf = (job: TrainJobLike): JobRow => jobRow(job, runtimes.gpusOf(job));
    const ready = (): void => {
      if (--waiting > 0 || sent) return;
      sent = true;
      pending.clear();
      if (forbidden.length > 0) notes.push(forbiddenKindsNote(forbidden, namespace));
      stream.send(FeedEvents.Snapshot, {
        namespace: namespace ?? null,
        notice: notes.join(' · '),
        rows: [...[...jobs.values()].map(rowOf), ...v1Rows.values()],
      } satisfies JobsSnapshot);
    };
    const watchV1 = (kind: V1KindName): (() => void) =>
      subscribe(hub, port, v1Resource(kind), namespace, {
        synced: (objects) => {
          for (const o of objects) v1Rows.set(jobKey(refOf(kind, o)), v1JobRow(kind, o as V1JobLike));
          ready();
        },
        upsert: (o) => {
          const row = v1JobRow(kind, o as V1JobLike);
          v1Rows.set(jobKey(row), row);
          change(row);
        },
        remove: (o) => {
          const ref = refOf(kind, o);
          v1Rows.delete(jobKey(ref));
          change(ref);
        },
        failed: (message) => {
          if (message.startsWith('forbidden:')) forbidden.push(kind);
          else if (!isNotServed(message)) notes.push(`${kind}s: ${message}`);
          ready();
        },
      });
    const startExtras = (): void => {
      waiting += 1 + V1_KINDS.length;
      leave.push(
        ...watchRuntimes(hub, port, namespace, runtimes, {
          settled: ready,
          changed: (key) => {
            for (const job of jobs.values()) if (runtimeKeyOfJob(job) === key) change(rowOf(job));
          },
        }),
      );
      for (const kind of V1_KINDS) leave.push(watchV1(kind));
    };
    leave.push(
      subscribe(hub, port, 'trainjobs', namespace, {
        synced: (objects) => {
          for (const o of objects) jobs.set(jobKey(refOf(TRAINJOB_KIND, o)), o as TrainJobLike);
          startExtras();
          ready();
        },
        upsert: (o) => {
          const job = o as TrainJobLike;
          jobs.set(jobKey(refOf(TRAINJOB_KIND, o)), job);
          change(rowOf(job));
        },
        remove: (o) => {
          const ref = refOf(TRAINJOB_KIND, o);
          jobs.delete(jobKey(ref));
          change(ref);
        },
        failed: (message) => {
          if (index + 1 < scopes.length) {
            // Not from inside the hub's callback: leave the failed watch first.
            queueMicrotask(() => {
              unsubscribeAll();
              if (!stream.closed)
                tryScope(index + 1, `${message} — showing namespace ${scopes[index + 1] ?? ''} only`);
            });
          } else stream.send(FeedEvents.Failed, { message });
        },
      }),
    );
  };
  tryScope(0, '');
  stream.onClose(() => {
    if (timer) clearTimeout(timer);
    unsubscribeAll();
  });
}
