// SPDX-License-Identifier: Apache-2.0
// The status server's wire facts, byte-identical to upstream's (kubeflow/trainer pkg/statusserver).
import { API_VERSION } from '@kubetrain/api/core';

/** Largest request body the server reads (upstream's `maxBodySize = 1 << 16`). */
export const MAX_BODY_BYTES = 1 << 16;

/** Upstream's response messages (`badRequest(w, log, <message>, ...)` in server.go and the middleware). */
export const StatusServerMessages = {
  NotFound: 'Not found',
  PayloadTooLarge: 'Payload too large',
  Forbidden: 'Forbidden',
  InternalError: 'Internal error',
  InvalidPayload: 'Invalid payload',
  TrainJobNotFound: 'Train job not found',
  /** kubetrain's addition: upstream decodes any content type. */
  UnsupportedMediaType: 'Unsupported media type',
} as const;

/** metav1.StatusReason values the server sends. */
export const StatusReasons = {
  NotFound: 'NotFound',
  RequestEntityTooLarge: 'RequestEntityTooLarge',
  Forbidden: 'Forbidden',
  InternalError: 'InternalError',
  Invalid: 'Invalid',
  UnsupportedMediaType: 'UnsupportedMediaType',
} as const;
export type StatusReason = (typeof StatusReasons)[keyof typeof StatusReasons];

/** One response: the HTTP code and the exact body bytes (always `application/json`). */
export interface StatusServerResponse {
  readonly code: number;
  readonly body: string;
}

/** `statusPath` (upstream's `StatusUrl`) and `tokenAudience` (`TokenAudience`): one place, @kubetrain/api (the pod injection uses them too). */
export {
  statusServerPath as statusPath,
  statusServerTokenAudience as tokenAudience,
} from '@kubetrain/api/core';

const STATUS_PATH = new RegExp(
  `^/apis/${API_VERSION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/namespaces/([^/]+)/trainjobs/([^/]+)/status$`,
);

/**
 * Matches a request path (query string ignored) against the status route, as Go's ServeMux does for
 * `POST /apis/.../namespaces/{namespace}/trainjobs/{name}/status`: one non-empty segment each,
 * percent-decoded. Returns undefined when the path is not the route (or a segment does not decode).
 */
export function matchStatusPath(rawPath: string): { namespace: string; name: string } | undefined {
  const query = rawPath.indexOf('?');
  const path = query < 0 ? rawPath : rawPath.slice(0, query);
  const match = STATUS_PATH.exec(path);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  try {
    return { namespace: decodeURIComponent(match[1]), name: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

/**
 * Encodes a value as Go's `json.Encoder` does: `<`, `>`, `&`, U+2028 and U+2029 escaped, and a
 * trailing newline, so that response bodies are byte-identical to upstream's.
 */
export function encodeGoJson(value: unknown): string {
  const escapes: Record<string, string> = {
    '<': '\\u003c',
    '>': '\\u003e',
    '&': '\\u0026',
    '\u2028': '\\u2028',
    '\u2029': '\\u2029',
  };
  return `${JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => escapes[c] ?? c)}\n`;
}

/** A failure response: a metav1.Status as upstream's `badRequest` writes it. */
export function failure(code: number, message: string, reason: StatusReason): StatusServerResponse {
  return { code, body: encodeGoJson({ metadata: {}, status: 'Failure', message, reason, code }) };
}
