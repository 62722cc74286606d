// SPDX-License-Identifier: Apache-2.0
// What the manager watches for the LeaderWorkerSet backend (gate `LeaderWorkerSetBackend`), and
// the observation the engine's LeaderWorkerSet status is computed from:
// - LeaderWorkerSets (owned by TrainJobs; kept as metadata, replicas, size and status);
// - the initializer Jobs (batch/v1, owned, selected by kubetrain's TrainJob label);
// - the group's pods, selected by the label `leaderworkerset.sigs.k8s.io/name` (not owned by the
//   TrainJob: a pod maps to the TrainJob `<namespace>/<that label>`), kept as a small projection.
// A pod deleted before a reconcile saw its last state (the LeaderWorkerSet recreates a group within
// a second) is kept from its DELETED event until a status computed with it has been written.

import { Kinds, LWSKeys } from '@kubetrain/api/core';
import {
  controllerOwnerKey,
  keyOf,
  resourceRef,
  Store,
  type KubeObject,
  type Logger,
  type ResourceRef,
} from '../cluster/kube.js';
import { freshest } from '../cluster/freshest.js';
import { ManagerResources } from '../cluster/resources.js';
import type { ObjectKey, ObservedLeaderWorkerSet, ObservedPod } from '../engine/engine-port.js';
import { initializerJobProjection, leaderWorkerSetProjection, podProjection } from './lws-projections.js';
import { OWNED_SELECTOR } from './owned-marks.js';

/** The batch/v1 Jobs resource (initializer steps of LeaderWorkerSet-backed TrainJobs). */
export const JobResource: ResourceRef = resourceRef('batch/v1', 'jobs', 'Job');

/** Index of the pod store: `<namespace>/<LeaderWorkerSet name>` of the group a pod belongs to. */
const GROUP_INDEX = 'leaderWorkerSet';

/** How many deleted pods are kept per TrainJob at most (a group of this size twice over is plenty). */
export const MAX_DELETED_PODS = 256;

/** One reflector the manager starts for the backend. */
export interface WatchSource {
  readonly resource: ResourceRef;
  readonly store: Store;
  readonly labelSelector?: string;
  readonly transform: (object: KubeObject) => KubeObject;
}

/** How store events reach the TrainJob queue. */
export interface Enqueuers {
  /** Queue the TrainJob key now. */
  readonly now: (key: string) => void;
  /** Queue it after the coalescing window (status bursts). */
  readonly soon: (key: string) => void;
  /**
   * Queue it for an object of the initial LIST (a restarted manager): the TrainJob's own add
   * decides its priority (setup.ts). Default: `now`.
   */
  readonly initial?: (key: string) => void;
}

function groupOf(pod: KubeObject): string[] {
  const name = pod.metadata?.labels?.[LWSKeys.Name];
  return name === undefined ? [] : [keyOf(pod.metadata?.namespace, name)];
}

function isComplete(job: KubeObject | undefined): boolean {
  const conditions = (job as { status?: { conditions?: Array<{ type: string; status: string }> } })?.status
    ?.conditions;
  return conditions?.some((c) => c.type === 'Complete' && c.status === 'True') === true;
}

/** The stores, watches and observations of the LeaderWorkerSet backend. */
export class LeaderWorkerSetWatches {
  /** LeaderWorkerSets: metadata, replicas, size and status. */
  readonly leaderWorkerSets: Store;
  /** Initializer Jobs with kubetrain's TrainJob label: metadata, suspend and status. */
  readonly jobs: Store;
  /** Pods of LeaderWorkerSets, as {@link podProjection}; indexed by {@link GROUP_INDEX}. */
  readonly pods: Store;
  /** Pods deleted since the last status written, by TrainJob key, by uid. */
  private readonly deleted = new Map<string, Map<string, KubeObject>>();

  constructor(logger: Logger) {
    this.leaderWorkerSets = new Store({ logger });
    this.jobs = new Store({ logger });
    this.pods = new Store({ logger, indexers: { [GROUP_INDEX]: groupOf } });
  }

  /** The reflectors to start: LeaderWorkerSets, initializer Jobs (label-selected), pods (label-selected). */
  sources(): WatchSource[] {
    return [
      {
        resource: ManagerResources.LeaderWorkerSet,
        store: this.leaderWorkerSets,
        transform: leaderWorkerSetProjection,
      },
      {
        resource: JobResource,
        store: this.jobs,
        labelSelector: OWNED_SELECTOR,
        transform: initializerJobProjection,
      },
      {
        resource: ManagerResources.Pod,
        store: this.pods,
        labelSelector: LWSKeys.Name,
        transform: podProjection,
      },
    ];
  }

