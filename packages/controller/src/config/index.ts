// SPDX-License-Identifier: Apache-2.0
// The manager's configuration: the Configuration file, flags and feature gates.
export * from './configuration.js';
export { ConfigDecodeError, decodeConfiguration } from './decode.js';
export type { FeatureGates } from '@kubetrain/api/core';
export { FLAG_SPECS, usage, type FlagSpec } from './flag-specs.js';
export { DEFAULT_CERT_DIR, FlagError, parseFlags, printUsageAndExit, type Flags } from './flags.js';
export { DurationError, parseGoDuration } from './go-duration.js';
export { loadSettings, type Settings } from './load.js';
export { InvalidConfigurationError, validateConfiguration, type FieldError } from './validate.js';
