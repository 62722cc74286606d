// SPDX-License-Identifier: Apache-2.0
// Keys of KAI Scheduler and of Kueue that the scheduling plugins read or write and that
// @kubetrain/api does not define, byte-identical to the projects that define them. Everything
// upstream Trainer names (PodGroup kinds, the Kueue queue and priority labels, MultiKueue's
// managedBy) comes from @kubetrain/api.

import { Labels } from '@kubetrain/api';

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

/**
 * Kueue keys (`kubernetes-sigs/kueue` v0.19: `pkg/controller/constants`) beyond those in
 * @kubetrain/api (`Labels.KueueQueueName`, `Labels.KueuePriorityClass`, `ManagedBy.MultiKueue`).
 */
export const Kueue = {
  /** The `manager` of the runtimePatch Kueue's TrainJob integration writes. */
  RuntimePatchManager: 'kueue.x-k8s.io/manager',
  /** Prefix of the TAS pod-template annotations (`podset-required-topology`, ...). */
  PodSetTopologyAnnotationPrefix: 'kueue.x-k8s.io/podset-',
} as const;

/** The Kueue labels that must never reach a JobSet owned by a TrainJob. */
export const KUEUE_JOB_LABELS = [Labels.KueueQueueName, Labels.KueuePriorityClass] as const;
