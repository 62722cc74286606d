// SPDX-License-Identifier: Apache-2.0
// The plugin framework: RuntimeInfo, the extension-point interfaces, validation results, the runner.

export * from './errors.js';
export * from './field-error.js';
export * from './framework.js';
export * from './plugin.js';
export * from './runtime-info.js';
