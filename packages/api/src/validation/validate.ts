// SPDX-License-Identifier: Apache-2.0
// In-process admission of the three kinds: pruning, CRD defaults, OpenAPI schema checks and CEL rules.
import type { KindName } from '../constants/api.js';
import type { ClusterTrainingRuntime, TrainingRuntime, TrainJob } from '../types.js';
import { compiledSchema } from './ajv.js';
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import { pruneUnknownFields } from './prune.js';
import { ratchetErrors, unchangedPaths } from './ratchet.js';
import { mapSchemaErrors } from './schema-errors.js';
import { checkStructural } from './structural-checks.js';

/** The object type of each kind. */
export interface KindObjects {
  TrainJob: TrainJob;
  TrainingRuntime: TrainingRuntime;
  ClusterTrainingRuntime: ClusterTrainingRuntime;
}

/** The outcome of {@link validate}. */
export interface ValidationOutcome<T> {
  /** The object as the API server would store it: pruned and defaulted (a copy; the input is not changed). */
  object: T;
  /** Schema and CEL errors, with Kubernetes field paths; empty when the object is valid. */
  errors: FieldError[];
  /** One `unknown field "<path>"` warning per pruned field. */
  warnings: string[];
}

/**
 * Validates an object of `kind` as the API server does on create (no `oldObject`) or update: prunes unknown
 * fields, applies the CRD defaults, checks the OpenAPI schema (types, enums, limits, required fields), the
 * list types, and every CEL rule (`oldSelf` bound only on update, where an old value correlates). The old
 * object is pruned and defaulted too, as the stored object would be. On update, errors in parts of the object
 * that did not change are dropped (validation ratcheting, as Kubernetes >= 1.30 does). Admission webhooks'
 * cross-object checks are not part of this (they live in the engine).
 */
export function validate<K extends KindName>(
  kind: K,
  object: unknown,
  oldObject?: unknown,
): ValidationOutcome<KindObjects[K]> {
  const { schema, validate: check } = compiledSchema(kind);
  const obj = structuredClone(object);
  const warnings = pruneUnknownFields(obj, schema);
  check(obj);
  const errors = mapSchemaErrors(check.errors ?? [], obj, schema);
  let old: unknown;
  if (oldObject !== undefined) {
    old = structuredClone(oldObject);
    pruneUnknownFields(old, schema);
    check(old);
  }
  const nameErrors = checkObjectName(obj);
  errors.push(...nameErrors, ...checkStructural(obj, old, schema, nameErrors.length > 0));
  const reported = old === undefined ? errors : ratchetErrors(errors, unchangedPaths(obj, old, schema));
  return { object: obj as KindObjects[K], errors: reported, warnings };
}

/** The API server's ObjectMeta rule that every object has a name or a generateName. */
function checkObjectName(obj: unknown): FieldError[] {
  const meta = (obj as { metadata?: { name?: unknown; generateName?: unknown } } | null)?.metadata;
  if (typeof meta?.name === 'string' && meta.name !== '') return [];
  if (typeof meta?.generateName === 'string' && meta.generateName !== '') return [];
  return [
    { path: 'metadata.name', type: FieldErrorType.Required, message: 'name or generateName is required' },
  ];
}
