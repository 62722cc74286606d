// SPDX-License-Identifier: Apache-2.0
// The object shapes the engine reads and writes.

export type * from './core.js';
export type * from './jobset.js';
export type * from './trainer.js';
