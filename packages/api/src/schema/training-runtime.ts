// SPDX-License-Identifier: Apache-2.0
// TrainingRuntime and ClusterTrainingRuntime: the blueprint (JobSet template + policies) TrainJobs are rendered from.
import { Type } from '@sinclair/typebox';
import { API_VERSION, Kinds } from '../constants/api.js';
import { Bool, Enum, Int, Int32, ListMap, ListSet, Obj, OpaqueObject, Str } from './k8s-schema.js';
import { EmbeddedObjectMeta, JobSetSpecSchema, ObjectMeta } from './core.js';
import { RunPolicySchema } from './run-policy.js';

/** One job whose containers receive the torchrun PET_* variables. */
export const EnvInjectionTargetSchema = Obj({
  jobName: Str({ minLength: 1, maxLength: 253, description: 'name of the replicated job.' }),
  containerNames: ListSet(Str({ maxLength: 63 }), {
    minItems: 1,
    maxItems: 8,
    rules: [
      {
        rule: "!self.exists(c, c == 'node')",
        message:
          'containerNames must not include the main node container because PET_* envs are always injected into it',
      },
    ],
    description: 'containers (regular or init) of the job that receive the PET_* variables.',
  }),
});

/** Extra targets of the torchrun variables. */
export const EnvInjectionSchema = Obj(
  {
    targets: Type.Optional(
      ListMap(EnvInjectionTargetSchema, ['jobName'], {
        maxItems: 16,
        description: 'targets are the jobs, one entry per job, whose named containers also receive them.',
      }),
    ),
  },
  { description: 'envInjection adds the PET_* variables to containers other than node.' },
);

/** PyTorch (torchrun) policy. */
export const TorchMLPolicySourceSchema = Obj(
  { envInjection: Type.Optional(EnvInjectionSchema) },
  { description: 'torch configures torchrun distributed training.' },
);

/** `numProcPerNode` of the MPI and Flux policies: 1 by default, at least 1. */
function numProcPerNodeSchema(policy: 'mpiPolicy' | 'fluxPolicy', description: string) {
  return Type.Optional(
    Int32({
      default: 1,
      rules: [{ rule: 'self >= 1', message: `NumProcPerNode in ${policy} must be >= 1` }],
      description,
    }),
  );
}

/** MPI policy. */
export const MPIMLPolicySourceSchema = Obj(
  {
    numProcPerNode: numProcPerNodeSchema(
      'mpiPolicy',
      'numProcPerNode is the number of slots per node in the MPI hostfile.',
    ),
    mpiImplementation: Type.Optional(
      Enum(['OpenMPI', ''] as const, { default: 'OpenMPI', description: 'mpiImplementation: OpenMPI.' }),
    ),
    sshAuthMountPath: Type.Optional(
      Str({
        maxLength: 4096,
        default: '/root/.ssh',
        description: 'sshAuthMountPath is where the SSH keys are mounted.',
      }),
    ),
    runLauncherAsNode: Type.Optional(
      Bool({ default: false, description: 'runLauncherAsNode makes the launcher also a training node.' }),
    ),
  },
  { description: 'mpi configures MPI distributed training.' },
);

/** Flux policy. */
export const FluxMLPolicySourceSchema = Obj(
  {
    numProcPerNode: numProcPerNodeSchema('fluxPolicy', 'numProcPerNode is the number of tasks per node.'),
  },
  { description: 'flux configures the Flux Framework HPC scheduler inside the job.' },
);

/** JAX policy (no fields). */
export const JAXMLPolicySourceSchema = OpaqueObject<Record<string, never>>({
  description: 'jax configures JAX distributed training.',
});

/** XGBoost policy (no fields). */
export const XGBoostMLPolicySourceSchema = OpaqueObject<Record<string, never>>({
  description: 'xgboost configures XGBoost distributed training (Rabit tracker).',
});

