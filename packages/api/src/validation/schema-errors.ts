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
      // Map keys print as children too (`limits.cpu`), as kube-openapi prints them.
      path = childPath(path, seg);
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
 * The schema failures after which the API server does not evaluate CEL rules: those that break what the rules'
 * type checking and cost estimates assume (types, required members, enums, formats, size bounds).
 */
const RULE_BLOCKING_KEYWORDS = new Set([
  'type',
  'anyOf',
  'required',
  'enum',
  'format',
  'maxLength',
  'maxItems',
  'maxProperties',
]);

const STRING_KEYWORDS = ['maxLength', 'minLength', 'pattern'];

/** Orders the string keywords of one value as kube-openapi checks them; other errors keep their order. */
function byStringKeywordOrder(a: ErrorObject, b: ErrorObject): number {
  const ia = STRING_KEYWORDS.indexOf(a.keyword);
  const ib = STRING_KEYWORDS.indexOf(b.keyword);
  return a.instancePath === b.instancePath && ia >= 0 && ib >= 0 ? ia - ib : 0;
}

/** A mapped schema error, and whether it keeps the API server from evaluating the CEL rules. */
export interface SchemaError {
  error: FieldError;
  blocksRules: boolean;
}

/**
 * Maps ajv's errors to field errors. Messages follow the API server (kube-openapi): for example
 * `spec.trainer.numNodes in body should be greater than or equal to 0`, `may not be more than 500 bytes`,
 * `must have at most 128 items`, `supported values: "OpenMPI", ""`. Errors from inside an int-or-string
 * `anyOf` collapse into one type error. With `statusSubresource`, paths inside messages are relative to `status`,
 * as the API server validates the status subresource.
 */
export function mapSchemaErrors(
  errors: readonly ErrorObject[],
  data: unknown,
  schema: SchemaNode,
  statusSubresource = false,
): SchemaError[] {
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  let blocksRules = false;
  const push = (fe: FieldError) => {
    const key = JSON.stringify([fe.path, fe.type, fe.message]);
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ error: fe, blocksRules });
    }
  };
  const stringFailed = new Set<string>();
  for (const e of [...errors].sort(byStringKeywordOrder)) {
    // kube-openapi checks maxLength, minLength, then pattern, and stops at the first failure of a string.
    if (STRING_KEYWORDS.includes(e.keyword)) {
      if (stringFailed.has(e.instancePath)) continue;
      stringFailed.add(e.instancePath);
    }
    blocksRules = RULE_BLOCKING_KEYWORDS.has(e.keyword);
    if (e.schemaPath.includes('/anyOf/')) continue;
    const fieldPath = pointerToFieldPath(e.instancePath, data, schema);
    // The status subresource validates `status` on its own, so its messages name paths below status.
    const path = fieldPath;
    const inStatus = statusSubresource && (fieldPath === 'status' || fieldPath.startsWith('status.'));
    const bodyPath = inStatus ? fieldPath.slice(7) : fieldPath;
    const value = valueAt(data, e.instancePath);
    const p = e.params as Record<string, unknown>;
    let fe: FieldError;
    switch (e.keyword) {
      case 'required':
        fe = { path: childPath(path, String(p.missingProperty)), type: FieldErrorType.Required, message: '' };
        break;
      case 'type': {
        const actual = jsonType(value);
        // A fractional number for an integer field is named by Go types, as the API server decodes it.
        const floatForInt = p.type === 'integer' && actual === 'number';
        const wanted = floatForInt
          ? typeof e.parentSchema?.format === 'string'
            ? e.parentSchema.format
            : 'integer'
          : String(p.type);
        const got = floatForInt ? 'float64' : actual;
        fe = {
          path,
          type: FieldErrorType.TypeInvalid,
          value: got,
          message: `${bodyPath} in body must be of type ${wanted}: "${got}"`,
        };
        if (floatForInt && typeof e.parentSchema?.format === 'string') {
          push(fe);
          fe = {
            path: '',
            type: FieldErrorType.Invalid,
            value: '',
            message: `Checked value must be of type integer with format ${e.parentSchema.format} in ${bodyPath}`,
          };
        }
        break;
      }
      case 'anyOf':
        // int-or-string: kube-openapi reports the union, the anyOf itself, and the integer branch.
        push({
          path,
          type: FieldErrorType.TypeInvalid,
          value: jsonType(value),
          message: `${bodyPath} in body must be of type integer,string: "${jsonType(value)}"`,
        });
        push({
          path: '',
          type: FieldErrorType.Invalid,
          value: '',
          message: `"${bodyPath}" must validate at least one schema (anyOf)`,
        });
        fe = {
          path,
          type: FieldErrorType.TypeInvalid,
          value: jsonType(value),
          message: `${bodyPath} in body must be of type integer: "${jsonType(value)}"`,
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
          message: `${bodyPath} in body should be at least ${String(p.limit)} chars long`,
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
          message: `${bodyPath} in body should have at least ${String(p.limit)} items`,
        };
        break;
      case 'minimum':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${bodyPath} in body should be greater than or equal to ${String(p.limit)}`,
        };
        break;
      case 'maximum':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${bodyPath} in body should be less than or equal to ${String(p.limit)}`,
        };
        break;
      case 'minProperties':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value: isObject(value) ? Object.keys(value).length : value,
          message: `${bodyPath} in body should have at least ${String(p.limit)} properties`,
        };
        break;
      case 'pattern':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${bodyPath} in body should match '${String(p.pattern)}'`,
        };
        break;
      case 'format':
        fe = {
          path,
          type: FieldErrorType.Invalid,
          value,
          message: `${bodyPath} in body must be of type ${String(p.format)}: ${JSON.stringify(value)}`,
        };
        break;
      default:
        fe = { path, type: FieldErrorType.Invalid, value, message: e.message ?? e.keyword };
    }
    push(fe);
  }
  return out;
}
