// SPDX-License-Identifier: Apache-2.0
// TypeScript types of the v1 kinds, derived from their schemas (the single source of truth).
import type { Static } from '@sinclair/typebox';
import type {
  JobConditionSchema,
  JobStatusSchema,
  ReplicaSpecSchema,
  ReplicaStatusSchema,
  RunPolicySchema,
  SchedulingPolicySchema,
} from './schema/common.js';
import type {
  ElasticPolicySchema,
  PyTorchJobSchema,
  PyTorchJobSpecSchema,
  RdzvConfSchema,
} from './schema/pytorchjob.js';
import type { JAXJobSchema, JAXJobSpecSchema } from './schema/jaxjob.js';
import type { MPIJobSchema, MPIJobSpecSchema } from './schema/mpijob.js';
import type { PaddleElasticPolicySchema, PaddleJobSchema, PaddleJobSpecSchema } from './schema/paddlejob.js';
import type { TFJobSchema, TFJobSpecSchema } from './schema/tfjob.js';
import type { XGBoostJobSchema, XGBoostJobSpecSchema } from './schema/xgboostjob.js';

/** A replica type of a v1 job (`ReplicaSpec`). */
export type V1ReplicaSpec = Static<typeof ReplicaSpecSchema>;
/** `spec.runPolicy` of a v1 job. */
export type V1RunPolicy = Static<typeof RunPolicySchema>;
/** `spec.runPolicy.schedulingPolicy` of a v1 job. */
export type V1SchedulingPolicy = Static<typeof SchedulingPolicySchema>;
/** `status` of a v1 job. */
export type V1JobStatus = Static<typeof JobStatusSchema>;
/** One of `status.conditions` of a v1 job. */
export type V1JobCondition = Static<typeof JobConditionSchema>;
/** One of `status.replicaStatuses` of a v1 job. */
export type V1ReplicaStatus = Static<typeof ReplicaStatusSchema>;

/** A PyTorchJob object (kubeflow.org/v1). */
export type PyTorchJob = Static<typeof PyTorchJobSchema>;
/** `PyTorchJob.spec`. */
export type PyTorchJobSpec = Static<typeof PyTorchJobSpecSchema>;
/** `PyTorchJob.spec.elasticPolicy`. */
export type PyTorchElasticPolicy = Static<typeof ElasticPolicySchema>;
/** One of `PyTorchJob.spec.elasticPolicy.rdzvConf`. */
export type RdzvConf = Static<typeof RdzvConfSchema>;

/** A TFJob object (kubeflow.org/v1). */
export type TFJob = Static<typeof TFJobSchema>;
/** `TFJob.spec`. */
export type TFJobSpec = Static<typeof TFJobSpecSchema>;
/** An MPIJob object (kubeflow.org/v1). */
export type MPIJob = Static<typeof MPIJobSchema>;
/** `MPIJob.spec`. */
export type MPIJobSpec = Static<typeof MPIJobSpecSchema>;
/** An XGBoostJob object (kubeflow.org/v1). */
export type XGBoostJob = Static<typeof XGBoostJobSchema>;
/** `XGBoostJob.spec`. */
export type XGBoostJobSpec = Static<typeof XGBoostJobSpecSchema>;
/** A PaddleJob object (kubeflow.org/v1). */
export type PaddleJob = Static<typeof PaddleJobSchema>;
/** `PaddleJob.spec`. */
export type PaddleJobSpec = Static<typeof PaddleJobSpecSchema>;
/** `PaddleJob.spec.elasticPolicy`. */
export type PaddleElasticPolicy = Static<typeof PaddleElasticPolicySchema>;
/** A JAXJob object (kubeflow.org/v1). */
export type JAXJob = Static<typeof JAXJobSchema>;
/** `JAXJob.spec`. */
export type JAXJobSpec = Static<typeof JAXJobSpecSchema>;

/** The object type of each v1 kind. */
export interface V1KindObjects {
  TFJob: TFJob;
  PyTorchJob: PyTorchJob;
  XGBoostJob: XGBoostJob;
  MPIJob: MPIJob;
  PaddleJob: PaddleJob;
  JAXJob: JAXJob;
}
