// SPDX-License-Identifier: Apache-2.0
// Narrow structural types for trainer.kubeflow.org/v1alpha1 (TrainJob, TrainingRuntime,
// ClusterTrainingRuntime), only the members the engine reads. `@kubetrain/api` owns the full types;
// these stay structural so that objects typed there are accepted here unchanged.

import type { Condition, EnvVar, JsonObject, KubeObject, ObjectMeta, ResourceRequirements } from './core.js';
import type { JobSetSpec } from './jobset.js';

/** `spec.runtimeRef` of a TrainJob. */
export interface RuntimeRef {
  name: string;
  apiGroup?: string;
  kind?: string;
}

/** `spec.initializer.dataset` / `spec.initializer.model`. */
export interface InitializerSource {
  storageUri?: string;
  env?: EnvVar[];
  secretRef?: { name: string };
}

/** `spec.trainer` of a TrainJob. */
export interface Trainer {
  image?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  numNodes?: number;
  resourcesPerNode?: ResourceRequirements;
  numProcPerNode?: number;
}

/** `spec.runtimePatches[]` of a TrainJob. */
export interface RuntimePatch {
  manager: string;
  time?: string;
  trainingRuntimeSpec?: {
    template?: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> } & JsonObject;
      spec?: JsonObject;
    };
  };
}

/** `spec` of a TrainJob. */
export interface TrainJobSpec {
  runtimeRef: RuntimeRef;
  initializer?: { dataset?: InitializerSource; model?: InitializerSource };
  trainer?: Trainer;
  runtimePatches?: RuntimePatch[];
  suspend?: boolean;
  activeDeadlineSeconds?: number;
  managedBy?: string;
}

/** One entry of TrainJob `status.jobsStatus`. */
export interface JobStatus {
  name: string;
  ready: number;
  succeeded: number;
  failed: number;
  active: number;
  suspended: number;
}

/** `status` of a TrainJob. */
export interface TrainJobStatus {
  conditions?: Condition[];
  jobsStatus?: JobStatus[];
  trainerStatus?: JsonObject;
}

/** A TrainJob. */
export interface TrainJob extends KubeObject {
  metadata: ObjectMeta;
  spec: TrainJobSpec;
  status?: TrainJobStatus;
}

/** `mlPolicy.torch.envInjection.targets[]`. */
export interface EnvInjectionTarget {
  jobName: string;
  containerNames: string[];
}

/** `mlPolicy.torch`. */
export interface TorchMLPolicySource {
  envInjection?: { targets?: EnvInjectionTarget[] };
}

/** `mlPolicy.mpi` (CRD defaults applied by {@link applyRuntimeDefaults}). */
export interface MPIMLPolicySource {
  numProcPerNode?: number;
  mpiImplementation?: string;
  sshAuthMountPath?: string;
  runLauncherAsNode?: boolean;
}

/** `mlPolicy.flux`. */
export interface FluxMLPolicySource {
  numProcPerNode?: number;
}

/** `spec.mlPolicy` of a runtime. */
export interface MLPolicy {
  numNodes?: number;
  torch?: TorchMLPolicySource;
  mpi?: MPIMLPolicySource;
  jax?: JsonObject;
  xgboost?: JsonObject;
  flux?: FluxMLPolicySource;
}

/** `spec.podGroupPolicy` of a runtime. */
export interface PodGroupPolicy {
  coscheduling?: { scheduleTimeoutSeconds?: number };
  volcano?: { networkTopology?: { mode?: string; highestTierAllowed?: number } };
  [key: string]: unknown;
}

/** `spec` shared by TrainingRuntime and ClusterTrainingRuntime. */
export interface TrainingRuntimeSpec {
  mlPolicy?: MLPolicy;
  podGroupPolicy?: PodGroupPolicy;
  template: {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: JobSetSpec;
  };
}

/** A TrainingRuntime or a ClusterTrainingRuntime. */
export interface TrainingRuntime extends KubeObject {
  spec: TrainingRuntimeSpec;
}
