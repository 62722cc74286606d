// SPDX-License-Identifier: Apache-2.0
// TypeScript types of the three kinds, derived from their schemas (the single source of truth).
import type { Static } from '@sinclair/typebox';
import type {
  ContainerPatchSchema,
  JobSetSpecPatchSchema,
  JobSetTemplatePatchSchema,
  JobSpecPatchSchema,
  JobTemplatePatchSchema,
  PodSpecPatchSchema,
  PodTemplatePatchSchema,
  ReplicatedJobPatchSchema,
  RuntimePatchSchema,
  TrainingRuntimeSpecPatchSchema,
} from './schema/runtime-patch.js';
import type {
  DatasetInitializerSchema,
  InitializerSchema,
  ModelInitializerSchema,
  RuntimeRefSchema,
  TrainerSchema,
  TrainJobSchema,
  TrainJobSpecSchema,
} from './schema/trainjob.js';
import type {
  JobStatusSchema,
  MetricSchema,
  TrainerStatusSchema,
  TrainJobStatusSchema,
} from './schema/trainjob-status.js';
import type {
  ClusterTrainingRuntimeSchema,
  CoschedulingPodGroupPolicySourceSchema,
  EnvInjectionSchema,
  EnvInjectionTargetSchema,
  FluxMLPolicySourceSchema,
  JAXMLPolicySourceSchema,
  JobSetTemplateSpecSchema,
  MLPolicySchema,
  MPIMLPolicySourceSchema,
  NetworkTopologySpecSchema,
  PodGroupPolicySchema,
  TorchMLPolicySourceSchema,
  TrainingRuntimeSchema,
  TrainingRuntimeSpecSchema,
  VolcanoPodGroupPolicySourceSchema,
  XGBoostMLPolicySourceSchema,
} from './schema/training-runtime.js';

export type { Condition } from './schema/trainjob-status.js';

/** A TrainJob object (trainer.kubeflow.org/v1alpha1). */
export type TrainJob = Static<typeof TrainJobSchema>;
/** `TrainJob.spec`. */
export type TrainJobSpec = Static<typeof TrainJobSpecSchema>;
/** `TrainJob.spec.runtimeRef`. */
export type RuntimeRef = Static<typeof RuntimeRefSchema>;
/** `TrainJob.spec.initializer`. */
export type Initializer = Static<typeof InitializerSchema>;
/** `TrainJob.spec.initializer.dataset`. */
export type DatasetInitializer = Static<typeof DatasetInitializerSchema>;
/** `TrainJob.spec.initializer.model`. */
export type ModelInitializer = Static<typeof ModelInitializerSchema>;
/** `TrainJob.spec.trainer`. */
export type Trainer = Static<typeof TrainerSchema>;
/** One entry of `TrainJob.spec.runtimePatches`. */
export type RuntimePatch = Static<typeof RuntimePatchSchema>;
/** `RuntimePatch.trainingRuntimeSpec`. */
export type TrainingRuntimeSpecPatch = Static<typeof TrainingRuntimeSpecPatchSchema>;
/** `TrainingRuntimeSpecPatch.template`. */
export type JobSetTemplatePatch = Static<typeof JobSetTemplatePatchSchema>;
/** `JobSetTemplatePatch.spec`. */
export type JobSetSpecPatch = Static<typeof JobSetSpecPatchSchema>;
/** One entry of `JobSetSpecPatch.replicatedJobs`. */
export type ReplicatedJobPatch = Static<typeof ReplicatedJobPatchSchema>;
/** `ReplicatedJobPatch.template`. */
export type JobTemplatePatch = Static<typeof JobTemplatePatchSchema>;
/** `JobTemplatePatch.spec`. */
export type JobSpecPatch = Static<typeof JobSpecPatchSchema>;
/** `JobSpecPatch.template`. */
export type PodTemplatePatch = Static<typeof PodTemplatePatchSchema>;
/** `PodTemplatePatch.spec`. */
export type PodSpecPatch = Static<typeof PodSpecPatchSchema>;
/** One container (or init container) patch. */
export type ContainerPatch = Static<typeof ContainerPatchSchema>;
/** `TrainJob.status`. */
export type TrainJobStatus = Static<typeof TrainJobStatusSchema>;
/** One entry of `TrainJob.status.jobsStatus`. */
export type JobStatus = Static<typeof JobStatusSchema>;
/** `TrainJob.status.trainerStatus`. */
export type TrainerStatus = Static<typeof TrainerStatusSchema>;
/** One entry of `TrainerStatus.metrics`. */
export type Metric = Static<typeof MetricSchema>;

/** A TrainingRuntime object (namespaced). */
export type TrainingRuntime = Static<typeof TrainingRuntimeSchema>;
/** A ClusterTrainingRuntime object (cluster scoped). */
export type ClusterTrainingRuntime = Static<typeof ClusterTrainingRuntimeSchema>;
/** Either runtime kind; both share {@link TrainingRuntimeSpec}. */
export type AnyTrainingRuntime = TrainingRuntime | ClusterTrainingRuntime;
/** The spec shared by both runtime kinds. */
export type TrainingRuntimeSpec = Static<typeof TrainingRuntimeSpecSchema>;
/** `TrainingRuntimeSpec.mlPolicy`. */
export type MLPolicy = Static<typeof MLPolicySchema>;
/** `MLPolicy.torch`. */
export type TorchMLPolicySource = Static<typeof TorchMLPolicySourceSchema>;
/** `TorchMLPolicySource.envInjection`. */
export type EnvInjection = Static<typeof EnvInjectionSchema>;
/** One entry of `EnvInjection.targets`. */
export type EnvInjectionTarget = Static<typeof EnvInjectionTargetSchema>;
/** `MLPolicy.mpi`. */
export type MPIMLPolicySource = Static<typeof MPIMLPolicySourceSchema>;
/** `MLPolicy.flux`. */
export type FluxMLPolicySource = Static<typeof FluxMLPolicySourceSchema>;
/** `MLPolicy.jax` (no fields). */
export type JAXMLPolicySource = Static<typeof JAXMLPolicySourceSchema>;
/** `MLPolicy.xgboost` (no fields). */
export type XGBoostMLPolicySource = Static<typeof XGBoostMLPolicySourceSchema>;
/** `TrainingRuntimeSpec.podGroupPolicy`. */
export type PodGroupPolicy = Static<typeof PodGroupPolicySchema>;
/** `PodGroupPolicy.coscheduling`. */
export type CoschedulingPodGroupPolicySource = Static<typeof CoschedulingPodGroupPolicySourceSchema>;
/** `PodGroupPolicy.volcano`. */
export type VolcanoPodGroupPolicySource = Static<typeof VolcanoPodGroupPolicySourceSchema>;
/** `VolcanoPodGroupPolicySource.networkTopology`. */
export type NetworkTopologySpec = Static<typeof NetworkTopologySpecSchema>;
/** `TrainingRuntimeSpec.template`: JobSet metadata and spec. */
export type JobSetTemplateSpec = Static<typeof JobSetTemplateSpecSchema>;
