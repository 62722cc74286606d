// SPDX-License-Identifier: Apache-2.0
// What a plugin factory is given: the engine's configuration and the feature gates, both frozen,
// so that a plugin's behaviour is fixed when it is created and never read from globals.

import type { Plugin } from './plugin.js';

/**
 * The configuration plugins may read: the controller's decoded Configuration (or the part of it the
 * engine needs), frozen. Read by TrainJobStatus (`statusServer.port`,
 * `certManagement.webhookServiceName`).
 */
export type EngineConfig = Readonly<Record<string, unknown>>;

/** Feature gates by name (upstream's spelling, e.g. `TrainJobStatus`), frozen. */
export type FeatureGates = Readonly<Record<string, boolean>>;

/** The dependencies every plugin factory takes. */
export interface PluginDependencies {
  readonly config: EngineConfig;
  readonly featureGates: FeatureGates;
  /**
   * The namespace the manager runs in (upstream reads its service-account namespace file, else
   * `kubeflow-system`): the status server's Service and the webhook certificate Secret are there.
   * Absent: `StatusServer.OperatorNamespace`.
   */
  readonly operatorNamespace?: string;
}

/** A plugin factory: `create({ config, featureGates })`. */
export type PluginFactory = (dependencies: PluginDependencies) => Plugin;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Frozen copies of `config`, `featureGates` (empty when absent) and `operatorNamespace`: what the registry hands every
 * factory. The caller's objects are not frozen.
 */
export function pluginDependencies(dependencies: Partial<PluginDependencies> = {}): PluginDependencies {
  return deepFreeze({
    config: structuredClone(dependencies.config ?? {}),
    featureGates: { ...dependencies.featureGates },
    ...(dependencies.operatorNamespace !== undefined
      ? { operatorNamespace: dependencies.operatorNamespace }
      : {}),
  });
}
