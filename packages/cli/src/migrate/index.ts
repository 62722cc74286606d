// SPDX-License-Identifier: Apache-2.0
// Converting Training Operator v1 jobs into Trainer v2 objects (`kubetrain migrate`).
export { convertV1Job, isV1KindName, type Conversion } from './convert.js';
export type { ShippedRuntimes } from './context.js';
export { formatWarning, MigrationError, type MigrationWarning } from './findings.js';
