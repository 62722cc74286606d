// SPDX-License-Identifier: Apache-2.0
// Reading the Status the API server returns with a rejected request.
import { ApiException } from '@kubernetes/client-node';

/** One `details.causes[]` entry of a metav1.Status. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

/** The parts of a metav1.Status the suites read. */
export interface ApiStatus {
  code: number;
  reason?: string;
  message?: string;
  causes: StatusCause[];
}

/** The Status of a failed request, or undefined when `error` is not an API error. */
export function apiStatus(error: unknown): ApiStatus | undefined {
  if (!(error instanceof ApiException)) return undefined;
  const raw: unknown = error.body;
  let body: { reason?: string; message?: string; details?: { causes?: StatusCause[] } } = {};
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      body = { message: raw };
    }
  } else if (raw && typeof raw === 'object') {
    body = raw as typeof body;
  }
  return {
    code: error.code,
    ...(body.reason !== undefined ? { reason: body.reason } : {}),
    ...(body.message !== undefined ? { message: body.message } : {}),
    causes: body.details?.causes ?? [],
  };
}
