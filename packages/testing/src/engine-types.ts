// SPDX-License-Identifier: Apache-2.0
// The object shapes the engine's tests build, from `@kubetrain/api`'s types: a TrainJob with
// `metadata` and `spec` present, a runtime with `spec.template.spec` present, and any rendered
// object. They match the engine's own views of the kinds member for member, so fixtures built here
// pass where the engine expects its types.

import type {
  AnyTrainingRuntime,
  JobSetTemplateSpec,
  ReplicatedJob,
  TrainJob as ApiTrainJob,
  TrainingRuntimeSpec,
} from '@kubetrain/api';

type WithRequired<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/** meta/v1 ObjectMeta. */
export type ObjectMeta = NonNullable<ApiTrainJob['metadata']>;
/** core/v1 PodSpec of a replicatedJob. */
export type PodSpec = NonNullable<NonNullable<ReplicatedJob['template']['spec']>['template']['spec']>;
/** core/v1 Container. */
export type Container = PodSpec['containers'][number];
/** A TrainJob with `metadata` and `spec` present. */
export type TrainJob = WithRequired<ApiTrainJob, 'metadata' | 'spec'>;
/** A TrainingRuntime or ClusterTrainingRuntime with `metadata` and `spec.template.spec` present. */
export type TrainingRuntime = WithRequired<AnyTrainingRuntime, 'metadata'> & {
  spec: TrainingRuntimeSpec & { template: WithRequired<JobSetTemplateSpec, 'spec'> };
};
/** Any rendered Kubernetes object. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}
