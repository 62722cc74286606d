// SPDX-License-Identifier: Apache-2.0
// The kinds the plugins read or own, declared once by each plugin: the controller derives its
// watches, its apply policies and its RBAC rules from this one list (upstream spreads them over
// each plugin's `ReconcilerBuilders`, its RBAC markers and the `Build` code that skips objects).

import { ForeignKinds } from '@kubetrain/api/core';

/**
 * How the controller applies a desired object (upstream's behaviour per object):
 * - `always`: server-side applied on every reconcile of an unfinished TrainJob.
 * - `whileAbsentOrSuspended`: applied when the object does not exist, or the TrainJob is suspended,
 *   or the existing object is suspended (`spec.suspend: true`); a running object is never
 *   re-applied (upstream's JobSet and PodGroups).
 * - `createOnly`: created when absent, never updated (the MPI SSH Secret, the runtime snapshot).
 */
export type ApplyPolicy = 'always' | 'whileAbsentOrSuspended' | 'createOnly';

/** A Kubernetes kind with the resource name its REST path and RBAC rules use. */
export interface KindRef {
  /** API group; `''` for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** The plural resource name (`jobsets`, `configmaps`, ...). */
  readonly resource: string;
}

/** A kind a plugin creates and owns (objects with a controller ownerReference to the TrainJob). */
export interface OwnedKind extends KindRef {
  readonly owned: true;
  /** How the plugin's objects of this kind are applied. */
  readonly policy: ApplyPolicy;
}

/** A kind a plugin only reads: `watch` when its changes re-queue TrainJobs, else read on demand. */
export interface ReadKind extends KindRef {
  readonly owned: false;
  readonly watch: boolean;
}

/** One kind a plugin declares. */
export type KindUse = OwnedKind | ReadKind;

/** One kind of {@link watchedKinds}: what every declaring plugin needs of it, merged. */
export interface WatchedKind extends KindRef {
  /** Some plugin (or the engine) creates objects of this kind owned by the TrainJob. */
  readonly owned: boolean;
  /** The controller watches it (owned kinds always are). */
  readonly watch: boolean;
}

function gvkOf(apiVersion: string, kind: string, resource: string): KindRef {
  const slash = apiVersion.indexOf('/');
  return {
    group: slash < 0 ? '' : apiVersion.slice(0, slash),
    version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1),
    kind,
    resource,
  };
}

/** The kinds the plugins and the engine name, as {@link KindRef}s. */
export const KindRefs = {
  JobSet: gvkOf(ForeignKinds.JobSet.apiVersion, ForeignKinds.JobSet.kind, 'jobsets'),
  SchedulerPluginsPodGroup: gvkOf(
    ForeignKinds.SchedulerPluginsPodGroup.apiVersion,
    ForeignKinds.SchedulerPluginsPodGroup.kind,
    'podgroups',
  ),
  VolcanoPodGroup: gvkOf(
    ForeignKinds.VolcanoPodGroup.apiVersion,
    ForeignKinds.VolcanoPodGroup.kind,
    'podgroups',
  ),
  LeaderWorkerSet: gvkOf(
    ForeignKinds.LeaderWorkerSet.apiVersion,
    ForeignKinds.LeaderWorkerSet.kind,
    'leaderworkersets',
  ),
  Job: gvkOf('batch/v1', 'Job', 'jobs'),
  Pod: gvkOf('v1', 'Pod', 'pods'),
  PersistentVolumeClaim: gvkOf('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims'),
  ConfigMap: gvkOf('v1', 'ConfigMap', 'configmaps'),
  Secret: gvkOf('v1', 'Secret', 'secrets'),
  LimitRange: gvkOf('v1', 'LimitRange', 'limitranges'),
  RuntimeClass: gvkOf('node.k8s.io/v1', 'RuntimeClass', 'runtimeclasses'),
  PriorityClass: gvkOf('scheduling.k8s.io/v1', 'PriorityClass', 'priorityclasses'),
} as const satisfies Record<string, KindRef>;

/** An owned kind applied with `policy`. */
export function owns(kind: KindRef, policy: ApplyPolicy): OwnedKind {
  return { ...kind, owned: true, policy };
}

/** A kind read (and watched when `watch`). */
export function reads(kind: KindRef, watch: boolean): ReadKind {
  return { ...kind, owned: false, watch };
}

/** The kinds the engine itself owns: the runtime snapshot ConfigMap (created once, never updated). */
export const engineKinds: readonly KindUse[] = [owns(KindRefs.ConfigMap, 'createOnly')];

/** `group/kind` of a {@link KindRef}. */
export function groupKindOf(kind: Pick<KindRef, 'group' | 'kind'>): string {
  return `${kind.group}/${kind.kind}`;
}

/** The group of an `apiVersion` (`''` for `v1`). */
export function groupOfApiVersion(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * Every kind the engine and `plugins` read or own, merged per group/version/kind (owned and watched
 * when any declaration says so), sorted by group, then kind. The controller watches the entries with
 * `watch`, and its RBAC rules follow: owned kinds get create/get/list/watch/update/patch, read kinds
 * get/list(/watch).
 */
export function watchedKinds(plugins: ReadonlyArray<{ readonly kinds?: readonly KindUse[] }>): WatchedKind[] {
  const merged = new Map<string, WatchedKind>();
  for (const use of [...engineKinds, ...plugins.flatMap((p) => p.kinds ?? [])]) {
    const key = `${use.group}/${use.version}/${use.kind}`;
    const prev = merged.get(key);
    const owned = use.owned || (prev?.owned ?? false);
    const watch = owned || (use.owned ? true : use.watch) || (prev?.watch ?? false);
    merged.set(key, {
      group: use.group,
      version: use.version,
      kind: use.kind,
      resource: use.resource,
      owned,
      watch,
    });
  }
  return [...merged.values()].sort(
    (a, b) =>
      a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind) || a.version.localeCompare(b.version),
  );
}
