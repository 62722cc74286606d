// SPDX-License-Identifier: Apache-2.0
// API group, version and kind names of trainer.kubeflow.org/v1alpha1.

/** The API group served by kubetrain, as upstream Trainer v2. */
export const GROUP = 'trainer.kubeflow.org' as const;

/** The only (and storage) version of the API group. */
export const VERSION = 'v1alpha1' as const;

/** `apiVersion` of every object of the API group. */
export const API_VERSION = 'trainer.kubeflow.org/v1alpha1' as const;

/** Kind names, spelled as upstream (`TrainJobKind`, `TrainingRuntimeKind`, `ClusterTrainingRuntimeKind`). */
export const Kinds = {
  TrainJob: 'TrainJob',
  TrainingRuntime: 'TrainingRuntime',
  ClusterTrainingRuntime: 'ClusterTrainingRuntime',
} as const;

/** One of the three kinds kubetrain serves. */
export type KindName = (typeof Kinds)[keyof typeof Kinds];

/** Plural resource names of the three kinds, as they appear in URLs and RBAC rules. */
export const Resources = {
  TrainJob: 'trainjobs',
  TrainingRuntime: 'trainingruntimes',
  ClusterTrainingRuntime: 'clustertrainingruntimes',
} as const;

/** Singular resource names of the three kinds. */
export const SingularResources = {
  TrainJob: 'trainjob',
  TrainingRuntime: 'trainingruntime',
  ClusterTrainingRuntime: 'clustertrainingruntime',
} as const;

/**
 * Values accepted in `TrainJob.spec.managedBy`. The TrainJob controller reconciles only jobs whose
 * managedBy is `TrainJobController` (the CRD default); MultiKueue dispatches the others.
 */
export const ManagedBy = {
  TrainJobController: 'trainer.kubeflow.org/trainjob-controller',
  MultiKueue: 'kueue.x-k8s.io/multikueue',
} as const;

/** `runtimePatches[].manager` values the Trainer plugins recognise. */
export const RuntimePatchManagers = {
  /** The manager of the runtimePatch Kueue's TrainJob integration writes (`kubernetes-sigs/kueue` v0.19). */
  Kueue: 'kueue.x-k8s.io/manager',
} as const;

/** Field managers used for server-side apply (`trainer` for objects, `trainer-status` for the status server). */
export const FieldManagers = {
  Trainer: 'trainer',
  TrainerStatus: 'trainer-status',
} as const;

/** Finalizers. `ResourceInUse` is legacy (up to v2.2) and is only ever removed from runtimes. */
export const Finalizers = {
  ResourceInUse: 'trainer.kubeflow.org/resource-in-use',
} as const;

/** Controller names, as upstream's `setup.go` registers them. */
export const ControllerNames = {
  TrainingRuntime: 'trainingruntime_controller',
  ClusterTrainingRuntime: 'clustertrainingruntime_controller',
  TrainJob: 'trainjob_controller',
} as const;

/** Event recorder names of the three controllers. */
export const EventRecorderNames = {
  TrainingRuntime: 'trainer-trainingruntime-controller',
  ClusterTrainingRuntime: 'trainer-clustertrainingruntime-controller',
  TrainJob: 'trainer-trainjob-controller',
} as const;

/**
 * The three kinds' resources, as `@kubetrain/kube`'s `ResourceRef` (group, version, plural, kind,
 * scope): what the manager, its webhooks and the CLI read and write them through.
 */
export const TrainerResourceRefs = {
  TrainJob: {
    group: GROUP,
    version: VERSION,
    resource: Resources.TrainJob,
    kind: Kinds.TrainJob,
    namespaced: true,
  },
  TrainingRuntime: {
    group: GROUP,
    version: VERSION,
    resource: Resources.TrainingRuntime,
    kind: Kinds.TrainingRuntime,
    namespaced: true,
  },
  ClusterTrainingRuntime: {
    group: GROUP,
    version: VERSION,
    resource: Resources.ClusterTrainingRuntime,
    kind: Kinds.ClusterTrainingRuntime,
    namespaced: false,
  },
} as const;
