// SPDX-License-Identifier: Apache-2.0
// What the dashboard asks of the cluster, as one port: shared watches and the three actions. The
// real one uses the user's own client (their kubeconfig's credentials; the dashboard has none of its
// own); tests hand the server an in-memory one.

import type { V1KindName } from '@kubetrain/api/core';
import {
  CoreResources,
  isNotFound,
  resourceRef,
  type KubeObject,
  type ResourceRef,
  type Transform,
} from '@kubetrain/kube';
import type { Session } from '../cluster/connect.js';
import { followLogUntilPodEnds } from '../cluster/follow-log.js';
import { readLogLines } from '../cluster/pod-logs.js';
import { podsOf } from '../cluster/read-trainjobs.js';
import type { PodObject } from '../cluster/trainjob-view.js';
import { Refs } from '../cluster/refs.js';
import { reflectorSource } from './reflector-source.js';
import { runtimeFacts } from './runtime-gpus.js';
import { V1_KINDS, v1Ref, v1Resource, type V1Resource } from './v1-kinds.js';
import type { WatchSource } from './watch-hub.js';

/** The resources the dashboard watches (runtimes kept reduced: runtime-gpus.ts). */
export type Watched =
  'trainjobs' | 'pods' | 'events' | 'clustertrainingruntimes' | 'trainingruntimes' | V1Resource;

/** The objects of a job the dashboard reads by name (its page's YAML panes). */
export type Fetched = 'JobSet' | 'LeaderWorkerSet' | 'ConfigMap';

/** See the module comment. */
export interface ClusterPort {
  /** A new watch of `resource` in `namespace` (undefined: every namespace), optionally by label. */
  watch(resource: Watched, namespace: string | undefined, labelSelector?: string): WatchSource<KubeObject>;
  setSuspend(namespace: string, name: string, suspend: boolean): Promise<void>;
  deleteTrainJob(namespace: string, name: string): Promise<void>;
  /** Sets `spec.runPolicy.suspend` of a v1 job. */
  setV1Suspend(kind: V1KindName, namespace: string, name: string, suspend: boolean): Promise<void>;
  deleteV1Job(kind: V1KindName, namespace: string, name: string): Promise<void>;
  /** The last `lines` lines of a container's log (`pods/log`); a refusal throws its ApiError. */
  logTail(namespace: string, pod: string, container: string, lines: number): Promise<string[]>;
  /**
   * Calls `print` with each line of the log as it is written, until `ended` resolves (the pod
   * ended) and its last line is printed, or `stop` is aborted; a refusal rejects with its ApiError.
   */
  followLog(
    target: LogTarget,
    ended: Promise<void>,
    print: (line: string) => void,
    stop: AbortSignal,
  ): Promise<void>;
  /** The pods of the TrainJob `name` (either backend). */
  podsOf(namespace: string, name: string): Promise<PodObject[]>;
  /** The whole log, line by line (`pods/log`); a refusal throws its ApiError. */
  readLog(target: LogTarget, signal: AbortSignal): AsyncIterable<string>;
  /** The object `kind` `namespace/name`, or undefined when there is none (404); a refusal throws its ApiError. */
  getObject(kind: Fetched, namespace: string, name: string): Promise<KubeObject | undefined>;
}

/** A container's log. */
export interface LogTarget {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
}

/** The key of a watch in the hub: one per resource, namespace and selector. */
export function watchKey(resource: Watched, namespace: string | undefined, labelSelector?: string): string {
  return `${resource}/${namespace ?? '*'}/${labelSelector ?? ''}`;
}

const refs: Readonly<Record<Watched, ResourceRef>> = {
  trainjobs: Refs.TrainJob,
  pods: Refs.Pod,
  events: Refs.Event,
  clustertrainingruntimes: Refs.ClusterTrainingRuntime,
  trainingruntimes: Refs.TrainingRuntime,
  ...(Object.fromEntries(V1_KINDS.map((k) => [v1Resource(k), v1Ref(k)])) as Record<V1Resource, ResourceRef>),
};

/** What the watches keep of each object: the runtimes reduced, the rest whole (but managedFields). */
function transformOf(resource: Watched): Transform | undefined {
  return resource === 'clustertrainingruntimes' || resource === 'trainingruntimes' ? runtimeFacts : undefined;
}

const fetchedRefs = {
  JobSet: resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet'),
  LeaderWorkerSet: resourceRef('leaderworkerset.x-k8s.io/v1', 'leaderworkersets', 'LeaderWorkerSet'),
  ConfigMap: CoreResources.ConfigMap,
} as const;

/** The port over the user's own session (their kubeconfig's client). */
export function kubeClusterPort(session: Session): ClusterPort {
  const client = session.client;
  return {
    watch: (resource, namespace, labelSelector) =>
      reflectorSource(client, {
        resource: refs[resource],
        namespace,
        labelSelector,
        transform: transformOf(resource),
      }),
    async setSuspend(namespace, name, suspend) {
      await client.patch(Refs.TrainJob, name, { spec: { suspend } }, { type: 'merge', namespace });
    },
    async deleteTrainJob(namespace, name) {
      await client.delete(Refs.TrainJob, name, { namespace, propagationPolicy: 'Background' });
    },
    async setV1Suspend(kind, namespace, name, suspend) {
      await client.patch(
        v1Ref(kind),
        name,
        { spec: { runPolicy: { suspend } } },
        { type: 'merge', namespace },
      );
    },
    async deleteV1Job(kind, namespace, name) {
      await client.delete(v1Ref(kind), name, { namespace, propagationPolicy: 'Background' });
    },
    async logTail(namespace, pod, container, lines) {
      const read: string[] = [];
      for await (const line of readLogLines(session, { namespace, pod, container, tailLines: lines }))
        read.push(line);
      return read;
    },
    followLog: (target, ended, print, stop) => followLogUntilPodEnds(session, target, ended, print, stop),
    podsOf: (namespace, name) => podsOf(session, namespace, name),
    readLog: (target, signal) => readLogLines(session, { ...target, signal }),
    async getObject(kind, namespace, name) {
      try {
        return await client.get(fetchedRefs[kind], name, { namespace });
      } catch (e) {
        // A missing CRD (no LeaderWorkerSet installed) answers 404 too: nothing of that kind.
        if (isNotFound(e)) return undefined;
        throw e;
      }
    },
  };
}
