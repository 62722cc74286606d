// SPDX-License-Identifier: Apache-2.0
// Rules of upstream's MPI plugin: a runLauncherAsNode runtime needs both a `launcher` and a `node`
// job for more than one node, and `spec.trainer.env` must not set the OpenMPI variables it injects.

import {
  ContainerNames,
  fieldPath,
  invalid,
  MPI_RESERVED_ENV_NAMES,
  ValidationMessages,
  type FieldError,
} from '@kubetrain/api/core';
import { findPodSetByName } from '../../framework/runtime-info.js';
import { validateReservedTrainerEnv, type TrainJobRuleInput } from '../../validation/input.js';

const RESERVED: ReadonlySet<string> = new Set(MPI_RESERVED_ENV_NAMES);

/**
 * With `mlPolicy.mpi`: when `spec.trainer.numNodes` ≥ 2 and `runLauncherAsNode` is on, the runtime
 * must have pod sets named `launcher` and `node` (`field.Invalid(spec.trainer.numNodes, <n>, must
 * have 1 when MPI trainingRuntime with enabled runLauncherAsNode does not have either launcher and
 * node)`); `spec.trainer.env` must not use `OMPI_MCA_orte_default_hostfile`,
 * `OMPI_MCA_plm_rsh_args`, `OMPI_MCA_orte_keep_fqdn_hostnames`, `OMPI_MCA_orte_set_default_slots`
 * (`field.Invalid(spec.trainer.env, <env>, must not have reserved envs, ...)`).
 */
export function validateMPI(input: TrainJobRuleInput): FieldError[] {
  const mpi = input.info.runtimePolicy.mlPolicy?.mpi;
  if (mpi === undefined) return [];
  const errors: FieldError[] = [];
  const trainer = input.newJob.spec.trainer;
  const numNodes = trainer?.numNodes ?? 1;
  if (trainer !== undefined && numNodes >= 2 && mpi.runLauncherAsNode === true) {
    if (
      findPodSetByName(input.info, ContainerNames.Launcher) === undefined ||
      findPodSetByName(input.info, ContainerNames.Node) === undefined
    ) {
      errors.push(
        invalid(
          fieldPath('spec', 'trainer', 'numNodes'),
          trainer.numNodes,
          ValidationMessages.MPIRunLauncherAsNode,
        ),
      );
    }
  }
  errors.push(...validateReservedTrainerEnv(input.newJob, RESERVED));
  return errors;
}
