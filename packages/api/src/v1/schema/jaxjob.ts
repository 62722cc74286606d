// SPDX-License-Identifier: Apache-2.0
// The JAXJob kind (kubeflow.org/v1): multi-process JAX over Worker pods.
import { Type } from '@sinclair/typebox';
import { Obj } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';

/** The desired state of a JAXJob. */
export const JAXJobSpecSchema = Obj(
  {
    runPolicy: Type.Optional(RunPolicySchema),
    jaxReplicaSpecs: ReplicaSpecs('jaxReplicaSpecs maps the replica type Worker to its spec.'),
  },
  { description: 'spec is the desired state of the JAXJob.' },
);

/** The JAXJob kind. */
export const JAXJobSchema = V1JobSchema(
  'JAXJob',
  JAXJobSpecSchema,
  'JAXJob is a distributed JAX training job of Training Operator v1.',
);
