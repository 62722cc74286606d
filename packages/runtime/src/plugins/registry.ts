// SPDX-License-Identifier: Apache-2.0
// The plugin registry: an ordered array of factories (upstream uses a Go map, so its order is
// random). The order is part of the contract because it fixes env order where two plugins touch
// one container and the order of the rendered objects:
//   1. ML policies:  PlainML, Torch, MPI, JAX, XGBoost, Flux
//   2. pod groups:   CoScheduling, Volcano, KAI, Kueue
//   3. workload:     JobSet (the default backend; it also owns the status point), then, with the
//                    kubetrain feature gate `LeaderWorkerSetBackend`, LeaderWorkerSet (the backend
//                    of runtimes annotated `kubetrain.dev/workload: LeaderWorkerSet`)
//   4. pod spec:     with upstream's gate `TrainJobStatus`, TrainJobStatus (the status-server env,
//                    token volume and CA ConfigMap; it builds after the workload, as its objects
//                    are mounted, not ordered: the controller writes ConfigMaps before the workload)
// PlainML runs first so that, with XGBoost, the trainer env precedes the DMLC_* env, as it precedes
// the PET_* env with torch. Plugins must still be correct in any order within one point. The
// validate point runs the workload plugin first (see Framework).

import {
  pluginDependencies,
  type PluginDependencies,
  type PluginFactory,
} from '../framework/dependencies.js';
import type { Plugin } from '../framework/plugin.js';
import { FeatureGateNames } from '@kubetrain/api/core';
import { create as createJobSet } from '../workload/jobset/jobset-plugin.js';
import { create as createLeaderWorkerSet } from '../workload/leaderworkerset/leaderworkerset-plugin.js';
import { create as createCoScheduling } from './coscheduling/coscheduling.js';
import { create as createFlux } from './flux/flux.js';
import { create as createJAX } from './jax/jax.js';
import { create as createKAI } from './kai/kai.js';
import { create as createKueue } from './kueue/kueue.js';
import { create as createMPI } from './mpi/mpi.js';
import { create as createPlainML } from './plainml/plainml.js';
import { create as createTorch } from './torch/torch.js';
import { create as createTrainJobStatus } from './trainjobstatus/trainjobstatus.js';
import { create as createVolcano } from './volcano/volcano.js';
import { create as createXGBoost } from './xgboost/xgboost.js';

/** The factories of the built-in plugins, in registry order (fixed; see the header). */
export const pluginFactories: readonly PluginFactory[] = Object.freeze([
  createPlainML,
  createTorch,
  createMPI,
  createJAX,
  createXGBoost,
  createFlux,
  createCoScheduling,
  createVolcano,
  createKAI,
  createKueue,
  createJobSet,
]);

/** Factories registered after {@link pluginFactories} only when their feature gate is on. */
export const gatedPluginFactories: ReadonlyArray<{ readonly gate: string; readonly create: PluginFactory }> =
  Object.freeze([
    { gate: FeatureGateNames.LeaderWorkerSetBackend, create: createLeaderWorkerSet },
    { gate: FeatureGateNames.TrainJobStatus, create: createTrainJobStatus },
  ]);

/**
 * Fresh instances of the built-in plugins, in registry order, each created with frozen copies of
 * `dependencies` (an empty configuration and no feature gates when absent); then the gated ones
 * whose gate is on.
 */
export function defaultPlugins(dependencies?: Partial<PluginDependencies>): Plugin[] {
  const frozen = pluginDependencies(dependencies);
  const gated = gatedPluginFactories.filter((g) => frozen.featureGates[g.gate] === true);
  return [...pluginFactories, ...gated.map((g) => g.create)].map((create) => create(frozen));
}
