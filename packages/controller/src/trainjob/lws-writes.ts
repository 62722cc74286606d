// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet backend's writes besides the applies: the status's merge patch of the
// LeaderWorkerSet (the group's progress annotation, and `spec.replicas: 0` once the job is
// finished), the deletion of a failed attempt's leader pod (the LeaderWorkerSet then recreates the
// group), and, past the active deadline, the deletion of the LeaderWorkerSet and the initializer
// Jobs (where the JobSet backend deletes the JobSet).

import { FieldManagers, type TrainJob } from '@kubetrain/api/core';
import {
  ConflictError,
  isNotFound,
  keyOf,
  type KubeApi,
  type KubeObject,
  type Logger,
} from '../cluster/kube.js';
import { ManagerResources, UnknownResourceError } from '../cluster/resources.js';
import type { GroupRecreateRequest, ObservedLeaderWorkerSet, WorkloadPatch } from '../engine/engine-port.js';
import { initializerJobProjection, leaderWorkerSetProjection } from './lws-projections.js';
import { JobResource, type LeaderWorkerSetWatches } from './lws-watches.js';

/** What the writes need of the reconciler. */
export interface LeaderWorkerSetWriteDeps {
  readonly client: KubeApi;
  readonly leaderWorkerSets?: LeaderWorkerSetWatches;
}

/**
 * Sends `workloadPatch` as a JSON merge patch (a patch, not an apply: the apply's field manager
 * never owns the progress annotation, so a later apply never removes it) and records the written
 * object in its store. A NotFound (the object went away meanwhile) is not an error.
 */
export async function patchWorkload(
  deps: LeaderWorkerSetWriteDeps,
  workloadPatch: WorkloadPatch,
): Promise<void> {
  const { key, patch } = workloadPatch;
  const isGroup = key.group === ManagerResources.LeaderWorkerSet.group && key.kind === 'LeaderWorkerSet';
  const isJob = key.group === JobResource.group && key.kind === 'Job';
  if (!isGroup && !isJob) throw new UnknownResourceError(key.group, key.kind);
  let written: KubeObject;
  try {
    written = await deps.client.patch(
      isGroup ? ManagerResources.LeaderWorkerSet : JobResource,
      key.name,
      patch,
      {
        type: 'merge',
        namespace: key.namespace,
        fieldManager: FieldManagers.Trainer,
      },
    );
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  const watches = deps.leaderWorkerSets;
  if (isGroup) watches?.leaderWorkerSets.recordWrite(leaderWorkerSetProjection(written));
  else watches?.jobs.recordWrite(initializerJobProjection(written));
}

/**
 * Deletes the leader pod of `request` with foreground propagation, as the LeaderWorkerSet controller
 * does under `RecreateGroupOnPodRestart` (the worker StatefulSet, owned by the leader, goes with
 * it, and the LeaderWorkerSet recreates the whole group), on the precondition of its uid: a leader
 * gone or already replaced is not an error.
 */
export async function recreateGroup(
  deps: LeaderWorkerSetWriteDeps,
  request: GroupRecreateRequest,
): Promise<void> {
  const { key, uid } = request;
  if (key.group !== '' || key.kind !== 'Pod') throw new UnknownResourceError(key.group, key.kind);
  try {
    await deps.client.delete(ManagerResources.Pod, key.name, {
      namespace: key.namespace,
      propagationPolicy: 'Foreground',
      preconditions: { uid },
    });
  } catch (error) {
    if (!isNotFound(error) && !(error instanceof ConflictError)) throw error;
  }
}

/**
 * Deletes the TrainJob's LeaderWorkerSet and its initializer Jobs (their pods with them: background
 * propagation), past the active deadline. NotFound is fine; other errors are only logged, as for
 * the JobSet (the deadline is already decided).
 */
export async function deleteLeaderWorkerSet(
  deps: LeaderWorkerSetWriteDeps,
  trainJob: TrainJob,
  observed: ObservedLeaderWorkerSet | undefined,
  log: () => Logger,
): Promise<void> {
  const namespace = trainJob.metadata?.namespace ?? '';
  const targets = [
    {
      ref: ManagerResources.LeaderWorkerSet,
      name: trainJob.metadata?.name ?? '',
      store: deps.leaderWorkerSets?.leaderWorkerSets,
    },
    ...(observed?.jobs ?? []).map((j) => ({
      ref: JobResource,
      name: j.metadata?.name ?? '',
      store: deps.leaderWorkerSets?.jobs,
    })),
  ];
  for (const t of targets) {
    try {
      await deps.client.delete(t.ref, t.name, { namespace, propagationPolicy: 'Background' });
      t.store?.recordDelete(keyOf(namespace, t.name));
    } catch (error) {
      if (!isNotFound(error))
        log().error('Failed to delete the workload of a TrainJob past its deadline', {
          error,
          kind: t.ref.kind,
          object: t.name,
        });
    }
  }
}
