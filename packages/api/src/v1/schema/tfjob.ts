// SPDX-License-Identifier: Apache-2.0
// The TFJob kind (kubeflow.org/v1): distributed TensorFlow with PS, Worker, Chief, Master and Evaluator.
import { Type } from '@sinclair/typebox';
import { Bool, Obj, Str } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';

/** The desired state of a TFJob. */
export const TFJobSpecSchema = Obj(
  {
    runPolicy: Type.Optional(RunPolicySchema),
    successPolicy: Type.Optional(
      Str({
        description:
          'successPolicy says when a job without a chief has succeeded: "" (worker 0 succeeded, the default) or AllWorkers.',
      }),
    ),
    tfReplicaSpecs: ReplicaSpecs(
      'tfReplicaSpecs maps the replica types PS, Worker, Chief, Master and Evaluator to their specs.',
    ),
    enableDynamicWorker: Type.Optional(
      Bool({
        description: 'enableDynamicWorker lets workers come and go: TF_CONFIG lists each worker by index.',
      }),
    ),
  },
  { description: 'spec is the desired state of the TFJob.' },
);

/** The TFJob kind. */
export const TFJobSchema = V1JobSchema(
  'TFJob',
  TFJobSpecSchema,
  'TFJob is a distributed TensorFlow training job of Training Operator v1.',
);