/** The ML policy of a runtime: the node count and at most one framework. */
export const MLPolicySchema = Obj(
  {
    numNodes: Type.Optional(
      Int32({ description: 'numNodes is the number of training nodes. Defaults to 1.' }),
    ),
    torch: Type.Optional(TorchMLPolicySourceSchema),
    mpi: Type.Optional(MPIMLPolicySourceSchema),
    jax: Type.Optional(JAXMLPolicySourceSchema),
    xgboost: Type.Optional(XGBoostMLPolicySourceSchema),
    flux: Type.Optional(FluxMLPolicySourceSchema),
  },
  {
    rules: [
      {
        rule: '[has(self.torch), has(self.mpi), has(self.jax), has(self.xgboost),has(self.flux)].filter(x, x).size() <= 1',
        message: 'Only one of the policy can be configured',
      },
    ],
    description: 'mlPolicy configures the ML framework of the runtime.',
  },
);

/** Coscheduling (scheduler-plugins) gang policy. */
export const CoschedulingPodGroupPolicySourceSchema = Obj(
  {
    scheduleTimeoutSeconds: Type.Optional(
      Int32({ default: 60, description: 'scheduleTimeoutSeconds of the PodGroup.' }),
    ),
  },
  { description: 'coscheduling gangs the pods with a scheduler-plugins PodGroup.' },
);

/** Volcano network topology constraint of the PodGroup. */
export const NetworkTopologySpecSchema = Obj(
  {
    mode: Type.Optional(
      Enum(['hard', 'soft'] as const, { default: 'hard', description: 'mode: hard or soft.' }),
    ),
    highestTierAllowed: Type.Optional(
      Int({ default: 1, description: 'highestTierAllowed the job may span.' }),
    ),
  },
  { description: 'networkTopology bounds how far apart in the network the pods of the job may land.' },
);

/** Volcano gang policy. */
export const VolcanoPodGroupPolicySourceSchema = Obj(
  { networkTopology: Type.Optional(NetworkTopologySpecSchema) },
  { description: 'volcano gangs the pods with a Volcano PodGroup.' },
);

/** The gang-scheduling policy of a runtime (one of coscheduling, volcano). */
export const PodGroupPolicySchema = Obj(
  {
    coscheduling: Type.Optional(CoschedulingPodGroupPolicySourceSchema),
    volcano: Type.Optional(VolcanoPodGroupPolicySourceSchema),
  },
  { description: 'podGroupPolicy configures gang scheduling; set only one member.' },
);

/** The JobSet template of a runtime. */
export const JobSetTemplateSpecSchema = Obj(
  {
    metadata: Type.Optional(
      EmbeddedObjectMeta({ description: 'labels and annotations propagated to the JobSet.' }),
    ),
    spec: Type.Optional(JobSetSpecSchema({ description: 'spec of the JobSet.' })),
  },
  { minProperties: 1, description: 'template is the JobSet template.' },
);

/** The spec shared by TrainingRuntime and ClusterTrainingRuntime. */
export const TrainingRuntimeSpecSchema = Obj(
  {
    mlPolicy: Type.Optional(MLPolicySchema),
    podGroupPolicy: Type.Optional(PodGroupPolicySchema),
    template: Type.Optional(JobSetTemplateSpecSchema),
    runPolicy: Type.Optional(RunPolicySchema),
  },
  { minProperties: 1, description: 'spec of the runtime.' },
);

function runtimeKind(kind: string, description: string) {
  return Obj(
    {
      apiVersion: Type.Optional(Str({ description: `apiVersion: ${API_VERSION}.` })),
      kind: Type.Optional(Str({ description: `kind: ${kind}.` })),
      metadata: Type.Optional(ObjectMeta()),
      spec: Type.Optional(TrainingRuntimeSpecSchema),
    },
    { description },
  );
}

/** The TrainingRuntime kind (namespaced). */
export const TrainingRuntimeSchema = runtimeKind(
  Kinds.TrainingRuntime,
  'TrainingRuntime is a namespaced blueprint for TrainJobs.',
);

/** The ClusterTrainingRuntime kind (cluster scoped). */
export const ClusterTrainingRuntimeSchema = runtimeKind(
  Kinds.ClusterTrainingRuntime,
  'ClusterTrainingRuntime is a cluster-scoped blueprint for TrainJobs.',
);
