// SPDX-License-Identifier: Apache-2.0
// Field errors as data, shaped like Kubernetes' field.Error (apimachinery/pkg/util/validation/field).

/** Error types, named as Kubernetes' `field.ErrorType`. */
export const FieldErrorType = {
  NotFound: 'NotFound',
  Required: 'Required',
  Duplicate: 'Duplicate',
  Invalid: 'Invalid',
  NotSupported: 'NotSupported',
  Forbidden: 'Forbidden',
  TooLong: 'TooLong',
  TooMany: 'TooMany',
  Internal: 'Internal',
  TypeInvalid: 'TypeInvalid',
} as const;

/** One of {@link FieldErrorType}. */
export type FieldErrorType = (typeof FieldErrorType)[keyof typeof FieldErrorType];

/**
 * One invalid field. `path` is the field path as Kubernetes prints it (`spec.trainer.env[2].name`,
 * `spec.nodeSelector[key]`; the empty string is the object itself), `message` the detail, `value` the bad value.
 * Structurally compatible with the engine's FieldError in @kubetrain/runtime.
 */
export interface FieldError {
  readonly path: string;
  readonly type: FieldErrorType;
  readonly message: string;
  readonly value?: unknown;
}

const typeText: Record<FieldErrorType, string> = {
  NotFound: 'Not found',
  Required: 'Required value',
  Duplicate: 'Duplicate value',
  Invalid: 'Invalid value',
  NotSupported: 'Unsupported value',
  Forbidden: 'Forbidden',
  TooLong: 'Too long',
  TooMany: 'Too many',
  Internal: 'Internal error',
  TypeInvalid: 'Invalid value',
};

const valueless = new Set<FieldErrorType>(['Required', 'Forbidden', 'TooLong', 'Internal']);

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * Renders an error as Kubernetes' `field.Error.Error()` does, for example
 * `spec.trainer: Invalid value: "object": field is immutable`; the object itself prints as `<nil>`.
 */
export function formatFieldError(error: FieldError): string {
  let body = typeText[error.type];
  if (!valueless.has(error.type) && 'value' in error) body += `: ${formatValue(error.value)}`;
  if (error.message !== '') body += `: ${error.message}`;
  return `${error.path === '' ? '<nil>' : error.path}: ${body}`;
}

/** Appends a property name to a field path (`spec` + `trainer` is `spec.trainer`). */
export function childPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** Appends a list index or map key to a field path (`spec.trainer.env` + 2 is `spec.trainer.env[2]`). */
export function indexPath(path: string, index: number | string): string {
  return `${path}[${index}]`;
}
