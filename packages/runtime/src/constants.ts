// SPDX-License-Identifier: Apache-2.0
// Names and values the engine writes, byte-identical to upstream Trainer v2.3
// (`pkg/constants/constants.go` and the plugins' constants).

/** API groups, versions and kinds. */
export const Api = {
  TrainerGroup: 'trainer.kubeflow.org',
  TrainerGroupVersion: 'trainer.kubeflow.org/v1alpha1',
  TrainJobKind: 'TrainJob',
  TrainingRuntimeKind: 'TrainingRuntime',
  ClusterTrainingRuntimeKind: 'ClusterTrainingRuntime',
  JobSetGroupVersion: 'jobset.x-k8s.io/v1alpha2',
  JobSetKind: 'JobSet',
} as const;

/** Labels and annotations. */
export const Labels = {
  TrainJobAncestor: 'trainer.kubeflow.org/trainjob-ancestor-step',
  Support: 'trainer.kubeflow.org/support',
} as const;

/** Values of the ancestor label and the conventional job and container names. */
export const Names = {
  DatasetInitializer: 'dataset-initializer',
  ModelInitializer: 'model-initializer',
  AncestorTrainer: 'trainer',
  Node: 'node',
  Launcher: 'launcher',
  VolumeInitializer: 'initializer',
} as const;

/** Env names and values shared by plugins. */
export const Env = {
  InitializerStorageUri: 'STORAGE_URI',
  JobCompletionIndexFieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
} as const;

/** The port every ML policy opens on the trainer container. */
export const ContainerTrainerPort = 29500;

/** Default replicas of a replicatedJob. */
export const DefaultJobReplicas = 1;
