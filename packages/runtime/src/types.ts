// SPDX-License-Identifier: Apache-2.0
// The object types the engine works on. Every one comes from `@kubetrain/api` (the kinds' schemas,
// the foreign JobSet types, the core/v1 types they embed); this module only names the parts the
// engine reaches into, by indexed access, and narrows the few members the engine relies on being
// present. No field is restated here.

import type {
  AnyTrainingRuntime,
  JobSet,
  JobSetSpec,
  JobSetTemplateSpec,
  ReplicatedJob,
  TrainJob as ApiTrainJob,
  TrainingRuntimeSpec,
} from '@kubetrain/api/core';

/** `T` with the members `K` present (the CRD requires them on every object that reaches the engine). */
type WithRequired<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/** meta/v1 ObjectMeta (client-node's V1ObjectMeta, as the API types use it). */
export type ObjectMeta = NonNullable<ApiTrainJob['metadata']>;
/** meta/v1 OwnerReference. */
export type OwnerReference = NonNullable<ObjectMeta['ownerReferences']>[number];

/** batch/v1 JobTemplateSpec of a replicatedJob. */
export type JobTemplateSpec = ReplicatedJob['template'];
/** batch/v1 JobSpec. */
export type JobSpec = NonNullable<JobTemplateSpec['spec']>;
/** core/v1 PodTemplateSpec of a Job. */
export type PodTemplateSpec = JobSpec['template'];
/** core/v1 PodSpec. */
export type PodSpec = NonNullable<PodTemplateSpec['spec']>;
/** core/v1 Container. */
export type Container = PodSpec['containers'][number];
/** core/v1 EnvVar. */
export type EnvVar = NonNullable<Container['env']>[number];
/** core/v1 ContainerPort. */
export type ContainerPort = NonNullable<Container['ports']>[number];
/** core/v1 VolumeMount. */
export type VolumeMount = NonNullable<Container['volumeMounts']>[number];
/** core/v1 ResourceRequirements. */
export type ResourceRequirements = NonNullable<Container['resources']>;
/** core/v1 Volume. */
export type Volume = NonNullable<PodSpec['volumes']>[number];

/** A TrainJob as the engine reads it: `metadata` and `spec` present. */
export type TrainJob = WithRequired<ApiTrainJob, 'metadata' | 'spec'>;

/** A runtime's JobSet template as the engine reads it: `spec` present. */
type RuntimeTemplate = WithRequired<JobSetTemplateSpec, 'spec'>;

/**
 * A TrainingRuntime or ClusterTrainingRuntime as the engine reads it: `spec.template.spec` present
 * (CRD defaults are applied by `applyRuntimeDefaults`).
 */
export type TrainingRuntime = WithRequired<AnyTrainingRuntime, 'metadata'> & {
  spec: TrainingRuntimeSpec & { template: RuntimeTemplate };
};

/** Any Kubernetes object the engine returns: `apiVersion`, `kind`, `metadata` and free-form content. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

/** A JobSet as the engine renders it (a {@link KubeObject} typed by `@kubetrain/api`). */
export type RenderedJobSet = JobSet & KubeObject & { spec: JobSetSpec };

/** What the public operations accept as a TrainJob: the `@kubetrain/api` type (a {@link TrainJob} is one). */
export type TrainJobInput = ApiTrainJob;

/** What the public operations accept as a runtime: either kind as `@kubetrain/api` types it. */
export type RuntimeInput = AnyTrainingRuntime;

/**
 * The engine's view of a TrainJob. The API types mark `metadata` and `spec` optional (Go's
 * `omitzero`) while the CRD requires `spec` on every object that reaches the engine; the view is the
 * same object, typed with them present.
 */
export function viewTrainJob(trainJob: TrainJobInput): TrainJob {
  return trainJob as TrainJob;
}

/** The engine's view of a runtime: the same object, typed with `spec.template.spec` present. */
export function viewRuntime(runtime: RuntimeInput): TrainingRuntime {
  return runtime as TrainingRuntime;
}
