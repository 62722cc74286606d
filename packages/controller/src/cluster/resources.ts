// SPDX-License-Identifier: Apache-2.0
// The resources the manager reads and writes, and the lookup from a rendered object's
// apiVersion/kind to its resource.

import { TrainerResourceRefs } from '@kubetrain/api/core';
import { CoreResources, resourceRef, type ResourceRef } from './kube.js';

/** The resources of the manager, by kind. */
export const ManagerResources = {
  ...TrainerResourceRefs,
  JobSet: resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet'),
  LeaderWorkerSet: resourceRef('leaderworkerset.x-k8s.io/v1', 'leaderworkersets', 'LeaderWorkerSet'),
  ConfigMap: CoreResources.ConfigMap,
  Secret: CoreResources.Secret,
  Pod: CoreResources.Pod,
  /** A JobSet's Jobs, listed when it restarts (the failed Job is the restart's cause). */
  Job: resourceRef('batch/v1', 'jobs', 'Job'),
  Lease: CoreResources.Lease,
  Event: resourceRef('events.k8s.io/v1', 'events', 'Event'),
} as const satisfies Record<string, ResourceRef>;

/** A rendered object of a kind the manager has no resource for. */
export class UnknownResourceError extends Error {
  constructor(apiVersion: string, kind: string) {
    super(`no resource known for ${kind} of ${apiVersion}`);
    this.name = 'UnknownResourceError';
  }
}

/** A kind as the engine declares it: group, version, kind and plural resource (all namespaced). */
interface DeclaredKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly resource: string;
}

/** Finds the resource of rendered objects among the kinds the engine declares it creates. */
export class ResourceIndex {
  private readonly byGvk = new Map<string, ResourceRef>();

  constructor(kinds: readonly DeclaredKind[]) {
    for (const k of kinds) {
      const apiVersion = k.group === '' ? k.version : `${k.group}/${k.version}`;
      this.byGvk.set(`${apiVersion}/${k.kind}`, resourceRef(apiVersion, k.resource, k.kind));
    }
  }

  /** The resource of objects of `apiVersion` and `kind`; throws {@link UnknownResourceError}. */
  resourceFor(apiVersion: string, kind: string): ResourceRef {
    const found = this.byGvk.get(`${apiVersion}/${kind}`);
    if (found === undefined) throw new UnknownResourceError(apiVersion, kind);
    return found;
  }
}
