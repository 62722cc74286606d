// SPDX-License-Identifier: Apache-2.0
// One status request to its response, in upstream's order of checks, with no I/O of its own.
import { type BoundedBody } from './body.js';
import {
  checkTrainerStatus,
  decodeUpdateRequest,
  echoOf,
  PayloadDecodeError,
  type ReportedTrainerStatus,
} from './payload.js';
import {
  encodeGoJson,
  failure,
  matchStatusPath,
  MAX_BODY_BYTES,
  type StatusServerResponse,
  StatusReasons,
  StatusServerMessages as Msg,
} from './wire.js';

/** A request as the HTTP layer hands it over; header names in lower case; the body is read only when asked. */
export interface StatusRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly readBody: () => Promise<BoundedBody>;
}

/** What the handler needs from the rest of the server. */
export interface StatusRequestDeps {
  /** Whether the Authorization header may write this job's status; throws on an internal failure. */
  authorize(authorization: string | undefined, namespace: string, name: string): Promise<boolean>;
  /**
   * Hands a valid status to the writer; `notFound` when the TrainJob does not exist. Rejects when
   * it cannot tell (the store has not listed in time): 500 "Internal error", the sender retries.
   */
  accept(namespace: string, name: string, status: ReportedTrainerStatus): Promise<'accepted' | 'notFound'>;
}

const JSON_MEDIA = /^application\/json\s*(;.*)?$/i;

/**
 * Answers one request as upstream's server does, in its order: a declared body over 64 KiB is 413
 * (before routing, as upstream's middleware); any other method or path is 404 "Not found"; the token
 * is checked before the body is read (403 "Forbidden", 500 "Internal error"); a streamed body over the
 * limit or one that does not decode is 422 "Invalid payload"; no trainerStatus is 200 with no write;
 * a status the CRD would refuse is 422 with the API server's message; an unknown job is 404
 * "Train job not found"; otherwise 200 with the request re-encoded. kubetrain adds one check
 * upstream lacks: a Content-Type other than JSON (absent is allowed) is 415.
 */
export async function handleStatusRequest(
  req: StatusRequest,
  deps: StatusRequestDeps,
): Promise<StatusServerResponse> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > MAX_BODY_BYTES)
    return failure(413, Msg.PayloadTooLarge, StatusReasons.RequestEntityTooLarge);
  const route = req.method === 'POST' ? matchStatusPath(req.path) : undefined;
  if (route === undefined) return failure(404, Msg.NotFound, StatusReasons.NotFound);
  const { namespace, name } = route;

  let authorized: boolean;
  try {
    authorized = await deps.authorize(req.headers.authorization, namespace, name);
  } catch {
    return failure(500, Msg.InternalError, StatusReasons.InternalError);
  }
  if (!authorized) return failure(403, Msg.Forbidden, StatusReasons.Forbidden);

  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !JSON_MEDIA.test(contentType.trim()))
    return failure(415, Msg.UnsupportedMediaType, StatusReasons.UnsupportedMediaType);
  const body = await req.readBody();
  if (body.kind === 'tooLarge') {
    // Upstream's MaxBytesReader makes the decode fail; Content-Length over the limit never gets here.
    return body.declared
      ? failure(413, Msg.PayloadTooLarge, StatusReasons.RequestEntityTooLarge)
      : failure(422, Msg.InvalidPayload, StatusReasons.Invalid);
  }
  let request;
  try {
    request = decodeUpdateRequest(body.bytes);
  } catch (error) {
    if (error instanceof PayloadDecodeError) return failure(422, Msg.InvalidPayload, StatusReasons.Invalid);
    throw error;
  }
  const status = request.trainerStatus;
  if (status !== undefined) {
    const refused = await checkTrainerStatus(namespace, name, status);
    if (refused !== undefined) return failure(422, refused, StatusReasons.Invalid);
    let accepted;
    try {
      accepted = await deps.accept(namespace, name, status);
    } catch {
      return failure(500, Msg.InternalError, StatusReasons.InternalError);
    }
    if (accepted === 'notFound') return failure(404, Msg.TrainJobNotFound, StatusReasons.NotFound);
  }
  return { code: 200, body: encodeGoJson(echoOf(request)) };
}
