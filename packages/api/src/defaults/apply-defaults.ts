// SPDX-License-Identifier: Apache-2.0
// The CRD defaults the API server applies when it stores an object, from the generated defaults of each
// kind's schema: defaulting never builds the schemas, so a controller that defaults objects loads no
// typebox, ajv or CEL.
import type { KindName } from '../constants/api.js';
import type { V1KindName } from '../v1/kind-names.js';
import type { V1KindObjects } from '../v1/types.js';
import { withSchemaDefaults } from '../validation/defaults.js';
import type { KindObjects } from '../validation/validate.js';
import { DefaultSchemas } from './generated/default-schemas.js';

/**
 * Returns a copy of `object` with the CRD defaults of `kind` applied, as the API server stores it: each field
 * the schema defaults and the object lacks is set, down to the embedded JobSet and pod templates. Nothing is
 * pruned and nothing is checked (use `validateSchema` for that; it applies the same defaults). Pure, and
 * idempotent: defaulting a defaulted object gives an equal copy.
 */
export function applyDefaults<K extends KindName>(kind: K, object: KindObjects[K]): KindObjects[K] {
  return withSchemaDefaults(object, DefaultSchemas[kind]) as KindObjects[K];
}

/** Returns a copy of `object` with the v1 CRD defaults of `kind` applied (see {@link applyDefaults}). */
export function applyV1Defaults<K extends V1KindName>(kind: K, object: V1KindObjects[K]): V1KindObjects[K] {
  return withSchemaDefaults(object, DefaultSchemas[kind]) as V1KindObjects[K];
}
