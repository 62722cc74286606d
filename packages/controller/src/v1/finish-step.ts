// SPDX-License-Identifier: Apache-2.0
// The step of a finished v1 job (upstream's ReconcileJobs when the job is Succeeded or Failed): delete
// the pods cleanPodPolicy names (and their Services) and the PodGroup, then, with
// ttlSecondsAfterFinished, requeue until the TTL is over and delete the job.
import { podsToClean, ttlRemainingMs } from '@kubetrain/runtime/v1';
import { removePodGroup } from './gang-steps.js';
import type { V1JobMemory } from './job-memory.js';
import { deleteObject, deletePods } from './owned-objects.js';
import type { Pass, Requeue, V1ReconcilerDeps } from './reconcile-pass.js';

/** Finished: delete what cleanPodPolicy says, then the TTL. */
export async function finishJob(deps: V1ReconcilerDeps, memory: V1JobMemory, pass: Pass): Promise<Requeue> {
  const { job, status } = pass;
  await deletePods(deps.client, memory, pass, podsToClean(pass.pods, job.spec.runPolicy?.cleanPodPolicy));
  await removePodGroup(deps, pass);
  const remaining = ttlRemainingMs(job.spec.runPolicy, status.completionTime, pass.now);
  if (remaining === undefined) return {};
  if (remaining > 0) return { requeueAfterMs: remaining };
  await deleteObject(deps.client, deps.resource, job);
  memory.dropRecreations(job.metadata?.uid ?? '');
  return {};
}
