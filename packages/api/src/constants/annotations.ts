// SPDX-License-Identifier: Apache-2.0
// Annotation keys that upstream Trainer's plugins read or write.

/** Annotation keys. The core controllers read or write none on TrainJobs; these belong to plugins. */
export const Annotations = {
  /** Volcano: pod annotation naming the PodGroup (`KubeGroupNameAnnotationKey`), set to the TrainJob name. */
  VolcanoGroupName: 'scheduling.k8s.io/group-name',
  /** Volcano: queue of the PodGroup, read from the runtime's (or a patch's) template annotations. */
  VolcanoQueueName: 'scheduling.volcano.sh/queue-name',
  /** Kubernetes Job completion index; the source of the node rank env vars. */
  JobCompletionIndex: 'batch.kubernetes.io/job-completion-index',
} as const;

/** Downward-API field path of the job completion index (`JobCompletionIndexFieldPath`). */
export const JOB_COMPLETION_INDEX_FIELD_PATH =
  "metadata.annotations['batch.kubernetes.io/job-completion-index']" as const;
