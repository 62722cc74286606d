// SPDX-License-Identifier: Apache-2.0
// What each kind's user code read from Training Operator v1 (env vars, host names) and what the v2
// runtime gives it instead, as warnings on the replica map.

import type { V1KindName } from '@kubetrain/api';
import type { Findings } from './findings.js';
import { V1_KIND_FACTS } from './v1-kinds.js';

/** True when the command line starts torchrun (which reads v2's PET_* variables). */
export function startsTorchrun(commandLine: readonly unknown[]): boolean {
  return commandLine.some((part) => part === 'torchrun' || part === 'torch.distributed.run');
}

/** How the environment of the user's code changes, per kind; `job` is the job's name. */
function contract(kind: V1KindName, job: string, torchrun: boolean, hasMaster: boolean): string | undefined {
  const node0 = `${job}-node-0-0.${job}`;
  switch (kind) {
    case 'PyTorchJob':
      if (torchrun || !hasMaster) return undefined;
      return `v2 sets only torchrun's PET_NNODES, PET_NPROC_PER_NODE, PET_NODE_RANK, PET_MASTER_ADDR (${node0}) and PET_MASTER_PORT (29500); MASTER_ADDR, MASTER_PORT, WORLD_SIZE, RANK and PYTHONUNBUFFERED are no longer set: start the script with torchrun`;
    case 'XGBoostJob':
      return `v2 sets DMLC_TRACKER_URI (${node0}), DMLC_TRACKER_PORT (29500), DMLC_TASK_ID and DMLC_NUM_WORKER instead of MASTER_ADDR, MASTER_PORT, WORLD_SIZE, RANK, WORKER_ADDRS, WORKER_PORT and PYTHONUNBUFFERED`;
    case 'JAXJob':
      return `v2 sets JAX_COORDINATOR_ADDRESS (${node0}:29500), JAX_NUM_PROCESSES and JAX_PROCESS_ID instead of COORDINATOR_ADDRESS, COORDINATOR_PORT, NUM_PROCESSES, PROCESS_ID and PYTHONUNBUFFERED`;
    case 'TFJob':
      return `v2 does not set TF_CONFIG: build it in the pods from their host names (${job}-<replica type>-0-<index>.${job}) and JOB_COMPLETION_INDEX`;
    case 'PaddleJob':
      return `v2 does not set PADDLE_MASTER, PADDLE_NNODES, PADDLE_JOB_ID, PADDLE_SERVER_NUM, PADDLE_TRAINER_NUM or PYTHONUNBUFFERED: set them in the pods (host names ${job}-<replica type>-0-<index>.${job})`;
    case 'MPIJob':
      return `v2 starts the workers over SSH (key in Secret ${job}-mpi-ssh-auth, mounted at /root/.ssh; hostfile at /etc/mpi/hostfile), not with kubectl exec: the images need an SSH client and server`;
  }
}

/**
 * Reports, on the replica map of `kind`, how the v2 runtime's environment differs from the one
 * Training Operator v1 gave the user's code. `commandLine` is the framework container's command and
 * args; `hasMaster` whether a PyTorchJob has a Master (v1 gave worker-only jobs no MASTER_ADDR).
 */
export function reportEnvContract(
  kind: V1KindName,
  job: string,
  commandLine: readonly unknown[],
  hasMaster: boolean,
  findings: Findings,
): void {
  const how = contract(kind, job, startsTorchrun(commandLine), hasMaster);
  if (how !== undefined) findings.changed(`spec.${V1_KIND_FACTS[kind].specsField}`, how);
}
