// SPDX-License-Identifier: Apache-2.0
// The API server's checks of a CRD's scale subresource paths (apiextensions-apiserver customResourceValidator
// ValidateScaleSpec/ValidateScaleStatus): the replica counts are int32 and not negative, the selector a string.
import type { ScaleSubresource } from '../crd/definitions.js';
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import { isObject } from './schema-walk.js';

const MAX_INT32 = 2147483647;
const MAX_INT64 = 2 ** 63;

/** A JSON value as Go's `%v` prints the unstructured value (maps with sorted keys). */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (isObject(v)) {
    const entries = Object.keys(v)
      .sort()
      .map((k) => `${k}:${goValue(v[k])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(v);
}

/** True for a JSON number apimachinery's decoder makes an int64. */
const isInt64 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < MAX_INT64;

/** The Go type (`%T`) of an unstructured value. */
function goType(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (isObject(v)) return 'map[string]interface {}';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return isInt64(v) ? 'int64' : 'float64';
  return 'string';
}

const accessorError = (path: string, v: unknown, want: string) =>
  `${path} accessor error: ${goValue(v)} is of the type ${goType(v)}, expected ${want}`;

/** unstructured.NestedFieldNoCopy: the value at a `.a.b.c` path, absent, or the accessor error. */
function nested(obj: unknown, path: string): { found: boolean; value?: unknown; error?: string } {
  const fields = path.replace(/^\./, '').split('.');
  let value: unknown = obj;
  for (let i = 0; i < fields.length; i++) {
    if (value === null || value === undefined) return { found: false };
    if (!isObject(value)) {
      return {
        found: false,
        error: accessorError(`.${fields.slice(0, i + 1).join('.')}`, value, 'map[string]interface{}'),
      };
    }
    if (!Object.hasOwn(value, fields[i]!)) return { found: false };
    value = value[fields[i]!];
  }
  return { found: true, value };
}

/** The check of one replica count path: an int64 (0 when absent), not negative, at most int32's maximum. */
function checkReplicas(obj: unknown, path: string): FieldError[] {
  const got = nested(obj, path);
  const invalid = (value: number, message: string): FieldError[] => [
    { path, type: FieldErrorType.Invalid, value, message },
  ];
  if (got.error !== undefined) return invalid(0, got.error);
  if (!got.found) return [];
  if (!isInt64(got.value)) return invalid(0, accessorError(path, got.value, 'int64'));
  if (got.value < 0) return invalid(got.value, 'should be a non-negative integer');
  if (got.value > MAX_INT32) return invalid(got.value, `should be less than or equal to ${MAX_INT32}`);
  return [];
}

/**
 * The errors the API server adds for a kind with a scale subresource, on the whole (pruned and defaulted)
 * object: the spec and status replica paths and the label selector path. Their field paths are the
 * subresource's JSON paths, with the leading dot, as the API server prints them. Not ratcheted.
 */
export function checkScaleSubresource(obj: unknown, scale: ScaleSubresource | undefined): FieldError[] {
  if (scale === undefined) return [];
  const errors = [
    ...checkReplicas(obj, scale.specReplicasPath),
    ...checkReplicas(obj, scale.statusReplicasPath),
  ];
  if (scale.labelSelectorPath !== undefined) {
    const path = scale.labelSelectorPath;
    const got = nested(obj, path);
    const error =
      got.error ??
      (got.found && typeof got.value !== 'string' ? accessorError(path, got.value, 'string') : undefined);
    if (error !== undefined) errors.push({ path, type: FieldErrorType.Invalid, value: '', message: error });
  }
  return errors;
}
