// SPDX-License-Identifier: Apache-2.0
// Names of jobs, containers, volumes, generated objects, ports and paths that upstream Trainer uses.

import { API_VERSION } from './api.js';

/** Replicated job and container names (`DatasetInitializer`, `ModelInitializer`, `Node`, `Launcher`). */
export const ContainerNames = {
  DatasetInitializer: 'dataset-initializer',
  ModelInitializer: 'model-initializer',
  /** The trainer container, and the conventional trainer replicated job name. */
  Node: 'node',
  /** The MPI launcher replicated job. */
  Launcher: 'launcher',
  /** Init container the Flux plugin adds; reserved (validation rejects it in runtimes). */
  FluxInstaller: 'flux-installer',
} as const;

/** Mount paths the SDK and test wrappers use for initializer output; never injected by plugins. */
export const MountPaths = {
  Dataset: '/workspace/dataset',
  Model: '/workspace/model',
  /** MPI hostfile directory in the launcher. */
  MPIHostfileDir: '/etc/mpi',
  /** Status-server token and CA mount in trainer containers. */
  StatusServerToken: '/var/run/secrets/kubeflow/trainer',
  /** Flux: the entrypoint ConfigMap (entrypoint.sh, init.sh) in the installer and `node` containers. */
  FluxConfig: '/etc/flux-config',
  /** Flux: the install volume the installer fills and the `node` container runs from. */
  FluxInstall: '/mnt/flux',
  /** Flux: the spack install volume in the `node` container. */
  FluxSpackInstall: '/opt/software',
  /** Flux: the CURVE certificate Secret in the `node` container. */
  FluxCurve: '/curve',
  /** Flux: the memory-backed shared-memory volume in the `node` container. */
  FluxSharedMemory: '/dev/shm',
} as const;

/** The port every trainer container exposes (`ContainerTrainerPort`). */
export const CONTAINER_TRAINER_PORT = 29500 as const;

/** Replicas forced on trainer and initializer replicated jobs (`DefaultJobReplicas`). */
export const DEFAULT_JOB_REPLICAS = 1 as const;

/** Volume names plugins add. */
export const VolumeNames = {
  /** Shared initializer volume a runtime must mount into its initializer containers (`VolumeNameInitializer`). */
  Initializer: 'initializer',
  MPISSHAuth: 'mpi-ssh-auth',
  MPIHostfile: 'mpi-hostfile',
  FluxSpackInstall: 'spack-install',
  FluxInstall: 'flux-install',
  FluxSharedMemory: 'shared-memory',
  FluxCurve: 'flux-curve',
  StatusServerToken: 'kubeflow-trainer-token',
} as const;

/** Suffixes appended to the TrainJob name to name the objects rendered for it (`<trainjob><suffix>`). */
export const ObjectNameSuffixes = {
  RuntimeSnapshot: '-runtime-snapshot',
  MPIHostfile: '-mpi-hostfile',
  MPISSHAuth: '-mpi-ssh-auth',
  FluxEntrypoint: '-flux-entrypoint',
  FluxCurve: '-flux-curve',
  StatusServerTLSConfig: '-tls-config',
} as const;

/** Data keys of rendered ConfigMaps and Secrets. */
export const DataKeys = {
  /** The runtime snapshot ConfigMap's key. */
  RuntimeSnapshot: 'runtime',
  MPIHostfile: 'hostfile',
  SSHPrivateKey: 'ssh-privatekey',
  SSHPublicKey: 'ssh-publickey',
  CACert: 'ca.crt',
  FluxEntrypoint: 'entrypoint.sh',
  FluxInit: 'init.sh',
  FluxCurveCert: 'curve.cert',
} as const;

/** Plugin names, as upstream's registry spells them. */
export const PluginNames = {
  JobSet: 'JobSet',
  Torch: 'Torch',
  MPI: 'MPI',
  JAX: 'JAX',
  XGBoost: 'XGBoost',
  PlainML: 'PlainML',
  CoScheduling: 'CoScheduling',
  Volcano: 'Volcano',
  Flux: 'Flux',
  TrainJobStatus: 'TrainJobStatus',
} as const;

/** `spec.schedulerName` values of the gang schedulers the plugins integrate with. */
export const SchedulerNames = {
  /** The scheduler name KAI Scheduler serves (`DefaultSchedulerName`). */
  KAI: 'kai-scheduler',
} as const;

/** core/v1 Secret types of the Secrets plugins render. */
export const SecretTypes = {
  /** `kubernetes.io/ssh-auth` (`SecretTypeSSHAuth`): the MPI SSH key pair. */
  SSHAuth: 'kubernetes.io/ssh-auth',
} as const;

/** MPI implementations. The CRD enum admits only `OpenMPI` and the empty string. */
export const MPIImplementations = {
  OpenMPI: 'OpenMPI',
  Intel: 'Intel',
  MPICH: 'MPICH',
} as const;

/** The pretrained models TorchTune supports (`<family>/<size>`, from the runtime name). */
export const TorchTuneModels = {
  Llama3_2_1B: 'llama3_2/1B',
  Llama3_2_3B: 'llama3_2/3B',
  Llama3_3_70B: 'llama3_3/70B',
  Qwen2_5_1_5B: 'qwen2_5/1.5B',
} as const;

/** TorchTune constants: the entrypoint that triggers it and the supported models. */
export const TorchTune = {
  Entrypoint: ['tune', 'run'],
  SupportedModels: [
    TorchTuneModels.Llama3_2_1B,
    TorchTuneModels.Llama3_2_3B,
    TorchTuneModels.Llama3_3_70B,
    TorchTuneModels.Qwen2_5_1_5B,
  ],
  ImmutableConfigKeys: [
    'output_dir',
    'tokenizer.path',
    'checkpointer.checkpoint_dir',
    'tokenizer.merges_file',
  ],
} as const;

/** URL quoted in runtime deprecation warnings (`RuntimeDeprecationPolicyURL`). */
export const RUNTIME_DEPRECATION_POLICY_URL =
  'https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy' as const;

/** Status-server defaults (feature gate `TrainJobStatus`). */
export const StatusServer = {
  ServiceName: 'kubeflow-trainer-controller-manager',
  WebhookSecretName: 'kubeflow-trainer-webhook-cert',
  Port: 10443,
  OperatorNamespace: 'kubeflow-system',
  TokenExpirationSeconds: 3600,
} as const;

/**
 * The path of a TrainJob's status endpoint (upstream's `StatusUrl`):
 * `/apis/trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status`.
 */
export function statusServerPath(namespace: string, name: string): string {
  return `/apis/${API_VERSION}/namespaces/${namespace}/trainjobs/${name}/status`;
}

/**
 * The audience of the projected token a trainer pod presents (upstream's `TokenAudience`):
 * `trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status`.
 */
export function statusServerTokenAudience(namespace: string, name: string): string {
  return `${API_VERSION}/namespaces/${namespace}/trainjobs/${name}/status`;
}
