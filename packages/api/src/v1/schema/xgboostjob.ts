// SPDX-License-Identifier: Apache-2.0
// The XGBoostJob kind (kubeflow.org/v1): distributed XGBoost (or LightGBM) with a Master and Workers.
import { Type } from '@sinclair/typebox';
import { Obj } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';

/** The desired state of an XGBoostJob. */
export const XGBoostJobSpecSchema = Obj(
  {
    runPolicy: Type.Optional(RunPolicySchema),
    xgbReplicaSpecs: ReplicaSpecs('xgbReplicaSpecs maps the replica types Master and Worker to their specs.'),
  },
  { description: 'spec is the desired state of the XGBoostJob.' },
);

/** The XGBoostJob kind. */
export const XGBoostJobSchema = V1JobSchema(
  'XGBoostJob',
  XGBoostJobSpecSchema,
  'XGBoostJob is a distributed XGBoost training job of Training Operator v1.',
);
