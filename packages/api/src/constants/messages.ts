// SPDX-License-Identifier: Apache-2.0
// Validation and warning messages of upstream Trainer's webhooks and plugins, byte-identical.
import { GROUP, Resources, type Kinds } from './api.js';
import { RUNTIME_DEPRECATION_POLICY_URL } from './names.js';

/** Fixed messages of the TrainJob and runtime validators. */
export const ValidationMessages = {
  DatasetInitializerJobMissing:
    'must have dataset-initializer job when trainJob is configured with input datasetConfig',
  DatasetInitializerContainerMissing:
    'must have container with name - dataset-initializer in the dataset-initializer job',
  DatasetInitializerVolumeMountMissing:
    'must have volumeMount with name - initializer in container dataset-initializer of the dataset-initializer job',
  ModelInitializerJobMissing:
    'must have model-initializer job when trainJob is configured with input modelConfig',
  ModelInitializerContainerMissing:
    'must have container with name - model-initializer in the model-initializer job',
  ModelInitializerVolumeMountMissing:
    'must have volumeMount with name - initializer in container model-initializer of the model-initializer job',
  RuntimePatchesNotSuspended:
    'RuntimePatches can only be modified when the TrainJob is suspended before or after the update',
  ReplicatedJobPatchUnknown: "must not have replicated job that doesn't exist in the runtime job template",
  ContainerPatchEnvForbidden:
    'must not have envs for the dataset-initializer, model-initializer, node containers',
  ReplicasMustBeOne: 'always must be 1',
  FluxInstallerReserved: "InitContainer 'flux-installer' is reserved",
  VolcanoQueueEmpty: 'Volcano queue name must not be empty',
  LoRAMultiNode: 'LoRA fine-tuning is not supported for multi-node training in TorchTune',
  MPIRunLauncherAsNode:
    'must have 1 when MPI trainingRuntime with enabled runLauncherAsNode does not have either launcher and node',
  StatusServerPortMissing: 'missing status server port',
  StatusServerCAMissing: 'failed to find status server ca.crt in tls secret',
} as const;

/** `failed to look up status server tls secret: <err>` (the webhook certificate Secret could not be read). */
export function statusServerSecretLookupMessage(error: string): string {
  return `failed to look up status server tls secret: ${error}`;
}

/** `RuntimePatches cannot be modified when the JobSet's ReplicatedJob <name> is still active`. */
export function runtimePatchesActiveJobMessage(replicatedJob: string): string {
  return `RuntimePatches cannot be modified when the JobSet's ReplicatedJob ${replicatedJob} is still active`;
}

/** `must not have initContainer that doesn't exist in the runtime job <job>`. */
export function initContainerPatchUnknownMessage(job: string): string {
  return `must not have initContainer that doesn't exist in the runtime job ${job}`;
}

/** `must not have container that doesn't exist in the runtime job <job>`. */
export function containerPatchUnknownMessage(job: string): string {
  return `must not have container that doesn't exist in the runtime job ${job}`;
}

/** `must contain the required container for the ancestor: <ancestor>`. */
export function requiredContainerMessage(ancestor: string): string {
  return `must contain the required container for the ancestor: ${ancestor}`;
}

/**
 * The API server's NotFound message for a runtime, `<resource>.trainer.kubeflow.org "<name>" not found`
 * (`apierrors.NewNotFound` of the runtime's GroupResource), as upstream quotes it.
 */
export function runtimeNotFoundMessage(
  kind: typeof Kinds.TrainingRuntime | typeof Kinds.ClusterTrainingRuntime,
  name: string,
): string {
  return `${Resources[kind]}.${GROUP} "${name}" not found`;
}

/** `<err>: specified trainingRuntime must be created before the TrainJob is created`. */
export function trainingRuntimeMissingMessage(err: string): string {
  return `${err}: specified trainingRuntime must be created before the TrainJob is created`;
}

/** `<err>: specified clusterTrainingRuntime must be created before the TrainJob is created`. */
export function clusterTrainingRuntimeMissingMessage(err: string): string {
  return `${err}: specified clusterTrainingRuntime must be created before the TrainJob is created`;
}

