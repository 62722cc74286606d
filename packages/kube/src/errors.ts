// SPDX-License-Identifier: Apache-2.0
/**
 * Typed errors of the cluster boundary. Every failed request is mapped here, once, from the
 * `metav1.Status` the API server returns (or from the HTTP status code when the body is not a
 * Status); the rest of the project tests the class (`instanceof`, `isNotFound()`) and never
 * parses a body or compares a code again.
 */

/** One `details.causes[]` entry of a `metav1.Status` (for 422 Invalid: the field path and why). */
export interface StatusCause {
  /** Machine-readable cause, e.g. `FieldValueInvalid`, `FieldValueRequired`. */
  reason?: string;
  /** Human-readable description. */
  message?: string;
  /** The field path, e.g. `spec.trainer.numNodes`. */
  field?: string;
}

/** The parts of a `metav1.Status` body the mapping reads. */
export interface Status {
  kind?: string;
  apiVersion?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
}

/** What a request was about, carried by every {@link ApiError} for messages and logs. */
export interface RequestInfo {
  method: string;
  path: string;
}

/**
 * A request the API server (or the transport) refused. `code` is the HTTP status (0 for a
 * transport failure), `reason` the Status reason (`NotFound`, `Conflict`, …, or `Unknown`).
 * Subclasses name the cases a caller branches on; anything else stays an `ApiError`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status code; 0 when no response arrived. */
  readonly code: number;
  /** `metav1.Status.reason`, or `Unknown` when the server gave none. */
  readonly reason: string;
  /** The Status body, when the server sent one. */
  readonly status: Status | undefined;
  /** The request that failed. */
  readonly request: RequestInfo | undefined;

  constructor(
    message: string,
    code: number,
    reason: string,
    status?: Status,
    request?: RequestInfo,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = code;
    this.reason = reason;
    this.status = status;
    this.request = request;
  }

  /** `details.causes` of the Status (empty when there are none). */
  get causes(): StatusCause[] {
    return this.status?.details?.causes ?? [];
  }
}

/** 404 NotFound: the object (or its namespace, or the resource) does not exist. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 409 Conflict: a stale resourceVersion (optimistic concurrency) or a field-manager conflict. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/** 409 AlreadyExists: a create for a name that is taken. */
export class AlreadyExistsError extends ApiError {
  override name = 'AlreadyExistsError';
}

/** 422 Invalid (and 400 BadRequest with causes): the object failed validation; see {@link ApiError.causes}. */
export class InvalidError extends ApiError {
  override name = 'InvalidError';
  /** The field paths that were rejected, in the server's order. */
  get fields(): string[] {
    return this.causes.flatMap((cause) => (cause.field ? [cause.field] : []));
  }
}

/** 403 Forbidden: RBAC (or an admission plugin) denied the request. */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}

/** 410 Gone / Expired: a resourceVersion or continue token too old to serve; re-list. */
export class GoneError extends ApiError {
  override name = 'GoneError';
}

/** 504 / Timeout / ServerTimeout (and client-side request timeouts): safe to retry. */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
}

type ErrorClass = new (
  message: string,
  code: number,
  reason: string,
  status?: Status,
  request?: RequestInfo,
  options?: ErrorOptions,
) => ApiError;

/** Picks the class from the Status reason first (it is more precise than the code), then the code. */
function classFor(code: number, reason: string | undefined): ErrorClass {
  switch (reason) {
    case 'NotFound':
      return NotFoundError;
    case 'AlreadyExists':
      return AlreadyExistsError;
    case 'Conflict':
      return ConflictError;
    case 'Invalid':
      return InvalidError;
    case 'Forbidden':
      return ForbiddenError;
    case 'Gone':
    case 'Expired':
      return GoneError;
    case 'Timeout':
    case 'ServerTimeout':
      return TimeoutError;
  }
  switch (code) {
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 422:
      return InvalidError;
    case 403:
      return ForbiddenError;
    case 410:
      return GoneError;
    case 408:
    case 504:
      return TimeoutError;
  }
  return ApiError;
}

/** Tells whether `value` looks like a `metav1.Status` object (from a body or a watch ERROR event). */
export function isStatus(value: unknown): value is Status {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Status).kind === 'Status' &&
    (typeof (value as Status).code === 'number' || typeof (value as Status).reason === 'string')
  );
}

/**
 * Maps a failed response to its typed error. `body` is the response body, parsed or not; a
 * body that is not a Status still gives the class of its HTTP code (e.g. a proxy's 504).
 */
export function errorFromResponse(code: number, body: unknown, request?: RequestInfo): ApiError {
  let parsed: unknown = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
  }
  const status = isStatus(parsed) ? parsed : undefined;
  const effectiveCode = status?.code ?? code;
  const reason = status?.reason || 'Unknown';
  const text =
    status?.message ||
    (typeof body === 'string' && body.trim() !== '' ? body.trim().slice(0, 500) : `HTTP ${code}`);
  const where = request ? `${request.method} ${request.path}: ` : '';
  const Class = classFor(effectiveCode, status?.reason);
  return new Class(`${where}${text}`, effectiveCode, reason, status, request);
}

/** Maps a watch stream's ERROR event (a Status object) to its typed error. */
export function errorFromStatus(status: Status, request?: RequestInfo): ApiError {
  return errorFromResponse(status.code ?? 500, status, request);
}

/** Tells whether `error` is a {@link NotFoundError}. */
export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}

/** Tells whether `error` is a {@link ConflictError}. */
export function isConflict(error: unknown): error is ConflictError {
  return error instanceof ConflictError;
}

/** Tells whether `error` is an {@link AlreadyExistsError}. */
export function isAlreadyExists(error: unknown): error is AlreadyExistsError {
  return error instanceof AlreadyExistsError;
}

/** Tells whether `error` is a {@link GoneError}. */
export function isGone(error: unknown): error is GoneError {
  return error instanceof GoneError;
}

/** Returns `undefined` for a {@link NotFoundError} and rethrows anything else (`client.IgnoreNotFound`). */
export function ignoreNotFound(error: unknown): undefined {
  if (isNotFound(error)) return undefined;
  throw error;
}
