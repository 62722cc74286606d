// SPDX-License-Identifier: Apache-2.0
// Keys and values of the gang schedulers and of Kueue that the scheduling plugins read or write,
// byte-identical to the projects that define them. The Trainer-owned keys come from @kubetrain/api.

/** scheduler-plugins (coscheduling) PodGroup: `scheduling.x-k8s.io/v1alpha1`. */
export const SchedulerPluginsPodGroupKind = {
  apiVersion: 'scheduling.x-k8s.io/v1alpha1',
  kind: 'PodGroup',
} as const;

/** Volcano PodGroup: `scheduling.volcano.sh/v1beta1`. */
export const VolcanoPodGroupKind = {
  apiVersion: 'scheduling.volcano.sh/v1beta1',
  kind: 'PodGroup',
} as const;

/** Default of `podGroupPolicy.coscheduling.scheduleTimeoutSeconds` (CRD default). */
export const DEFAULT_SCHEDULE_TIMEOUT_SECONDS = 60;

/** KAI Scheduler keys (`kai-scheduler/KAI-Scheduler` v0.17: `pkg/common/constants`, podgrouper constants). */
export const KAI = {
  /** The `spec.schedulerName` KAI schedules (`DefaultSchedulerName`). */
  SchedulerName: 'kai-scheduler',
  /** Queue label, read from the top owner or the pod (`DefaultQueueLabel`). */
  QueueLabel: 'kai.scheduler/queue',
  /** Minimum number of subgroups (replicatedJobs) of a JobSet's PodGroup, on the JobSet. */
  BatchMinMemberAnnotation: 'kai.scheduler/batch-min-member',
  /** Name of the KAI `Topology` object a workload is placed in. */
  TopologyAnnotation: 'kai.scheduler/topology',
  /** Topology level (node label or alias) every pod of the group must share. */
  TopologyRequiredPlacementAnnotation: 'kai.scheduler/topology-required-placement',
  /** Topology level the group should share if it can. */
  TopologyPreferredPlacementAnnotation: 'kai.scheduler/topology-preferred-placement',
} as const;

/** The KAI topology annotations a TrainJob may carry, in the order they are copied. */
export const KAI_TOPOLOGY_ANNOTATIONS = [
  KAI.TopologyAnnotation,
  KAI.TopologyRequiredPlacementAnnotation,
  KAI.TopologyPreferredPlacementAnnotation,
] as const;

/** Kueue keys (`kubernetes-sigs/kueue` v0.19: `pkg/controller/constants`). */
export const Kueue = {
  /** LocalQueue of a job object; Kueue reads it from the TrainJob. */
  QueueNameLabel: 'kueue.x-k8s.io/queue-name',
  /** WorkloadPriorityClass of a job object; Kueue reads it from the TrainJob. */
  PriorityClassLabel: 'kueue.x-k8s.io/priority-class',
  /** The `manager` of the runtimePatch Kueue's TrainJob integration writes. */
  RuntimePatchManager: 'kueue.x-k8s.io/manager',
  /** `spec.managedBy` of a TrainJob dispatched by MultiKueue. */
  MultiKueueManagedBy: 'kueue.x-k8s.io/multikueue',
  /** Prefix of the TAS pod-template annotations (`podset-required-topology`, ...). */
  PodSetTopologyAnnotationPrefix: 'kueue.x-k8s.io/podset-',
} as const;

/** The Kueue labels that must never reach a JobSet owned by a TrainJob. */
export const KUEUE_JOB_LABELS = [Kueue.QueueNameLabel, Kueue.PriorityClassLabel] as const;
