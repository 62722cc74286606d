// SPDX-License-Identifier: Apache-2.0
// The TrainJob kind: a training job that references a (Cluster)TrainingRuntime and overrides parts of it.
import { Type } from '@sinclair/typebox';
import { API_VERSION, GROUP, Kinds, ManagedBy } from '../constants/api.js';
import { TrainJobFailurePolicySchema } from './failure-policy.js';
import { Atomic, Bool, IMMUTABLE, Int32, Int64, ListMap, Obj, Str } from './k8s-schema.js';
import { EnvVar, LocalObjectReference, ObjectMeta, ResourceRequirements } from './core.js';
import { RuntimePatchSchema } from './runtime-patch.js';
import { ttlSecondsAfterFinishedSchema } from './run-policy.js';
import { TrainJobStatusSchema } from './trainjob-status.js';

/** Reference to the runtime a TrainJob is based on. */
export const RuntimeRefSchema = Obj(
  {
    name: Str({
      minLength: 1,
      maxLength: 253,
      description: 'name of the runtime. A namespaced TrainingRuntime must be in the TrainJob namespace.',
    }),
    apiGroup: Type.Optional(
      Str({
        maxLength: 253,
        default: GROUP,
        description: 'apiGroup of the runtime. Defaults to trainer.kubeflow.org.',
      }),
    ),
    kind: Type.Optional(
      Str({
        maxLength: 253,
        default: Kinds.ClusterTrainingRuntime,
        description: 'kind of the runtime: TrainingRuntime or ClusterTrainingRuntime (the default).',
      }),
    ),
  },
  {
    description: 'runtimeRef is the reference to the runtime the TrainJob is based on. Immutable.',
    rules: [IMMUTABLE],
  },
);

const storageUriRule = {
  rule: "self == '' || self.matches('^[A-Za-z][A-Za-z0-9+.-]*://.+$')",
  message: 'storageUri may be empty, or it must be a valid URI (scheme://...)',
};

function initializerSchema(step: string) {
  return Obj(
    {
      storageUri: Type.Optional(
        Str({
          maxLength: 2048,
          rules: [storageUriRule],
          description: `storageUri of the ${step}, with a scheme (for example hf://, s3://). Passed as STORAGE_URI.`,
        }),
      ),
      env: Type.Optional(
        ListMap(EnvVar(), ['name'], {
          maxItems: 128,
          description: `env is merged by name into the ${step}-initializer container env.`,
        }),
      ),
      secretRef: Type.Optional(
        LocalObjectReference({
          description: `secretRef names a Secret in the TrainJob namespace, added as envFrom to the ${step}-initializer container.`,
        }),
      ),
    },
    {
      description: `${step} initializer configuration; targets the job labeled with ancestor step ${step}-initializer.`,
    },
  );
}

/** Dataset initializer of a TrainJob. */
export const DatasetInitializerSchema = initializerSchema('dataset');

/** Model initializer of a TrainJob. */
export const ModelInitializerSchema = initializerSchema('model');

/** Initializers of a TrainJob. */
export const InitializerSchema = Obj(
  {
    dataset: Type.Optional(DatasetInitializerSchema),
    model: Type.Optional(ModelInitializerSchema),
  },
  {
    description: 'initializer configures the dataset and model initializers. Immutable.',
    rules: [IMMUTABLE],
  },
);

/** Trainer overrides of a TrainJob, applied to the `node` container of the trainer step. */
export const TrainerSchema = Obj(
  {
    image: Type.Optional(Str({ maxLength: 500, description: 'image of the node container.' })),
    command: Type.Optional(
      Atomic(Str({ maxLength: 1048576 }), { maxItems: 128, description: 'command of the node container.' }),
    ),
    args: Type.Optional(
      Atomic(Str({ maxLength: 1048576 }), { maxItems: 128, description: 'args of the node container.' }),
    ),
    env: Type.Optional(
      ListMap(EnvVar(), ['name'], {
        maxItems: 128,
        description: 'env is merged by name into the node container env.',
      }),
    ),
    numNodes: Type.Optional(
      Int32({
        minimum: 0,
        description: 'numNodes is the number of training nodes; overrides mlPolicy.numNodes.',
      }),
    ),
    resourcesPerNode: Type.Optional(
      ResourceRequirements({
        description: 'resourcesPerNode is merged into the resources of the node container.',
      }),
    ),
    numProcPerNode: Type.Optional(
      Int32({
        rules: [{ rule: 'self >= 1', message: 'numProcPerNode must be greater than or equal to 1' }],
        description:
          'numProcPerNode is the number of processes per node (torchrun nproc, MPI slots, Flux tasks).',
      }),
    ),
  },
  { description: 'trainer overrides the trainer step of the runtime. Immutable.', rules: [IMMUTABLE] },
);

/** The desired state of a TrainJob. */
export const TrainJobSpecSchema = Obj(
  {
    runtimeRef: RuntimeRefSchema,
    initializer: Type.Optional(InitializerSchema),
    trainer: Type.Optional(TrainerSchema),
    runtimePatches: Type.Optional(
      ListMap(RuntimePatchSchema, ['manager'], {
        maxItems: 16,
        description: 'runtimePatches are patches of the runtime template, one per manager, applied in order.',
      }),
    ),
    suspend: Type.Optional(
      Bool({
        default: false,
        description: 'suspend suspends the TrainJob: its workload is suspended, pods deleted.',
      }),
    ),
    activeDeadlineSeconds: Type.Optional(
      Int64({
        minimum: 1,
        rules: [IMMUTABLE],
        description:
          'activeDeadlineSeconds bounds the running time of the TrainJob; the timer restarts on resume.',
      }),
    ),
    ttlSecondsAfterFinished: Type.Optional(
      ttlSecondsAfterFinishedSchema(
        "ttlSecondsAfterFinished is how long a finished (Complete or Failed) TrainJob is kept before it is deleted with everything it owns; it overrides the runtime's runPolicy.ttlSecondsAfterFinished. 0 deletes it as soon as it finishes. Mutable.",
      ),
    ),
    failurePolicy: Type.Optional(TrainJobFailurePolicySchema),
    managedBy: Type.Optional(
      Str({
        maxLength: 253,
        default: ManagedBy.TrainJobController,
        rules: [
          {
            rule: "self in ['trainer.kubeflow.org/trainjob-controller', 'kueue.x-k8s.io/multikueue']",
            message:
              'ManagedBy must be trainer.kubeflow.org/trainjob-controller or kueue.x-k8s.io/multikueue if set',
          },
          IMMUTABLE,
        ],
        description: 'managedBy names the controller that reconciles the TrainJob. Immutable.',
      }),
    ),
  },
  { description: 'spec is the desired state of the TrainJob.' },
);

/** The TrainJob kind. */
export const TrainJobSchema = Obj(
  {
    apiVersion: Type.Optional(Str({ description: `apiVersion: ${API_VERSION}.` })),
    kind: Type.Optional(Str({ description: `kind: ${Kinds.TrainJob}.` })),
    metadata: Type.Optional(ObjectMeta()),
    spec: Type.Optional(TrainJobSpecSchema),
    status: Type.Optional(TrainJobStatusSchema),
  },
  {
    description: 'TrainJob is a training job, rendered from a TrainingRuntime or ClusterTrainingRuntime.',
    rules: [
      {
        rule: "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
        message: 'metadata.name must match RFC 1035 DNS label format',
      },
      { rule: 'size(self.metadata.name) <= 63', message: 'metadata.name must be no more than 63 characters' },
    ],
  },
);
