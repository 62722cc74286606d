// SPDX-License-Identifier: Apache-2.0
// Annotation keys that upstream Trainer's plugins, and the schedulers they hand pods to, read or write.

/** Annotation keys. The core controllers read or write none on TrainJobs; these belong to plugins. */
export const Annotations = {
  /** Volcano: pod annotation naming the PodGroup (`KubeGroupNameAnnotationKey`), set to the TrainJob name. */
  VolcanoGroupName: 'scheduling.k8s.io/group-name',
  /** Volcano: queue of the PodGroup, read from the runtime's (or a patch's) template annotations. */
  VolcanoQueueName: 'scheduling.volcano.sh/queue-name',
  /** Kubernetes Job completion index; the source of the node rank env vars. */
  JobCompletionIndex: 'batch.kubernetes.io/job-completion-index',
  /**
   * KAI Scheduler (`kai-scheduler/KAI-Scheduler` v0.17, podgrouper constants): minimum number of
   * subgroups (replicatedJobs) of a JobSet's PodGroup, on the JobSet.
   */
  KAIBatchMinMember: 'kai.scheduler/batch-min-member',
  /** KAI Scheduler: name of the KAI `Topology` object a workload is placed in. */
  KAITopology: 'kai.scheduler/topology',
  /** KAI Scheduler: topology level (node label or alias) every pod of the group must share. */
  KAITopologyRequiredPlacement: 'kai.scheduler/topology-required-placement',
  /** KAI Scheduler: topology level the group should share if it can. */
  KAITopologyPreferredPlacement: 'kai.scheduler/topology-preferred-placement',
} as const;

/** The KAI topology annotations a TrainJob may carry, in the order they are copied. */
export const KAI_TOPOLOGY_ANNOTATIONS = [
  Annotations.KAITopology,
  Annotations.KAITopologyRequiredPlacement,
  Annotations.KAITopologyPreferredPlacement,
] as const;

/**
 * Prefix of Kueue's Topology-Aware Scheduling pod-template annotations (`podset-required-topology`,
 * ...; `kubernetes-sigs/kueue` v0.19 `pkg/controller/constants`).
 */
export const KUEUE_PODSET_ANNOTATION_PREFIX = 'kueue.x-k8s.io/podset-' as const;

/** Downward-API field path of the job completion index (`JobCompletionIndexFieldPath`). */
export const JOB_COMPLETION_INDEX_FIELD_PATH =
  "metadata.annotations['batch.kubernetes.io/job-completion-index']" as const;
