// SPDX-License-Identifier: Apache-2.0
// The reconcile's gang-scheduling steps (upstream's ReconcileJobs around SyncPodGroup and
// DeletePodGroup): sync the PodGroup before pods are made, delete it once the job is finished or
// suspended. Without `--gang-scheduler-name` both are no-ops.
import { delaysPodCreation } from '@kubetrain/runtime/v1';
import { replicaOrder, type Pass, type V1ReconcilerDeps } from './reconcile-pass.js';

/** How soon a job whose Volcano PodGroup is not admitted yet is looked at again. */
export const POD_GROUP_POLL_MS = 1000;

/**
 * Gang scheduling: creates or updates the PodGroup; false when pods must wait (the sync failed, or
 * Volcano has not admitted the PodGroup), as upstream's `syncReplicas = false`.
 */
export async function syncPodGroup(deps: V1ReconcilerDeps, pass: Pass): Promise<boolean> {
  const sync = deps.podGroups;
  if (sync === undefined) return true;
  try {
    const group = await sync.sync(pass.job, pass.specs, replicaOrder(deps.framework, pass.specs));
    return !delaysPodCreation(sync.gang, group);
  } catch (error) {
    deps.logger.warn('sync PodGroup', {
      job: `${pass.job.metadata?.namespace}/${pass.job.metadata?.name}`,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** Gang scheduling: deletes the PodGroup of a finished or suspended job (upstream's events). */
export async function removePodGroup(deps: V1ReconcilerDeps, pass: Pass): Promise<void> {
  const sync = deps.podGroups;
  if (sync === undefined) return;
  if (!(await sync.remove(pass.job))) return;
  pass.events.push(
    { type: 'Normal', reason: 'JobTerminated', note: 'Job has been terminated. Deleting PodGroup' },
    {
      type: 'Normal',
      reason: 'SuccessfulDeletePodGroup',
      note: `Deleted PodGroup: ${pass.job.metadata?.name}`,
    },
  );
}
