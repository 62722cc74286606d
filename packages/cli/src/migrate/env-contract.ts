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

/**
 * How the environment of the user's code changes, per kind; `job` is the job's name. PyTorchJob,
 * XGBoostJob and JAXJob get theirs rebuilt (legacy-env.ts), so they have nothing to report.
 */
function contract(kind: V1KindName, job: string): string | undefined {
  switch (kind) {
    case 'TFJob':
      return `v2 does not set TF_CONFIG: build it in the pods from their host names (${job}-<replica type>-0-<index>.${job}) and JOB_COMPLETION_INDEX`;
    case 'PaddleJob':
      return `v2 does not set PADDLE_MASTER, PADDLE_NNODES, PADDLE_JOB_ID, PADDLE_SERVER_NUM, PADDLE_TRAINER_NUM or PYTHONUNBUFFERED: set them in the pods (host names ${job}-<replica type>-0-<index>.${job})`;
    case 'MPIJob':
      return `v2 starts the workers over SSH (key in Secret ${job}-mpi-ssh-auth, mounted at /root/.ssh; hostfile at /etc/mpi/hostfile), not with kubectl exec: the images need an SSH client and server`;
    default:
      return undefined;
  }
}

/**
 * Reports, on the replica map of `kind`, how the v2 runtime's environment differs from the one
 * Training Operator v1 gave the user's code.
 */
export function reportEnvContract(kind: V1KindName, job: string, findings: Findings): void {
  const how = contract(kind, job);
  if (how !== undefined) findings.changed(`spec.${V1_KIND_FACTS[kind].specsField}`, how);
}
