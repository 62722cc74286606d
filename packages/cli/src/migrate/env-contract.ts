// SPDX-License-Identifier: Apache-2.0
// What each kind's user code read from Training Operator v1 (env vars, host names) and what the v2
// runtime gives it instead, as warnings on the replica map.

import { V1ReplicaSpecsFields, type V1KindName } from '@kubetrain/api';
import type { Findings } from './findings.js';

/** True when the command line starts torchrun (which reads v2's PET_* variables). */
export function startsTorchrun(commandLine: readonly unknown[]): boolean {
  return commandLine.some((part) => part === 'torchrun' || part === 'torch.distributed.run');
}

/**
 * How the environment of the user's code changes, per kind; `job` is the job's name. The other kinds
 * get theirs rebuilt (legacy-env.ts, role-env.ts), so they have nothing to report.
 */
function contract(kind: V1KindName, job: string): string | undefined {
  switch (kind) {
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
  if (how !== undefined) findings.changed(`spec.${V1ReplicaSpecsFields[kind]}`, how);
}
