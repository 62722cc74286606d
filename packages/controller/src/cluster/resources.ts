// SPDX-License-Identifier: Apache-2.0
// The resources the manager reads and writes, and the lookup from a rendered object's
// apiVersion/kind to its resource.

import { API_VERSION, Kinds, Resources } from '@kubetrain/api';
import { CoreResources, resourceRef, type ResourceRef } from './kube.js';

/** The resources of the manager, by kind. */
export const ManagerResources = {
  TrainJob: resourceRef(API_VERSION, Resources.TrainJob, Kinds.TrainJob),
  TrainingRuntime: resourceRef(API_VERSION, Resources.TrainingRuntime, Kinds.TrainingRuntime),
  ClusterTrainingRuntime: resourceRef(
    API_VERSION,
    Resources.ClusterTrainingRuntime,
    Kinds.ClusterTrainingRuntime,
    false,
  ),
  JobSet: resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet'),
  LeaderWorkerSet: resourceRef('leaderworkerset.x-k8s.io/v1', 'leaderworkersets', 'LeaderWorkerSet'),
  ConfigMap: CoreResources.ConfigMap,
  Secret: CoreResources.Secret,
  Pod: CoreResources.Pod,
  Lease: CoreResources.Lease,
  Event: resourceRef('events.k8s.io/v1', 'events', 'Event'),
} as const satisfies Record<string, ResourceRef>;

/** Resources rendered objects may have, by `apiVersion` and `kind`. */
const RENDERED: readonly ResourceRef[] = [
  ManagerResources.JobSet,
  ManagerResources.LeaderWorkerSet,
  ManagerResources.ConfigMap,
  ManagerResources.Secret,
  resourceRef('scheduling.x-k8s.io/v1alpha1', 'podgroups', 'PodGroup'),
  resourceRef('scheduling.volcano.sh/v1beta1', 'podgroups', 'PodGroup'),
];

/** A rendered object of a kind the manager has no resource for. */
export class UnknownResourceError extends Error {
  constructor(apiVersion: string, kind: string) {
    super(`no resource known for ${kind} of ${apiVersion}`);
    this.name = 'UnknownResourceError';
  }
}

/** The resource of objects of `apiVersion` and `kind`; throws {@link UnknownResourceError}. */
export function resourceFor(apiVersion: string, kind: string): ResourceRef {
  const found = RENDERED.find(
    (r) => r.kind === kind && (r.group === '' ? r.version : `${r.group}/${r.version}`) === apiVersion,
  );
  if (found === undefined) throw new UnknownResourceError(apiVersion, kind);
  return found;
}
