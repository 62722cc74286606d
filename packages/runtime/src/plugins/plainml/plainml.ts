// SPDX-License-Identifier: Apache-2.0
// PlainML (upstream `plugins/plainml/plainml.go`): for runtimes without a torch, MPI or JAX policy
// (no mlPolicy, XGBoost, Flux), the trainer step's count follows `spec.trainer.numNodes` and the
// trainer env goes into its `node` container.

import { PluginNames } from '@kubetrain/api/core';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv } from '../../util/upsert.js';
import { resolveTrainerNode } from '../common/trainer-node.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.PlainML;

/** The PlainML policy. */
export class PlainML implements EnforceMLPolicyPlugin {
  readonly name = name;

  /** Sets the trainer count (numNodes 0 is kept) and upserts the trainer env into `node`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    const ml = info.runtimePolicy.mlPolicy;
    if (ml?.torch !== undefined || ml?.mpi !== undefined || ml?.jax !== undefined) return;
    const target = resolveTrainerNode(info, trainJob);
    const env = trainJob.spec.trainer?.env;
    if (target !== undefined && env !== undefined) upsertEnv(target.node.env, env);
  }
}

/** Creates the PlainML plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): PlainML {
  return new PlainML();
}
