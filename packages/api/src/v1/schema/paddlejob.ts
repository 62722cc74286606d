// SPDX-License-Identifier: Apache-2.0
// The PaddleJob kind (kubeflow.org/v1): PaddlePaddle in collective mode (Workers) or PS mode (Master).
import { Type } from '@sinclair/typebox';
import { Int32, Obj } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';
import { MetricSpec } from './embedded.js';

/** Elastic settings of a PaddleJob (accepted and stored; Training Operator v1 does not act on them). */
export const PaddleElasticPolicySchema = Obj(
  {
    minReplicas: Type.Optional(
      Int32({ description: 'minReplicas is the fewest workers the job scales down to.' }),
    ),
    maxReplicas: Type.Optional(
      Int32({ description: 'maxReplicas is the most workers the job scales up to; at least minReplicas.' }),
    ),
    maxRestarts: Type.Optional(
      Int32({ description: 'maxRestarts is how often the workers may be restarted.' }),
    ),
    metrics: Type.Optional(
      Type.Array(MetricSpec(), { description: 'metrics would drive an autoscaler of the workers.' }),
    ),
  },
  { description: 'elasticPolicy is the elastic range of the workers.' },
);

/** The desired state of a PaddleJob. */
export const PaddleJobSpecSchema = Obj(
  {
    runPolicy: Type.Optional(RunPolicySchema),
    elasticPolicy: Type.Optional(PaddleElasticPolicySchema),
    paddleReplicaSpecs: ReplicaSpecs(
      'paddleReplicaSpecs maps the replica types Master and Worker to their specs.',
    ),
  },
  { description: 'spec is the desired state of the PaddleJob.' },
);

/** The PaddleJob kind. */
export const PaddleJobSchema = V1JobSchema(
  'PaddleJob',
  PaddleJobSpecSchema,
  'PaddleJob is a distributed PaddlePaddle training job of Training Operator v1.',
);
