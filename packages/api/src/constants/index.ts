// SPDX-License-Identifier: Apache-2.0
// Constants of upstream Trainer v2, split by topic; values are byte-identical to upstream.
export * from './api.js';
export * from './labels.js';
export * from './annotations.js';
export * from './env.js';
export * from './conditions.js';
export * from './names.js';
export * from './messages.js';
export * from './kubetrain.js';
export * from './limits.js';
export * from './failure-policy.js';
