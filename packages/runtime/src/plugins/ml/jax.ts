// SPDX-License-Identifier: Apache-2.0
// JAX (upstream `plugins/jax/jax.go`): one process per pod; the trainer count, JAX_* env and port.
// The trainer env is not upserted here (PlainML skips JAX), so the builder appends new names after.

import {
  AncestorSteps,
  CONTAINER_TRAINER_PORT,
  ContainerNames,
  JAXEnv,
  JOB_COMPLETION_INDEX_FIELD_PATH,
  PluginNames,
} from '@kubetrain/api';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import { findContainer, findPodSetByAncestor, type RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv, upsertPorts } from '../../util/upsert.js';

/** Upstream's plugin name. */
export const name = PluginNames.JAX;

/** The JAX ML policy. */
export class JAX implements EnforceMLPolicyPlugin {
  readonly name = name;

  /** Applies the JAX policy when the runtime has `mlPolicy.jax`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.jax === undefined) return;
    const trainerPS = findPodSetByAncestor(info, AncestorSteps.Trainer);
    if (trainerPS === undefined) return;
    const trainer = trainJob.spec.trainer;
    if (trainer?.numNodes !== undefined) trainerPS.count = trainer.numNodes;
    const node = findContainer(trainerPS, ContainerNames.Node);
    if (trainer === undefined || node === undefined) return;
    const tj = trainJob.metadata.name ?? '';
    upsertEnv(node.env, [
      { name: JAXEnv.NumProcesses, value: String(trainerPS.count ?? 1) },
      { name: JAXEnv.ProcessId, valueFrom: { fieldRef: { fieldPath: JOB_COMPLETION_INDEX_FIELD_PATH } } },
      {
        name: JAXEnv.CoordinatorAddress,
        value: `${tj}-${ContainerNames.Node}-0-0.${tj}:${CONTAINER_TRAINER_PORT}`,
      },
    ]);
    upsertPorts(node.ports, [{ containerPort: CONTAINER_TRAINER_PORT }]);
  }
}

/** Creates the JAX plugin. */
export function create(): JAX {
  return new JAX();
}
