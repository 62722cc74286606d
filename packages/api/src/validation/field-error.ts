// SPDX-License-Identifier: Apache-2.0
// Field errors as data, shaped like Kubernetes' field.Error (apimachinery/pkg/util/validation/field),
// and validation results (field.ErrorList plus admission warnings). The one definition for the
// schema validation here and the engine's admission rules in @kubetrain/runtime.

import { stringifyJson } from '@kubetrain/kube/json';

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
 * `spec.nodeSelector[key]`; the empty string is the object itself), `message` the detail, `value` the
 * bad value (omitted for Required/Forbidden/TooLong/Internal, as upstream).
 */
export interface FieldError {
  readonly path: string;
  readonly type: FieldErrorType;
  readonly message: string;
  readonly value?: unknown;
}

/** The outcome of an admission check: warnings and field errors, both possibly empty. */
export interface ValidationResult {
  warnings: string[];
  errors: FieldError[];
}

/** Returns an empty {@link ValidationResult}. */
export function emptyValidationResult(): ValidationResult {
  return { warnings: [], errors: [] };
}

/** Appends the warnings and errors of `next` to `into` (in order) and returns `into`. */
export function mergeValidationResults(into: ValidationResult, next: ValidationResult): ValidationResult {
  into.warnings.push(...next.warnings);
  into.errors.push(...next.errors);
  return into;
}

/** The text Kubernetes prints for each error type (`field.ErrorType.String()`). */
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

/** Types whose value Kubernetes does not print. */
const valueless = new Set<FieldErrorType>(['Required', 'Forbidden', 'TooLong', 'Internal']);

/**
 * Renders a bad value as `field.Error.ErrorBody` does: strings quoted (Go `%q`), numbers and
 * booleans bare, `null` for absent values; structures fall back to their JSON text.
 */
function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return stringifyJson(value);
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

/**
 * Renders a list of errors as `field.ErrorList.ToAggregate().Error()`: one error prints bare,
 * several print as `[e1, e2]`; duplicates (same text) are printed once. Empty list gives `''`.
 */
export function formatFieldErrors(errors: readonly FieldError[]): string {
  const texts = [...new Set(errors.map(formatFieldError))];
  if (texts.length === 0) return '';
  if (texts.length === 1) return texts[0] ?? '';
  return `[${texts.join(', ')}]`;
}

/** Appends a property name to a field path (`spec` + `trainer` is `spec.trainer`). */
export function childPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** Appends a list index or map key to a field path (`spec.trainer.env` + 2 is `spec.trainer.env[2]`). */
export function indexPath(path: string, index: number | string): string {
  return `${path}[${index}]`;
}

/**
 * A field path under construction, printed as Kubernetes' `field.Path`:
 * `fieldPath('spec').child('trainer').child('env').index(2).toString()` is `spec.trainer.env[2]`.
 */
export class FieldPath {
  private constructor(private readonly text: string) {}

  /** Starts a path at the given root segments (`fieldPath('spec', 'trainer')`). */
  static of(...segments: string[]): FieldPath {
    return new FieldPath(segments.join('.'));
  }

  /** Appends named child segments. */
  child(...names: string[]): FieldPath {
    return new FieldPath(childPath(this.text, names.join('.')));
  }

  /** Appends a list index: `[i]`. */
  index(i: number): FieldPath {
    return new FieldPath(indexPath(this.text, i));
  }

  /** Appends a map key: `[key]`. */
  key(k: string): FieldPath {
    return new FieldPath(indexPath(this.text, k));
  }

  /** The printed path. */
  toString(): string {
    return this.text;
  }
}

/** Shorthand for {@link FieldPath.of}. */
export function fieldPath(...segments: string[]): FieldPath {
  return FieldPath.of(...segments);
}

/** An `Invalid` error carrying the offending value (`field.Invalid`). */
export function invalid(path: FieldPath | string, value: unknown, message: string): FieldError {
  return { path: String(path), type: FieldErrorType.Invalid, message, value };
}

/** A `Required` error (`field.Required`). */
export function required(path: FieldPath | string, message: string): FieldError {
  return { path: String(path), type: FieldErrorType.Required, message };
}

/** A `Forbidden` error (`field.Forbidden`). */
export function forbidden(path: FieldPath | string, message: string): FieldError {
  return { path: String(path), type: FieldErrorType.Forbidden, message };
}

/** An `Internal` error (`field.InternalError`). */
export function internalError(path: FieldPath | string, message: string): FieldError {
  return { path: String(path), type: FieldErrorType.Internal, message };
}

/** A `NotFound` error with a detail instead of the value (`field.NotFound`, worded for people). */
export function notFound(path: FieldPath | string, message: string): FieldError {
  return { path: String(path), type: FieldErrorType.NotFound, message };
}
