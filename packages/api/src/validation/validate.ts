// SPDX-License-Identifier: Apache-2.0
// In-process admission of the three kinds: pruning, CRD defaults, OpenAPI schema checks and CEL rules.
import type { KindName } from '../constants/api.js';
import type { ClusterTrainingRuntime, TrainingRuntime, TrainJob } from '../types.js';
import type { KindDefinition } from '../crd/definitions.js';
import { compiledSchema, definitionOf } from './ajv.js';
import type { KindRef } from './ajv.js';
import { withBigintsAsNumbers } from './bigint-view.js';
import { withSchemaDefaults } from './defaults.js';
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import { checkInputBounds } from './input-bounds.js';
import { cloneJson } from './json-clone.js';
import { checkObjectMeta } from './object-meta.js';
import { pruneUnknownFields } from './prune.js';
import { checkScaleSubresource } from './scale-subresource.js';
import { isRatcheted, ratchetErrors, unchangedPaths } from './ratchet.js';
import { mapSchemaErrors } from './schema-errors.js';
import { isObject } from './schema-walk.js';
import { checkStructural } from './structural-checks.js';
import { checkMetadataTypes, checkTypeMeta } from './type-meta.js';

/** The object type of each kind. */
export interface KindObjects {
  TrainJob: TrainJob;
  TrainingRuntime: TrainingRuntime;
  ClusterTrainingRuntime: ClusterTrainingRuntime;
}

/** The outcome of {@link validateSchema}. */
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
 * object is pruned and defaulted too, as the stored object would be. As in the API server, the CEL rules do not
 * run after type, required, enum, format or size-bound errors (then {@link RULES_NOT_CHECKED} is reported), and on update errors in parts
 * of the object that did not change are dropped (validation ratcheting, Kubernetes >= 1.30). Admission webhooks'
 * cross-object checks are not part of this (they live in the engine).
 */
export function validateSchema<K extends KindName>(
  kind: K,
  object: unknown,
  oldObject?: unknown,
): ValidationOutcome<KindObjects[K]>;
/** {@link validateSchema} for any kind, given by its CRD definition (such as a Training Operator v1 kind). */
export function validateSchema(
  definition: KindDefinition<string>,
  object: unknown,
  oldObject?: unknown,
): ValidationOutcome<unknown>;
export function validateSchema(
  kind: KindRef,
  object: unknown,
  oldObject?: unknown,
): ValidationOutcome<unknown> {
  const def = definitionOf(kind);
  const refused = refusedBeforeSchema(def, object);
  if (refused.length > 0) return { object, errors: refused, warnings: [] };
  const { schema, validate: check } = compiledSchema(def);
  const pruned = cloneJson(object);
  const warnings = pruneUnknownFields(pruned, schema);
  const stored = withSchemaDefaults(pruned, schema);
  // The checks see numbers; the object returned keeps its bigints (integers past 2^53, read losslessly).
  const obj = withBigintsAsNumbers(stored);
  check(obj);
  const mapped = mapSchemaErrors(check.errors ?? [], obj, schema, def.statusSubresource);
  let old: unknown;
  if (oldObject !== undefined) {
    const prunedOld = cloneJson(oldObject);
    pruneUnknownFields(prunedOld, schema);
    old = withBigintsAsNumbers(withSchemaDefaults(prunedOld, schema));
  }
  const unchanged = old === undefined ? new Set<string>() : unchangedPaths(obj, old, schema);
  const meta = checkObjectMeta(obj);
  // A missing name and the annotations' total size stop the CEL rules; syntax errors do not.
  const metaErrors = meta.errors.map((error) => ({
    error,
    blocksRules: meta.nameMissing || error.type === FieldErrorType.TooLong,
  }));
  const schemaErrors = [...metaErrors, ...mapped].filter((m) => !isRatcheted(m.error, unchanged));
  // The API server evaluates the CEL rules only when no schema error breaks their assumptions; else it says so.
  const runRules = !schemaErrors.some((m) => m.blocksRules);
  const structural = ratchetErrors(checkStructural(obj, old, schema, runRules), unchanged);
  const scale = checkScaleSubresource(obj, def.scaleSubresource);
  const reported = [...schemaErrors.map((m) => m.error), ...structural, ...scale];
  if (!runRules) reported.push(RULES_NOT_CHECKED);
  return { object: stored, errors: reported, warnings };
}

/**
 * What the API server refuses before it validates against the schema: an object out of bounds (too
 * deep, or not JSON data), not an object, without the resource's apiVersion and kind, or
 * whose metadata does not decode. Such an object is not checked further.
 */
function refusedBeforeSchema(def: KindDefinition<string>, object: unknown): FieldError[] {
  // Size is limited where the bytes arrive (the CLI's --max-bytes, the webhook server's body limit).
  const bounds = checkInputBounds(object);
  if (bounds !== undefined)
    return [
      {
        path: '',
        type: bounds.kind === 'size' ? FieldErrorType.TooLong : FieldErrorType.Invalid,
        message: bounds.message,
      },
    ];
  if (!isObject(object))
    return [{ path: '', type: FieldErrorType.TypeInvalid, message: 'the object must be a JSON object' }];
  const typeMeta = checkTypeMeta(def.kind, object, `${def.group}/${def.version}`);
  if (typeMeta.length > 0) return typeMeta;
  const meta = checkMetadataTypes(object);
  return meta === undefined ? [] : [meta];
}

/** The error the API server adds when schema errors kept it from evaluating the CEL rules. */
export const RULES_NOT_CHECKED: FieldError = {
  path: '',
  type: FieldErrorType.Invalid,
  value: null,
  message:
    'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
};
