// SPDX-License-Identifier: Apache-2.0
// kubetrain's own keys (prefix `kubetrain.dev/`, never upstream's) and the LeaderWorkerSet keys the
// LeaderWorkerSet workload backend renders or reads (kubernetes-sigs/lws v0.9.0, byte-identical).

/** Annotation keys under kubetrain's own prefix. Upstream ignores every one of them. */
export const KubetrainAnnotations = {
  /**
   * On a TrainingRuntime or ClusterTrainingRuntime (`metadata.annotations`): the workload backend
   * its trainer runs as, one of {@link WorkloadBackends}. Absent means `JobSet` (upstream's).
   */
  Workload: 'kubetrain.dev/workload',
  /** On a rendered LeaderWorkerSet: how many group restarts after a failure the job may use. */
  MaxGroupRestarts: 'kubetrain.dev/max-group-restarts',
  /** On a rendered LeaderWorkerSet: exit codes of the trainer that fail the job at once (`1,42`). */
  PermanentExitCodes: 'kubetrain.dev/permanent-exit-codes',
  /** On a rendered LeaderWorkerSet: the steps of its leader and of its workers (`launcher,node`; one name when the same). */
  GroupSteps: 'kubetrain.dev/group-steps',
  /** On a LeaderWorkerSet, written by the controller: the group's progress (JSON) the status reads. */
  GroupProgress: 'kubetrain.dev/group-progress',
} as const;

/** Values of the `kubetrain.dev/workload` annotation. */
export const WorkloadBackends = {
  JobSet: 'JobSet',
  LeaderWorkerSet: 'LeaderWorkerSet',
} as const;

/** One workload backend. */
export type WorkloadBackend = (typeof WorkloadBackends)[keyof typeof WorkloadBackends];

/** JobSet label keys (kubernetes-sigs/jobset `api/jobset/v1alpha2`) on its Jobs and their pods. */
export const JobSetKeys = {
  /** Label: the JobSet's name (a TrainJob's JobSet is named as the TrainJob). */
  JobSetName: 'jobset.sigs.k8s.io/jobset-name',
  /** Label: the replicated job: `node`, `launcher`, `dataset-initializer`, `model-initializer`. */
  ReplicatedJobName: 'jobset.sigs.k8s.io/replicatedjob-name',
  /** Label: the JobSet's `status.restarts` when the Job was created (its restart attempt). */
  RestartAttempt: 'jobset.sigs.k8s.io/restart-attempt',
} as const;

/** LeaderWorkerSet label and annotation keys (kubernetes-sigs/lws v0.9.0 `api/leaderworkerset/v1`). */
export const LWSKeys = {
  /** Label: the LeaderWorkerSet's name, on its pods, StatefulSets and Service. */
  Name: 'leaderworkerset.sigs.k8s.io/name',
  /** Label: the group index of a pod. */
  GroupIndex: 'leaderworkerset.sigs.k8s.io/group-index',
  /** Label: 0 on the leader, 1 to size-1 on the workers. */
  WorkerIndex: 'leaderworkerset.sigs.k8s.io/worker-index',
  /** Annotation on a LeaderWorkerSet: one group per domain of this node label, exclusively. */
  ExclusiveTopology: 'leaderworkerset.sigs.k8s.io/exclusive-topology',
} as const;

/** LeaderWorkerSet enum values kubetrain renders. */
export const LWSValues = {
  RestartPolicyNone: 'None',
  StartupPolicyLeaderCreated: 'LeaderCreated',
} as const;

/** Downward-API field path of a LeaderWorkerSet pod's worker index (the node rank). */
export const LWS_WORKER_INDEX_FIELD_PATH =
  "metadata.labels['leaderworkerset.sigs.k8s.io/worker-index']" as const;

/** JobSet's exclusive-placement annotation (jobset v0.12.0), translated for a LeaderWorkerSet. */
export const JOBSET_EXCLUSIVE_TOPOLOGY_ANNOTATION = 'alpha.jobset.sigs.k8s.io/exclusive-topology' as const;
