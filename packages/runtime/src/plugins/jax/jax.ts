// SPDX-License-Identifier: Apache-2.0
// JAX (upstream `plugins/jax/jax.go`): one process per pod; the trainer count, JAX_* env and port.
// The trainer env is not upserted here (PlainML skips JAX), so the builder appends new names after.

import { CONTAINER_TRAINER_PORT, JAXEnv, PluginNames } from '@kubetrain/api/core';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv } from '../../util/upsert.js';
import { nodeRankEnv, firstNodeHost, openTrainerPort, resolveTrainerNode } from '../common/trainer-node.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.JAX;

/** The JAX ML policy. */
export class JAX implements EnforceMLPolicyPlugin {
  readonly name = name;

  /** Applies the JAX policy when the runtime has `mlPolicy.jax`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.jax === undefined) return;
    const target = resolveTrainerNode(info, trainJob);
    if (target === undefined) return;
    const { podSet, node } = target;
    upsertEnv(node.env, [
      { name: JAXEnv.NumProcesses, value: String(podSet.count ?? 1) },
      nodeRankEnv(info, JAXEnv.ProcessId),
      {
        name: JAXEnv.CoordinatorAddress,
        value: `${firstNodeHost(info, trainJob)}:${CONTAINER_TRAINER_PORT}`,
      },
    ]);
    openTrainerPort(node);
  }
}

/** Creates the JAX plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): JAX {
  return new JAX();
}