  /**
   * Queues TrainJobs on changes: a LeaderWorkerSet's or Job's controller owner (creations and
   * deletions at once, updates after the coalescing window), a pod's group (`<ns>/<label>`; a
   * deleted pod is kept for the next status).
   */
  connect(enqueue: Enqueuers): void {
    const initial = enqueue.initial ?? enqueue.now;
    for (const store of [this.leaderWorkerSets, this.jobs]) {
      const owner = (queue: (key: string) => void) => (object: KubeObject) => {
        const key = controllerOwnerKey(object, Kinds.TrainJob);
        if (key !== undefined) queue(key);
      };
      store.addHandler({
        onAdd: (o, initialList) => owner(initialList ? initial : enqueue.now)(o),
        onUpdate: (_old, o) => owner(enqueue.soon)(o),
        onDelete: owner(enqueue.now),
      });
    }
    const group = (queue: (key: string) => void) => (pod: KubeObject) => {
      for (const key of groupOf(pod)) queue(key);
    };
    this.pods.addHandler({
      onAdd: (pod, initialList) => group(initialList ? initial : enqueue.soon)(pod),
      onUpdate: (_old, o) => group(enqueue.soon)(o),
      onDelete: (pod) => {
        for (const key of groupOf(pod)) this.keepDeleted(key, pod);
        group(enqueue.now)(pod);
      },
    });
  }

  private keepDeleted(key: string, pod: KubeObject): void {
    const kept = this.deleted.get(key) ?? new Map<string, KubeObject>();
    if (kept.size >= MAX_DELETED_PODS) kept.delete(kept.keys().next().value as string);
    kept.set(pod.metadata?.uid ?? pod.metadata?.name ?? '', pod);
    this.deleted.set(key, kept);
  }

  /** The live LeaderWorkerSet `<tj>` of this TrainJob (owned by its uid), or our newer write of it. */
  leaderWorkerSetOf(namespace: string, name: string, uid: string): KubeObject | undefined {
    const live = freshest(this.leaderWorkerSets.getOrRecent(keyOf(namespace, name)));
    if (live === undefined) return undefined;
    const owners = live.metadata?.ownerReferences ?? [];
    return owners.some((o) => o.uid === uid) ? live : undefined;
  }

  /**
   * What the status reads for the TrainJob `<namespace>/<name>` (uid `uid`): its LeaderWorkerSet,
   * the pods of the group (and those deleted since the last status written), its initializer Jobs.
   */
  observe(namespace: string, name: string, uid: string): ObservedLeaderWorkerSet {
    const key = keyOf(namespace, name);
    const object = this.leaderWorkerSetOf(namespace, name, uid);
    const live = this.pods.byIndex(GROUP_INDEX, key);
    const liveUids = new Set(live.map((p) => p.metadata?.uid));
    const gone = [...(this.deleted.get(key)?.values() ?? [])].filter((p) => !liveUids.has(p.metadata?.uid));
    const jobs = this.jobs.byIndex('ownerUid', uid);
    return {
      ...(object !== undefined ? { object: object as NonNullable<ObservedLeaderWorkerSet['object']> } : {}),
      pods: [...live, ...gone] as ObservedPod[],
      jobs,
    };
  }

  /** A status computed from {@link observe} was written: the deleted pods it saw are no longer needed. */
  settled(namespace: string, name: string, seen: ObservedLeaderWorkerSet): void {
    const key = keyOf(namespace, name);
    const kept = this.deleted.get(key);
    if (kept === undefined) return;
    for (const pod of seen.pods) kept.delete((pod.metadata?.uid ?? pod.metadata?.name ?? '') as string);
    if (kept.size === 0) this.deleted.delete(key);
  }

  /** Forgets what is kept for the TrainJob `<namespace>/<name>` (deleted). */
  forget(key: string): void {
    this.deleted.delete(key);
  }

  /**
   * Whether every object of `after` exists and is finished: each names a batch/v1 Job in the store
   * with condition `Complete=True` (the initializers a LeaderWorkerSet waits for).
   */
  afterSatisfied(after: readonly ObjectKey[] | undefined): boolean {
    return (after ?? []).every(
      (k) => k.group === 'batch' && k.kind === 'Job' && isComplete(this.jobs.getByName(k.namespace, k.name)),
    );
  }
}
