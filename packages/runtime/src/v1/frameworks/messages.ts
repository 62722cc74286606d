// SPDX-License-Identifier: Apache-2.0
// The condition messages of Training Operator v1 (kubeflow/training-operator: pkg/controller.v1/*).
import type { V1JobObject } from '../job-types.js';

function nameOf(job: V1JobObject): string {
  return job.metadata?.name ?? '';
}

/** Messages of the job conditions, by condition. */
export const V1Messages = {
  created: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is created.`,
  running: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is running.`,
  succeeded: (job: V1JobObject) =>
    `${job.kind} ${job.metadata?.namespace}/${nameOf(job)} successfully completed.`,
  restarting: (job: V1JobObject, failed: number, rtype: string) =>
    `${job.kind} ${nameOf(job)} is restarting because ${failed} ${rtype} replica(s) failed.`,
  failed: (job: V1JobObject, failed: number, rtype: string) =>
    `${job.kind} ${nameOf(job)} is failed because ${failed} ${rtype} replica(s) failed.`,
  suspended: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is suspended.`,
  resumed: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is resumed.`,
  backoffLimit: (job: V1JobObject) =>
    `Job ${nameOf(job)} has failed because it has reached the specified backoff limit`,
  deadline: (job: V1JobObject) =>
    `Job ${nameOf(job)} has failed because it was active longer than specified deadline`,
} as const;
