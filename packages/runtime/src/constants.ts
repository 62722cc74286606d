// SPDX-License-Identifier: Apache-2.0
// The engine's view of the upstream names and values it writes. The values come from
// `@kubetrain/api` (byte-identical to upstream Trainer v2.3); this module only groups them the way
// the engine uses them.

import {
  API_VERSION,
  AncestorSteps,
  CONTAINER_TRAINER_PORT,
  ContainerNames,
  DEFAULT_JOB_REPLICAS,
  ForeignKinds,
  GROUP,
  InitializerEnv,
  JOB_COMPLETION_INDEX_FIELD_PATH,
  Kinds,
  Labels as ApiLabels,
  VolumeNames,
} from '@kubetrain/api';

/** API groups, versions and kinds. */
export const Api = {
  TrainerGroup: GROUP,
  TrainerGroupVersion: API_VERSION,
  TrainJobKind: Kinds.TrainJob,
  TrainingRuntimeKind: Kinds.TrainingRuntime,
  ClusterTrainingRuntimeKind: Kinds.ClusterTrainingRuntime,
  JobSetGroupVersion: ForeignKinds.JobSet.apiVersion,
  JobSetKind: ForeignKinds.JobSet.kind,
} as const;

/** Labels the engine reads. */
export const Labels = {
  TrainJobAncestor: ApiLabels.TrainJobAncestor,
  Support: ApiLabels.Support,
} as const;

/** Values of the ancestor label and the conventional job, container and volume names. */
export const Names = {
  DatasetInitializer: AncestorSteps.DatasetInitializer,
  ModelInitializer: AncestorSteps.ModelInitializer,
  AncestorTrainer: AncestorSteps.Trainer,
  Node: ContainerNames.Node,
  Launcher: ContainerNames.Launcher,
  VolumeInitializer: VolumeNames.Initializer,
} as const;

/** Env names and values shared by plugins. */
export const Env = {
  InitializerStorageUri: InitializerEnv.StorageUri,
  JobCompletionIndexFieldPath: JOB_COMPLETION_INDEX_FIELD_PATH,
} as const;

/** The port every ML policy opens on the trainer container. */
export const ContainerTrainerPort = CONTAINER_TRAINER_PORT;

/** Default replicas of a replicatedJob. */
export const DefaultJobReplicas = DEFAULT_JOB_REPLICAS;
