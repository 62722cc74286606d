// SPDX-License-Identifier: Apache-2.0
// In-process admission of the v1 kinds: validateSchema's pruning, CRD defaults, schema checks and CEL rules,
// against the v1 CRDs (their defaults alone: applyV1Defaults in ../defaults).
import { validateSchema } from '../validation/validate.js';
import type { ValidationOutcome } from '../validation/validate.js';
import { V1KindDefinitions } from './kinds.js';
import type { V1KindName } from './kind-names.js';
import type { V1KindObjects } from './types.js';

/**
 * Validates an object of the v1 kind `kind` as the API server does with the v1 CRDs, on create or (with
 * `oldObject`) on update: see {@link validateSchema}. Only the CRD's checks and defaults: Training Operator
 * v1's own defaulting and webhook rules (replica defaults, container names, key names) are not part of this.
 */
export function validateV1Schema<K extends V1KindName>(
  kind: K,
  object: unknown,
  oldObject?: unknown,
): ValidationOutcome<V1KindObjects[K]> {
  return validateSchema(V1KindDefinitions[kind], object, oldObject) as ValidationOutcome<V1KindObjects[K]>;
}
