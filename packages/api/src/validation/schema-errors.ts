// SPDX-License-Identifier: Apache-2.0
// Maps ajv errors to field errors worded as the API server's OpenAPI schema validation words them.
import { stringifyJson } from '@kubetrain/kube/json';
import type { ErrorObject } from 'ajv';
import { FieldErrorType, childPath, indexPath } from './field-error.js';
import type { FieldError } from './field-error.js';
import { integerFormatMessage, isBeyondInt64 } from './integer-formats.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/**
 * Converts a JSON pointer into a Kubernetes field path, using the data to tell list indexes from names,
 * and finds the schema node of the value it points at.
 */
function locate(pointer: string, data: unknown, schema: SchemaNode): { path: string; node?: SchemaNode } {
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
  return { path, node };
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
interface SchemaError {
  error: FieldError;
  blocksRules: boolean;
}

type Params = Record<string, unknown>;

/** How kube-openapi words a keyword's failure as `<path> in body <phrase>`, and the value it reports. */
interface InBodyMessage {
  phrase: (params: Params, value: unknown) => string;
  value?: (value: unknown) => unknown;
}

const lengthOf = (v: unknown): unknown => (Array.isArray(v) ? v.length : v);
const sizeOf = (v: unknown): unknown => (isObject(v) ? Object.keys(v).length : v);

/** The keywords reported as Invalid with an `in body` message. */
const IN_BODY_MESSAGES: Readonly<Record<string, InBodyMessage>> = {
  minLength: { phrase: (p) => `should be at least ${String(p.limit)} chars long` },
  minItems: { phrase: (p) => `should have at least ${String(p.limit)} items`, value: lengthOf },
  minimum: { phrase: (p) => `should be greater than or equal to ${String(p.limit)}` },
  maximum: { phrase: (p) => `should be less than or equal to ${String(p.limit)}` },
  minProperties: { phrase: (p) => `should have at least ${String(p.limit)} properties`, value: sizeOf },
  pattern: { phrase: (p) => `should match '${String(p.pattern)}'` },
  format: { phrase: (p, v) => `must be of type ${String(p.format)}: ${stringifyJson(v)}` },
};

/** `<path> in body must be of type <wanted>: "<got>"`, a TypeInvalid error that reports `got`. */
function typeError(path: string, bodyPath: string, wanted: string, got: string): FieldError {
  return {
    path,
    type: FieldErrorType.TypeInvalid,
    value: got,
    message: `${bodyPath} in body must be of type ${wanted}: "${got}"`,
  };
}

/** A root-level Invalid error with an empty value, as kube-openapi reports its schema-level failures. */
function rootError(message: string): FieldError {
  return { path: '', type: FieldErrorType.Invalid, value: '', message };
}

/** The errors kube-openapi reports for one ajv error at `path` (`bodyPath` in messages) holding `value`. */
function fieldErrorsOf(
  e: ErrorObject,
  path: string,
  bodyPath: string,
  value: unknown,
  node: SchemaNode | undefined,
): FieldError[] {
  const p = e.params as Params;
  // A number out of its integer format's range: kube-openapi reports it at the object itself. One
  // beyond int64 is a float64 once the API server decodes it: a type error too.
  if (e.keyword === 'format' && typeof value === 'number') {
    const format = String(p.format);
    const root = rootError(integerFormatMessage(format, bodyPath));
    return isBeyondInt64(value) ? [typeError(path, bodyPath, format, 'float64'), root] : [root];
  }
  const inBody = IN_BODY_MESSAGES[e.keyword];
  if (inBody !== undefined) {
    const reported = inBody.value === undefined ? value : inBody.value(value);
    const message = `${bodyPath} in body ${inBody.phrase(p, value)}`;
    return [{ path, type: FieldErrorType.Invalid, value: reported, message }];
  }
  switch (e.keyword) {
    case 'required':
      return [
        { path: childPath(path, String(p.missingProperty)), type: FieldErrorType.Required, message: '' },
      ];
    case 'type': {
      // A fractional number for an integer field is named by Go types, as the API server decodes it.
      const actual = jsonType(value);
      const format = node?.format;
      if (p.type !== 'integer' || actual !== 'number')
        return [typeError(path, bodyPath, String(p.type), actual)];
      if (typeof format !== 'string') return [typeError(path, bodyPath, 'integer', 'float64')];
      return [
        typeError(path, bodyPath, format, 'float64'),
        rootError(integerFormatMessage(format, bodyPath)),
      ];
    }
    case 'anyOf': {
      // int-or-string: kube-openapi reports the union, the anyOf itself, and the integer branch (whose
      // range check also fails for a fraction).
      const errors = [
        typeError(path, bodyPath, 'integer,string', jsonType(value)),
        rootError(`"${bodyPath}" must validate at least one schema (anyOf)`),
        typeError(path, bodyPath, 'integer', jsonType(value)),
      ];
      if (typeof value === 'number')
        errors.push(rootError(`Checked value must be of type integer (default format) in ${bodyPath}`));
      return errors;
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => stringifyJson(v)).join(', ');
      return [{ path, type: FieldErrorType.NotSupported, value, message: `supported values: ${allowed}` }];
    }
    case 'maxLength':
      return [
        { path, type: FieldErrorType.TooLong, message: `may not be more than ${String(p.limit)} bytes` },
      ];
    case 'maxItems':
      return [
        {
          path,
          type: FieldErrorType.TooMany,
          value: lengthOf(value),
          message: `must have at most ${String(p.limit)} items`,
        },
      ];
    default:
      return [{ path, type: FieldErrorType.Invalid, value, message: e.message ?? e.keyword }];
  }
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
  const stringFailed = new Set<string>();
  for (const e of [...errors].sort(byStringKeywordOrder)) {
    // kube-openapi checks maxLength, minLength, then pattern, and stops at the first failure of a string.
    if (STRING_KEYWORDS.includes(e.keyword)) {
      if (stringFailed.has(e.instancePath)) continue;
      stringFailed.add(e.instancePath);
    }
    const value = valueAt(data, e.instancePath);
    // A whole number out of its format's range is no type error: the rules still run.
    const inRange = e.keyword === 'format' && typeof value === 'number' && !isBeyondInt64(value);
    const blocksRules = RULE_BLOCKING_KEYWORDS.has(e.keyword) && !inRange;
    if (e.schemaPath.includes('/anyOf/')) continue;
    const { path, node } = locate(e.instancePath, data, schema);
    // The status subresource validates `status` on its own, so its messages name paths below status.
    const inStatus = statusSubresource && (path === 'status' || path.startsWith('status.'));
    const bodyPath = inStatus ? path.slice(7) : path;
    for (const fe of fieldErrorsOf(e, path, bodyPath, value, node)) {
      const key = JSON.stringify([fe.path, fe.type, fe.message]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ error: fe, blocksRules });
    }
  }
  return out;
}
