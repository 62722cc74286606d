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
