// SPDX-License-Identifier: Apache-2.0
// The MPIJob kind (kubeflow.org/v1): a Launcher that runs mpirun over Worker pods.
import { Type } from '@sinclair/typebox';
import { Int32, Obj, Str } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';

/** The desired state of an MPIJob. */
export const MPIJobSpecSchema = Obj(
  {
    slotsPerWorker: Type.Optional(
      Int32({
        description:
          'slotsPerWorker is the number of MPI slots of each worker in the hostfile. Defaults to 1.',
      }),
    ),
    cleanPodPolicy: Type.Optional(
      Str({ description: 'cleanPodPolicy is the legacy place of runPolicy.cleanPodPolicy. Deprecated.' }),
    ),
    mpiReplicaSpecs: ReplicaSpecs(
      'mpiReplicaSpecs maps the replica types Launcher and Worker to their specs.',
    ),
    mainContainer: Type.Optional(
      Str({
        description: 'mainContainer names the container the launcher runs MPI processes in (kubectl exec).',
      }),
    ),
    runPolicy: Type.Optional(RunPolicySchema),
  },
  { description: 'spec is the desired state of the MPIJob.' },
);

/** The MPIJob kind. */
export const MPIJobSchema = V1JobSchema(
  'MPIJob',
  MPIJobSpecSchema,
  'MPIJob is an MPI training job (a launcher and its workers) of Training Operator v1.',
);