/** `must not have reserved envs, invalid envs configured: [<sorted names>]` (names sorted, space-separated as Go prints a slice). */
export function reservedEnvsMessage(names: readonly string[]): string {
  return `must not have reserved envs, invalid envs configured: [${[...names].sort().join(' ')}]`;
}

/** `<NAME> is reserved for the XGBoost runtime`. */
export function xgboostReservedEnvMessage(name: string): string {
  return `${name} is reserved for the XGBoost runtime`;
}

/** `envInjection target podSet "<job>" container "<c>" not found in runtime template`. */
export function envInjectionTargetMissingMessage(job: string, container: string): string {
  return `envInjection target podSet "${job}" container "${container}" not found in runtime template`;
}

/** `MPI implementation for <impl> doesn't supported`. */
export function mpiImplementationUnsupportedMessage(implementation: string): string {
  return `MPI implementation for ${implementation} doesn't supported`;
}

/** `PriorityClass "<name>" doesn't exist: <err>`. */
export function priorityClassMissingMessage(name: string, err: string): string {
  return `PriorityClass "${name}" doesn't exist: ${err}`;
}

/** `must have a supported pretrained model, invalid model configured: <model>`. */
export function torchTuneUnsupportedModelMessage(model: string): string {
  return `must have a supported pretrained model, invalid model configured: ${model}`;
}

/** `must be 1 for <model> model`. */
export function torchTuneNumNodesMessage(model: string): string {
  return `must be 1 for ${model} model`;
}

/** `QLoRA is not supported for <model> model`. */
export function torchTuneQLoRAUnsupportedMessage(model: string): string {
  return `QLoRA is not supported for ${model} model`;
}

/** `must be auto or 1 for <model> model when using QLoRA`. */
export function torchTuneQLoRANumProcMessage(model: string): string {
  return `must be auto or 1 for ${model} model when using QLoRA`;
}

/** `must have gpu resource with value 1 for <model> model when using QLoRA`. */
export function torchTuneQLoRAGPUMessage(model: string): string {
  return `must have gpu resource with value 1 for ${model} model when using QLoRA`;
}

/** `must not set immutable config "<key>" in trainer args; it is managed by the runtime`. */
export function torchTuneImmutableConfigMessage(key: string): string {
  return `must not set immutable config "${key}" in trainer args; it is managed by the runtime`;
}

/** Warning when a TrainJob references a deprecated ClusterTrainingRuntime. */
export function deprecatedRuntimeReferenceWarning(name: string): string {
  return `Referenced ClusterTrainingRuntime "${name}" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: ${RUNTIME_DEPRECATION_POLICY_URL}`;
}

/** Warning when a deprecated ClusterTrainingRuntime is created. */
export function deprecatedRuntimeWarning(name: string): string {
  return `ClusterTrainingRuntime "${name}" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: ${RUNTIME_DEPRECATION_POLICY_URL}`;
}

/** Fixed messages of the controller's engine (upstream's framework and runtime snapshot errors). */
export const EngineMessages = {
  TooManyStatusPlugins: 'too many TrainJobStatus plugins are registered',
  SnapshotOwnedByAnother:
    'invalid runtime snapshot: a snapshot configmap exists but is owned by another object',
  SnapshotMissingRuntimeKey: 'invalid runtime snapshot: snapshot ConfigMap missing "runtime" data key',
} as const;

/** `invalid runtime snapshot: unable to unmarshal the snapshot: <err>`. */
export function snapshotUnmarshalMessage(err: string): string {
  return `invalid runtime snapshot: unable to unmarshal the snapshot: ${err}`;
}

/**
 * `invalid runtime snapshot: the snapshot refers to the wrong runtime: expecting a runtime with name,
 * api group and kind of "<n>", "<g>", "<k>" but found runtime with name, api group and kind of "<n>",
 * "<g>", "<k>"`.
 */
export function snapshotWrongRuntimeMessage(want: readonly string[], got: readonly string[]): string {
  const q = (xs: readonly string[]): string => xs.map((x) => `"${x}"`).join(', ');
  return (
    'invalid runtime snapshot: the snapshot refers to the wrong runtime: expecting a runtime with name, ' +
    `api group and kind of ${q(want)} but found runtime with name, api group and kind of ${q(got)}`
  );
}
