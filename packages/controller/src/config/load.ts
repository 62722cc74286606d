// SPDX-License-Identifier: Apache-2.0
// Reading the manager's settings once: flags, then the Configuration file, then feature gates;
// everything frozen and passed down from `main`.

import { parseFeatureGateFlag, resolveFeatureGates, type FeatureGates } from '@kubetrain/api/core';
import { decodeConfiguration } from './decode.js';
import { defaultConfiguration, type Configuration } from './configuration.js';
import type { Flags } from './flags.js';
import { validateConfiguration } from './validate.js';

/** Everything the manager is started with, frozen. */
export interface Settings {
  readonly flags: Flags;
  readonly config: Readonly<Configuration>;
  readonly featureGates: FeatureGates;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Builds the settings from parsed flags and the text of the `--config` file (undefined when there
 * is none): decode strictly, validate, resolve the gates (file, then flag). Throws the decode,
 * validation or feature-gate error.
 */
export function loadSettings(flags: Flags, configText: string | undefined): Settings {
  const config = configText === undefined ? defaultConfiguration() : decodeConfiguration(configText);
  validateConfiguration(config);
  const flagGates = flags.featureGates === undefined ? {} : parseFeatureGateFlag(flags.featureGates);
  const featureGates = resolveFeatureGates(config.featureGates, flagGates);
  return deepFreeze({ flags, config, featureGates });
}
