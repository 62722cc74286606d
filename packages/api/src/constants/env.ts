// SPDX-License-Identifier: Apache-2.0
// Environment variable names injected by upstream Trainer's plugins.

/** torchrun variables injected by the Torch plugin, in injection order. */
export const TorchEnv = {
  NumNodes: 'PET_NNODES',
  NumProcPerNode: 'PET_NPROC_PER_NODE',
  NodeRank: 'PET_NODE_RANK',
  MasterAddr: 'PET_MASTER_ADDR',
  MasterPort: 'PET_MASTER_PORT',
} as const;

/** Names a TrainJob must not set in `spec.trainer.env` with a Torch runtime (`TorchRunReservedEnvNames`). */
export const TORCH_RESERVED_ENV_NAMES = [
  'PET_NNODES',
  'PET_NPROC_PER_NODE',
  'PET_NODE_RANK',
  'PET_MASTER_ADDR',
  'PET_MASTER_PORT',
] as const;

/** OpenMPI variables set on the launcher's `node` container by the MPI plugin, in injection order. */
export const OpenMPIEnv = {
  DefaultHostfile: 'OMPI_MCA_orte_default_hostfile',
  KeepFQDNHostnames: 'OMPI_MCA_orte_keep_fqdn_hostnames',
  DefaultSlots: 'OMPI_MCA_orte_set_default_slots',
  RshArgs: 'OMPI_MCA_plm_rsh_args',
} as const;

/** Names a TrainJob must not set in `spec.trainer.env` with an MPI runtime (`MPIReservedEnvNames`). */
export const MPI_RESERVED_ENV_NAMES = [
  'OMPI_MCA_orte_default_hostfile',
  'OMPI_MCA_plm_rsh_args',
  'OMPI_MCA_orte_keep_fqdn_hostnames',
  'OMPI_MCA_orte_set_default_slots',
] as const;

/** Fixed OpenMPI values (`OMPI_MCA_orte_default_hostfile`, `..._keep_fqdn_hostnames`, `..._plm_rsh_args`). */
export const OpenMPIEnvValues = {
  DefaultHostfile: '/etc/mpi/hostfile',
  KeepFQDNHostnames: 'true',
  RshArgs: '-o ConnectionAttempts=10',
} as const;

/** JAX variables injected by the JAX plugin, in injection order. */
export const JAXEnv = {
  NumProcesses: 'JAX_NUM_PROCESSES',
  ProcessId: 'JAX_PROCESS_ID',
  CoordinatorAddress: 'JAX_COORDINATOR_ADDRESS',
} as const;

/** XGBoost (DMLC) variables injected by the XGBoost plugin, in injection order. */
export const XGBoostEnv = {
  TrackerURI: 'DMLC_TRACKER_URI',
  TrackerPort: 'DMLC_TRACKER_PORT',
  TaskId: 'DMLC_TASK_ID',
  NumWorker: 'DMLC_NUM_WORKER',
} as const;

/** Names reserved for the XGBoost runtime in `spec.trainer.env`. */
export const XGBOOST_RESERVED_ENV_NAMES = [
  'DMLC_TRACKER_URI',
  'DMLC_TRACKER_PORT',
  'DMLC_TASK_ID',
  'DMLC_NUM_WORKER',
] as const;

/** Flux settings that the runtime's `node` env, then `spec.trainer.env`, may override. */
export const FluxEnv = {
  ViewImage: 'FLUX_VIEW_IMAGE',
  NetworkDevice: 'FLUX_NETWORK_DEVICE',
  QueuePolicy: 'FLUX_QUEUE_POLICY',
} as const;

/** Defaults of the Flux settings above. */
export const FluxEnvDefaults = {
  FLUX_VIEW_IMAGE: 'ghcr.io/converged-computing/flux-view-ubuntu:tag-jammy',
  FLUX_NETWORK_DEVICE: 'eth0',
  FLUX_QUEUE_POLICY: 'fcfs',
} as const;

/** Initializer variable set from `spec.initializer.{dataset,model}.storageUri` (`InitializerEnvStorageUri`). */
export const InitializerEnv = {
  StorageUri: 'STORAGE_URI',
} as const;

/** Status-server variables injected into trainer containers (feature gate `TrainJobStatus`). */
export const StatusServerEnv = {
  ServerURL: 'KUBEFLOW_TRAINER_SERVER_URL',
  CACert: 'KUBEFLOW_TRAINER_SERVER_CA_CERT',
  Token: 'KUBEFLOW_TRAINER_SERVER_TOKEN',
} as const;
