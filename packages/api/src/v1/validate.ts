// SPDX-License-Identifier: Apache-2.0
// In-process admission of the v1 kinds: validateSchema's pruning, CRD defaults, schema checks and CEL rules,
// against the v1 CRDs (their defaults alone: applyV1Defaults in ../defaults).
import { structuralSchema } from '../validation/ajv.js';
import { cloneJson } from '../validation/json-clone.js';
import { pruneUnknownFields } from '../validation/prune.js';
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

/** A v1 object as the API server stores it before defaulting: see {@link pruneV1Object}. */
export interface PrunedV1Object {
  /** A copy of the object without the fields its CRD does not declare. */
  readonly object: unknown;
  /** The path of each field dropped, such as `spec.pytorchReplicaSpecs.Master.template.spec.foo`. */
  readonly dropped: readonly string[];
}

/**
 * A copy of `object`, of the v1 kind `kind`, without the fields its CRD does not declare, as Training
 * Operator v1's API server stored it (the CRD defaults are not applied). The walk follows the schema, so
 * its depth is the schema's, not the input's; the copy is iterative. Any nesting depth is safe.
 */
export function pruneV1Object(kind: V1KindName, object: unknown): PrunedV1Object {
  const copy = cloneJson(object);
  const warnings = pruneUnknownFields(copy, structuralSchema(V1KindDefinitions[kind]));
  return { object: copy, dropped: warnings.map((w) => /^unknown field "(.*)"$/.exec(w)?.[1] ?? w) };
}
