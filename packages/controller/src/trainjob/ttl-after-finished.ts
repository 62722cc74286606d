// SPDX-License-Identifier: Apache-2.0
// TTL after finished (KEP-2899, kubeflow/trainer#4052): a finished TrainJob is deleted once its
// `spec.ttlSecondsAfterFinished`, else its runtime's `runPolicy.ttlSecondsAfterFinished`, has passed
// since it finished (`status.completionTime`). The deletion is the TrainJob's own, so everything it
// owns (JobSet or LeaderWorkerSet, pods, snapshot, Secrets) goes with it through the garbage
// collector: propagation `Foreground`, as the Job TTL controller deletes a Job, and with a uid
// precondition, so that a TrainJob created again under the same name is never the one deleted.
// Nothing is kept in memory: the expiry is computed from the stored status on every reconcile, and
// the wait is a requeue (the work queue's timers hold any delay: kube's setLongTimeout), so a
// manager restart recomputes it.
import {
  ttlAfterFinished,
  type RunPolicyTtlView,
  type TrainJob,
  type TrainJobStatus,
} from '@kubetrain/api/core';
import { isConflict, isNotFound, type KubeApi, type Logger } from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';

/**
 * Deletes the finished `trainJob` (its status being `status`) when its TTL has passed at `now`;
 * returns the milliseconds left before it does, or undefined when nothing is left to wait for (no
 * TTL, not finished, or deleted now). A TrainJob already gone, or replaced by another of the same
 * name (the uid precondition's 409), is not an error; any other error is thrown, to be retried.
 */
export async function enforceTtlAfterFinished(
  client: KubeApi,
  trainJob: TrainJob,
  status: TrainJobStatus,
  runPolicy: RunPolicyTtlView | undefined,
  now: Date,
  log: () => Logger,
): Promise<number | undefined> {
  const ttl = ttlAfterFinished({ spec: trainJob.spec, status }, runPolicy);
  if (ttl === undefined) return undefined;
  const leftMs = ttl.expiresAtMs - now.getTime();
  if (leftMs > 0) return leftMs;
  const uid = trainJob.metadata?.uid;
  try {
    await client.delete(ManagerResources.TrainJob, trainJob.metadata?.name ?? '', {
      namespace: trainJob.metadata?.namespace,
      propagationPolicy: 'Foreground',
      ...(uid !== undefined ? { preconditions: { uid } } : {}),
    });
    log().info('Deleted a finished TrainJob after its TTL', {
      ttlSecondsAfterFinished: ttl.seconds,
      completionTime: ttl.finishedAt,
    });
  } catch (error) {
    if (!isNotFound(error) && !isConflict(error)) throw error;
  }
  return undefined;
}
