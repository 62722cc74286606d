// SPDX-License-Identifier: Apache-2.0
// A job page's YAML panes of the objects the controller makes for the TrainJob: its workload (the
// JobSet or LeaderWorkerSet, named as the TrainJob, in its namespace) and its runtime snapshot (the
// ConfigMap `<name>-runtime-snapshot`). Read by name through the user's own client, without
// managedFields, each cut at MAX_PANE_BYTES; read again when the page's job changes, at most every
// OBJECTS_GAP_MS, and sent only when a pane changed.

import { runtimeSnapshotName } from '@kubetrain/runtime';
import { ApiError, type KubeObject } from '@kubetrain/kube';
import { stringify } from 'yaml';
import { apiFailureText } from './api-failure.js';
import type { ClusterPort, Fetched } from './cluster-port.js';
import type { JobObjects, ObjectPane } from './web/feed-types.js';

/** The most of one object's YAML the page is sent; past it the YAML is cut at a line's end. */
export const MAX_PANE_BYTES = 128 * 1024;

/** The least time between two reads of a job's objects. */
export const OBJECTS_GAP_MS = 2000;

const WORKLOADS: readonly Fetched[] = ['JobSet', 'LeaderWorkerSet'];

/** `yaml` within `maxBytes` (UTF-8), cut at the end of a line, and how many bytes it had. */
export function capYaml(yaml: string, maxBytes: number): { yaml: string; bytes: number; cut: boolean } {
  const bytes = Buffer.byteLength(yaml);
  if (bytes <= maxBytes) return { yaml, bytes, cut: false };
  // A multi-byte character cut in two decodes as U+FFFD: it is on the dropped last line.
  const head = Buffer.from(yaml).subarray(0, maxBytes).toString('utf8');
  return { yaml: head.slice(0, head.lastIndexOf('\n') + 1), bytes, cut: true };
}

const kib = (bytes: number): string => `${Math.ceil(bytes / 1024)} KiB`;

/** The pane of `object` (its YAML without managedFields, cut at `maxBytes`). */
export function shownPane(kind: string, object: KubeObject, maxBytes = MAX_PANE_BYTES): ObjectPane {
  const { managedFields: _dropped, ...metadata } = (object.metadata ?? {}) as Record<string, unknown>;
  const { yaml, bytes, cut } = capYaml(stringify({ ...object, metadata }), maxBytes);
  const name = typeof metadata['name'] === 'string' ? metadata['name'] : '';
  const note = cut
    ? `Cut at ${kib(maxBytes)} of ${kib(bytes)}: kubectl get ${kind.toLowerCase()} -n ${String(metadata['namespace'] ?? '')} ${name} -o yaml shows all of it.`
    : '';
  return { kind, name, state: 'shown', yaml, note };
}

/** The pane of an object that is not there (`finished`: the job will not make it any more). */
export function absentPane(kind: string, name: string, finished: boolean): ObjectPane {
  const note = finished ? 'Not found (the job has finished).' : 'Not created yet.';
  return { kind, name, state: 'absent', yaml: '', note };
}

/** The pane of an object the API server would not give: its answer (`forbidden: ...`). */
export function refusedPane(kind: string, name: string, error: unknown): ObjectPane {
  const note =
    error instanceof ApiError ? apiFailureText(error) : `cannot read it: ${(error as Error).message}`;
  return { kind, name, state: 'refused', yaml: '', note };
}

type Read = { kind: Fetched; object?: KubeObject | undefined; error?: unknown };

async function read(port: ClusterPort, kind: Fetched, namespace: string, name: string): Promise<Read> {
  try {
    return { kind, object: await port.getObject(kind, namespace, name) };
  } catch (error) {
    return { kind, error };
  }
}

/**
 * The workload's pane: the kind found (`known`, once found, is the only one read again); else the
 * first refusal; else absent. Both kinds are tried until one is found: the TrainJob does not say
 * which backend its runtime uses.
 */
export async function readWorkloadPane(
  port: ClusterPort,
  namespace: string,
  name: string,
  finished: boolean,
  known?: Fetched,
): Promise<ObjectPane> {
  const reads = await Promise.all((known ? [known] : WORKLOADS).map((k) => read(port, k, namespace, name)));
  const found = reads.find((r) => r.object);
  if (found?.object) return shownPane(found.kind, found.object);
  const refused = reads.find((r) => r.error !== undefined);
  if (refused) return refusedPane(refused.kind, name, refused.error);
  return absentPane(known ?? WORKLOADS.join(' / '), name, finished);
}

/** The runtime snapshot's pane. */
export async function readSnapshotPane(
  port: ClusterPort,
  namespace: string,
  name: string,
  finished: boolean,
): Promise<ObjectPane> {
  const configMap = runtimeSnapshotName({ metadata: { name, namespace } });
  const r = await read(port, 'ConfigMap', namespace, configMap);
  if (r.object) return shownPane('ConfigMap', r.object);
  if (r.error !== undefined) return refusedPane('ConfigMap', configMap, r.error);
  return absentPane('ConfigMap', configMap, finished);
}

/** What {@link followJobObjects} returns. */
export interface JobObjectsFollower {
  /** The job changed (`finished`: it is Complete or Failed): read its objects again, soon. */
  changed(finished: boolean): void;
  stop(): void;
}

/**
 * Reads the objects of `namespace/name` on the first `changed`, then again on a later one at most
 * every OBJECTS_GAP_MS (one read at a time); calls `send` when a pane differs from the last sent.
 */
export function followJobObjects(
  port: ClusterPort,
  namespace: string,
  name: string,
  send: (objects: JobObjects) => void,
): JobObjectsFollower {
  let stopped = false;
  let busy = false;
  let again = false;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let known: Fetched | undefined;
  let last = '';
  const run = async (): Promise<void> => {
    busy = true;
    const [workload, snapshot] = await Promise.all([
      readWorkloadPane(port, namespace, name, finished, known),
      readSnapshotPane(port, namespace, name, finished),
    ]);
    if (workload.state === 'shown') known = workload.kind as Fetched;
    const objects: JobObjects = { workload, snapshot };
    const text = JSON.stringify(objects);
    if (!stopped && text !== last) {
      last = text;
      send(objects);
    }
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      busy = false;
      if (again && !stopped) {
        again = false;
        void run();
      }
    }, OBJECTS_GAP_MS);
  };
  return {
    changed(isFinished) {
      finished = isFinished;
      if (stopped) return;
      if (busy) again = true;
      else void run();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
