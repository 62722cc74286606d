// SPDX-License-Identifier: Apache-2.0
// AdmissionReview (admission.k8s.io/v1): decoding a request with shape checks, and the responses
// controller-runtime's admission package builds (Allowed, Denied, Errored, Patched), so the API
// server shows what it shows for upstream's manager.

import { stringifyJson } from '@kubetrain/api/core';

/** The group/version of the reviews served. */
export const ADMISSION_API_VERSION = 'admission.k8s.io/v1';

/** The operations the API server sends. */
export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** The fields of `AdmissionReview.request` the handlers read. */
export interface AdmissionRequest {
  readonly uid: string;
  readonly kind: { group: string; version: string; kind: string };
  readonly operation: Operation;
  readonly name?: string;
  readonly namespace?: string;
  readonly object?: Record<string, unknown>;
  readonly oldObject?: Record<string, unknown>;
  readonly dryRun?: boolean;
}

/** `metav1.Status` as a webhook result carries it. */
export interface AdmissionStatus {
  code: number;
  reason?: string;
  message?: string;
}

/** `AdmissionReview.response`. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  /** JSON `status` (Go field `Result`). */
  status?: AdmissionStatus;
  patchType?: 'JSONPatch';
  patch?: string;
  warnings?: string[];
}

/** A review the server cannot decode; answered as controller-runtime's `Errored(400, err)`. */
export class MalformedReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedReviewError';
  }
}

const OPERATIONS = new Set<string>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(request: Record<string, unknown>, field: string): string | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new MalformedReviewError(`request.${field} must be a string`);
  return value;
}

function optionalObject(
  request: Record<string, unknown>,
  field: string,
): Record<string, unknown> | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new MalformedReviewError(`request.${field} must be an object`);
  return value;
}

/**
 * Checks that `review` (parsed JSON) is an `admission.k8s.io/v1` AdmissionReview with a request
 * of the expected field types, and returns the request. Throws {@link MalformedReviewError}.
 */
export function decodeReview(review: unknown): AdmissionRequest {
  if (!isRecord(review)) throw new MalformedReviewError('the body is not a JSON object');
  if (review['apiVersion'] !== ADMISSION_API_VERSION || review['kind'] !== 'AdmissionReview') {
    throw new MalformedReviewError(
      `unsupported AdmissionReview: apiVersion ${JSON.stringify(review['apiVersion'] ?? null)}, kind ` +
        `${JSON.stringify(review['kind'] ?? null)} (want ${ADMISSION_API_VERSION} AdmissionReview)`,
    );
  }
  const request = review['request'];
  if (!isRecord(request)) throw new MalformedReviewError('got an empty AdmissionRequest');
  const uid = optionalString(request, 'uid') ?? '';
  const operation = request['operation'];
  if (typeof operation !== 'string' || !OPERATIONS.has(operation)) {
    throw new MalformedReviewError(`request.operation must be one of CREATE, UPDATE, DELETE, CONNECT`);
  }
  const kind = optionalObject(request, 'kind') ?? {};
  const field = (name: string): string => {
    const value = kind[name] ?? '';
    if (typeof value !== 'string') {
      throw new MalformedReviewError('request.kind must have string group, version and kind');
    }
    return value;
  };
  const gvk = { group: field('group'), version: field('version'), kind: field('kind') };
  const dryRun = request['dryRun'];
  if (dryRun !== undefined && dryRun !== null && typeof dryRun !== 'boolean') {
    throw new MalformedReviewError('request.dryRun must be a boolean');
  }
  const name = optionalString(request, 'name');
  const namespace = optionalString(request, 'namespace');
  const object = optionalObject(request, 'object');
  const oldObject = optionalObject(request, 'oldObject');
  return {
    uid,
    kind: gvk,
    operation: operation as Operation,
    ...(name !== undefined ? { name } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(object !== undefined ? { object } : {}),
    ...(oldObject !== undefined ? { oldObject } : {}),
    ...(dryRun === true ? { dryRun: true } : {}),
  };
}

/** What a handler decides, before the uid is attached. */
export type AdmissionOutcome = Omit<AdmissionResponse, 'uid'>;

function withWarnings(outcome: AdmissionOutcome, warnings: readonly string[]): AdmissionOutcome {
  return warnings.length > 0 ? { ...outcome, warnings: [...warnings] } : outcome;
}

/** controller-runtime's `Allowed("")`: code 200. */
export function allowed(warnings: readonly string[] = []): AdmissionOutcome {
  return withWarnings({ allowed: true, status: { code: 200 } }, warnings);
}

/** controller-runtime's `Denied(message)`: code 403, reason Forbidden. */
export function denied(message: string, warnings: readonly string[] = []): AdmissionOutcome {
  return withWarnings(
    { allowed: false, status: { code: 403, reason: 'Forbidden', ...(message ? { message } : {}) } },
    warnings,
  );
}

/** controller-runtime's `Errored(code, err)`: not allowed, the code and the error's text. */
export function errored(code: number, message: string): AdmissionOutcome {
  return { allowed: false, status: { code, message } };
}

/** controller-runtime's `PatchResponseFromRaw`: allowed, with a base64 JSON patch when there is one. */
export function patched(operations: readonly unknown[], warnings: readonly string[] = []): AdmissionOutcome {
  if (operations.length === 0) return allowed(warnings);
  return withWarnings(
    {
      allowed: true,
      status: { code: 200 },
      patchType: 'JSONPatch',
      patch: Buffer.from(stringifyJson(operations)).toString('base64'),
    },
    warnings,
  );
}

/** The review the server writes back: same apiVersion and kind, the request's uid. */
export function reviewResponse(uid: string, outcome: AdmissionOutcome): Record<string, unknown> {
  return { apiVersion: ADMISSION_API_VERSION, kind: 'AdmissionReview', response: { uid, ...outcome } };
}
