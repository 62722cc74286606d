// SPDX-License-Identifier: Apache-2.0
// Validation results as data: the analogue of Kubernetes' field.ErrorList plus admission warnings.

/** The kinds of field error, named as Kubernetes' `field.ErrorType` (apimachinery/pkg/util/validation/field). */
export const FieldErrorType = {
  Invalid: 'Invalid',
  Required: 'Required',
  Forbidden: 'Forbidden',
  NotSupported: 'NotSupported',
  TooLong: 'TooLong',
  Duplicate: 'Duplicate',
  NotFound: 'NotFound',
  Internal: 'Internal',
} as const;
/** One of {@link FieldErrorType}. */
export type FieldErrorType = (typeof FieldErrorType)[keyof typeof FieldErrorType];

/** The text Kubernetes prints for each error type (`field.ErrorType.String()`). */
const typeText: Record<FieldErrorType, string> = {
  Invalid: 'Invalid value',
  Required: 'Required value',
  Forbidden: 'Forbidden',
  NotSupported: 'Unsupported value',
  TooLong: 'Too long',
  Duplicate: 'Duplicate value',
  NotFound: 'Not found',
  Internal: 'Internal error',
};

/**
 * One invalid field: `path` is the dotted field path as Kubernetes prints it
 * (`spec.trainer.env[2]`, `spec.annotations[scheduling.volcano.sh/queue-name]`), `message` the
 * detail, `value` the offending value (omitted for Required/Forbidden/TooLong/Internal, as upstream).
 */
export interface FieldError {
  readonly path: string;
  readonly type: FieldErrorType;
  readonly message: string;
  readonly value?: unknown;
}

/** The outcome of validating a TrainJob: admission warnings and field errors, both possibly empty. */
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
    const tail = names.join('.');
    return new FieldPath(this.text === '' ? tail : `${this.text}.${tail}`);
  }

  /** Appends a list index: `[i]`. */
  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  /** Appends a map key: `[key]`. */
  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
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

/** Types whose value Kubernetes does not print. */
const valueless = new Set<FieldErrorType>(['Required', 'Forbidden', 'TooLong', 'Internal']);

/**
 * Renders a bad value as `field.Error.ErrorBody` does: strings quoted (Go `%q`), numbers and
 * booleans bare, `null` for absent values; structures fall back to their JSON text.
 */
function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * Renders one error as Kubernetes' `field.Error.Error()`:
 * `spec.trainer.numNodes: Invalid value: 3: must be 1 for llama3_2/1B model`.
 */
export function formatFieldError(error: FieldError): string {
  let body = typeText[error.type];
  if (!valueless.has(error.type) && 'value' in error) body += `: ${formatValue(error.value)}`;
  if (error.message !== '') body += `: ${error.message}`;
  return `${error.path}: ${body}`;
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
