// SPDX-License-Identifier: Apache-2.0
// Maps ajv errors to field errors worded as the API server's OpenAPI schema validation words them.
import type { ErrorObject } from 'ajv';
import { FieldErrorType, childPath, indexPath } from './field-error.js';
import type { FieldError } from './field-error.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/** Converts a JSON pointer into a Kubernetes field path, using the data to tell list indexes from names. */
export function pointerToFieldPath(pointer: string, data: unknown, schema: SchemaNode): string {
  let path = '';
  let value = data;
  let node: SchemaNode | undefined = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      path = indexPath(path, seg);
      value = value[Number(seg)];
      node = node ? itemSchema(node) : undefined;
    } else {
      const prop = node ? propertiesOf(node)?.[seg] : undefined;
      path = prop || !node || !mapValueSchema(node) ? childPath(path, seg) : indexPath(path, seg);
      value = isObject(value) ? value[seg] : undefined;
      node = prop ?? (node ? mapValueSchema(node) : undefined);
    }
  }
  return path;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v = Array.isArray(v) ? v[Number(seg)] : isObject(v) ? v[seg] : undefined;
  }
  return v;
}

/**
 * Maps ajv's errors to field errors. Messages follow the API server (kube-openapi): for example
 * `spec.trainer.numNodes in body should be greater than or equal to 0`, `may not be more than 500 bytes`,
 * `must have at most 128 items`, `supported values: "OpenMPI", ""`. Errors from inside an int-or-string
 * `anyOf` collapse into one type error.
 */
export function mapSchemaErrors(
  errors: readonly ErrorObject[],
  data: unknown,
  schema: SchemaNode,
): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.schemaPath.includes('/anyOf/')) continue;
    const path = pointerToFieldPath(e.instancePath, data, schema);
    const value = valueAt(data, e.instancePath);
    const p = e.params as Record<string, unknown>;
    let fe: FieldError;
    switch (e.keyword) {
      case 'required':
        fe = { path: childPath(path, String(p.missingProperty)), type: FieldErrorType.Required, message: '' };
        break;
      case 'type':
        fe = {
          path,
          type: FieldErrorType.TypeInvalid,
          value,
          message: `${path} in body must be of type ${String(p.type)}: "${jsonType(value)}"`,
        };
        break;
      case 'anyOf':
        fe = {
          path,
          type: FieldErrorType.TypeInvalid,
          value,
          message: `${path} in body must be of type integer,string: "${jsonType(value)}"`,
        };
        break;
      case 'enum':
        fe = {
          path,
          type: FieldErrorType.NotSupported,
          value,
          message: `supported values: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        };
        break;
      case 'maxLength':
        fe = { path, type: FieldErrorType.TooLong, message: `may not be more than ${String(p.limit)} bytes` };
        break;
      case 'minLength':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${path} in body should be at least ${String(p.limit)} chars long`,
        };
        break;
      case 'maxItems':
        fe = {
          path,
          type: FieldErrorType.TooMany,
          value: Array.isArray(value) ? value.length : value,
          message: `must have at most ${String(p.limit)} items`,
        };
        break;
      case 'minItems':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value: Array.isArray(value) ? value.length : value,
          message: `${path} in body should have at least ${String(p.limit)} items`,
        };
        break;
      case 'minimum':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${path} in body should be greater than or equal to ${String(p.limit)}`,
        };
        break;
      case 'maximum':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${path} in body should be less than or equal to ${String(p.limit)}`,
        };
        break;
      case 'minProperties':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value: isObject(value) ? Object.keys(value).length : value,
          message: `${path} in body should have at least ${String(p.limit)} properties`,
        };
        break;
      case 'pattern':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${path} in body should match '${String(p.pattern)}'`,
        };
        break;
      case 'format':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${path} in body must be of type ${String(p.format)}: ${JSON.stringify(value)}`,
        };
        break;
      default:
        fe = { path, type: FieldErrorType.Invalid, value, message: e.message ?? e.keyword };
    }
    const key = JSON.stringify([fe.path, fe.type, fe.message]);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(fe);
    }
  }
  return out;
}
