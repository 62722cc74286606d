// SPDX-License-Identifier: Apache-2.0
// The plugin registry: an ordered array of factories (upstream uses a Go map, so its order is
// random). The order is part of the contract because it fixes env order where two plugins touch
// one container and the order of the rendered objects:
//   1. ML policies:  PlainML, Torch, MPI, JAX, XGBoost, Flux
//   2. pod groups:   CoScheduling, Volcano, KAI, Kueue
//   3. workload:     JobSet (exactly one workload plugin; it also owns the status point)
// PlainML runs first so that, with XGBoost, the trainer env precedes the DMLC_* env, as it precedes
// the PET_* env with torch. Plugins must still be correct in any order within one point. The
// validate point runs the workload plugin first (see Framework).

import {
  pluginDependencies,
  type PluginDependencies,
  type PluginFactory,
} from '../framework/dependencies.js';
import type { Plugin } from '../framework/plugin.js';
import { create as createJobSet } from '../workload/jobset/jobset-plugin.js';
import { create as createCoScheduling } from './coscheduling/coscheduling.js';
import { create as createFlux } from './flux/flux.js';
import { create as createJAX } from './jax/jax.js';
import { create as createKAI } from './kai/kai.js';
import { create as createKueue } from './kueue/kueue.js';
import { create as createMPI } from './mpi/mpi.js';
import { create as createPlainML } from './plainml/plainml.js';
import { create as createTorch } from './torch/torch.js';
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

/**
 * Fresh instances of the built-in plugins, in registry order, each created with frozen copies of
 * `dependencies` (an empty configuration and no feature gates when absent).
 */
export function defaultPlugins(dependencies?: Partial<PluginDependencies>): Plugin[] {
  const frozen = pluginDependencies(dependencies);
  return pluginFactories.map((create) => create(frozen));
}
