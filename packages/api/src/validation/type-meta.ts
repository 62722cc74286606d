// SPDX-License-Identifier: Apache-2.0
// The checks the API server makes before any schema: apiVersion and kind name the resource, and
// metadata decodes into ObjectMeta (each field of the Go type it has there).
import { API_VERSION } from '../constants/api.js';
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import { isObject } from './schema-walk.js';

/**
 * `apiVersion` and `kind` must name the resource: required, and the one version (`apiVersion`, by default
 * trainer.kubeflow.org/v1alpha1) and kind served.
 */
export function checkTypeMeta(
  kind: string,
  obj: Record<string, unknown>,
  apiVersion: string = API_VERSION,
): FieldError[] {
  const errors: FieldError[] = [];
  const wanted: [string, string][] = [
    ['apiVersion', apiVersion],
    ['kind', kind],
  ];
  for (const [field, value] of wanted) {
    const got = obj[field];
    if (got === undefined || got === null || got === '') {
      errors.push({ path: field, type: FieldErrorType.Required, message: '' });
    } else if (got !== value) {
      errors.push({
        path: field,
        type: FieldErrorType.NotSupported,
        value: got,
        message: `supported values: ${JSON.stringify(value)}`,
      });
    }
  }
  return errors;
}

/** The Go types of the ObjectMeta fields a client sets, as encoding/json names them in errors. */
const STRING_FIELDS = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'selfLink'];
const STRING_MAP_FIELDS = ['labels', 'annotations'];
const INTEGER_FIELDS = ['generation', 'deletionGracePeriodSeconds'];

/** The JSON kind of a value as encoding/json names it (`number`, `array`, `object`, ...). */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** encoding/json's UnmarshalTypeError text for one ObjectMeta field. */
function unmarshalError(field: string, value: unknown, goType: string): FieldError {
  return {
    path: `metadata.${field}`,
    type: FieldErrorType.TypeInvalid,
    message: `json: cannot unmarshal ${jsonKind(value)} into Go struct field ObjectMeta.${field} of type ${goType}`,
  };
}

/** The first field of `meta` whose JSON type the Go field cannot take, if any. */
function firstTypeError(meta: Record<string, unknown>): FieldError | undefined {
  for (const [field, value] of Object.entries(meta)) {
    if (value === null || value === undefined) continue;
    if (STRING_FIELDS.includes(field) && typeof value !== 'string')
      return unmarshalError(field, value, 'string');
    if (INTEGER_FIELDS.includes(field) && !Number.isInteger(value))
      return unmarshalError(field, value, 'int64');
    if (field === 'finalizers') {
      if (!Array.isArray(value)) return unmarshalError(field, value, '[]string');
      const bad = value.find((v) => v !== null && typeof v !== 'string');
      if (bad !== undefined) return unmarshalError(field, bad, 'string');
    }
    if (STRING_MAP_FIELDS.includes(field)) {
      if (!isObject(value)) return unmarshalError(field, value, 'map[string]string');
      const bad = Object.values(value).find((v) => v !== null && typeof v !== 'string');
      if (bad !== undefined) return unmarshalError(field, bad, 'string');
    }
  }
  return undefined;
}

/**
 * The error the API server gives when `metadata` does not decode into ObjectMeta (the request is
 * refused before any validation): metadata not an object, or a field of the wrong JSON type, such
 * as labels given as a list, an annotation value that is a number or an integer name.
 */
export function checkMetadataTypes(obj: Record<string, unknown>): FieldError | undefined {
  const meta = obj.metadata;
  if (meta === undefined || meta === null) return undefined;
  if (!isObject(meta))
    return {
      path: 'metadata',
      type: FieldErrorType.TypeInvalid,
      message: `json: cannot unmarshal ${jsonKind(meta)} into Go value of type v1.ObjectMeta`,
    };
  return firstTypeError(meta);
}
