// SPDX-License-Identifier: Apache-2.0
// The condition messages of Training Operator v1.9.4, as its binary writes them
// (kubeflow/training-operator: pkg/controller.v1/*). The wording is not one per condition: each
// kind's UpdateJobStatus has its own, and within PyTorchJob and PaddleJob it depends on whether the
// job has a Master. `qualified` is the form that names the job `<namespace>/<name>`:
//   Running:   "<Kind> <name> is running."              "<Kind> <ns>/<name> is running."
//   Succeeded: "<Kind> <name> is successfully completed."  "<Kind> <ns>/<name> successfully completed."
// PyTorchJob and PaddleJob use the qualified form without a Master, JAXJob and TFJob always, XGBoostJob
// and MPIJob never. The shared pod reconcile (ReconcilePods) has its own lower-case "job" messages.
import type { V1JobObject } from '../job-types.js';

function nameOf(job: V1JobObject): string {
  return job.metadata?.name ?? '';
}

function qualifiedName(job: V1JobObject): string {
  return `${job.metadata?.namespace ?? ''}/${nameOf(job)}`;
}

/** Messages of the job conditions, by condition. */
export const V1Messages = {
  created: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is created.`,
  running: (job: V1JobObject, qualified: boolean) =>
    `${job.kind} ${qualified ? qualifiedName(job) : nameOf(job)} is running.`,
  succeeded: (job: V1JobObject, qualified: boolean) =>
    qualified
      ? `${job.kind} ${qualifiedName(job)} successfully completed.`
      : `${job.kind} ${nameOf(job)} is successfully completed.`,
  /** UpdateJobStatus's Restarting (PyTorchJob, PaddleJob, JAXJob, XGBoostJob, MPIJob). */
  restarting: (job: V1JobObject, failed: number, rtype: string) =>
    `${job.kind} ${nameOf(job)} is restarting because ${failed} ${rtype} replica(s) failed.`,
  /** UpdateJobStatus's Failed (PyTorchJob, PaddleJob, JAXJob, XGBoostJob, MPIJob). */
  failed: (job: V1JobObject, failed: number, rtype: string) =>
    `${job.kind} ${nameOf(job)} is failed because ${failed} ${rtype} replica(s) failed.`,
  /** TFJob's UpdateJobStatus Failed. */
  tfFailed: (job: V1JobObject, failed: number, rtype: string) =>
    `${job.kind} ${qualifiedName(job)} has failed because ${failed} ${rtype} replica(s) failed.`,
  /** ReconcilePods, a failed pod deleted to be recreated (OnFailure, Always, a retryable ExitCode). */
  podRestarting: (job: V1JobObject, rtype: string) =>
    `job ${nameOf(job)} is restarting because ${rtype} replica(s) failed.`,
  /** ReconcilePods, a failed pod with a permanent exit code under restartPolicy ExitCode. */
  podFailing: (job: V1JobObject, rtype: string) =>
    `job "${nameOf(job)}" is failing because "${rtype}" replica(s) failed.`,
  suspended: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is suspended.`,
  resumed: (job: V1JobObject) => `${job.kind} ${nameOf(job)} is resumed.`,
  backoffLimit: (job: V1JobObject) =>
    `Job ${nameOf(job)} has failed because it has reached the specified backoff limit`,
  deadline: (job: V1JobObject) =>
    `Job ${nameOf(job)} has failed because it was active longer than specified deadline`,
} as const;
