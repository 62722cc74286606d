// SPDX-License-Identifier: Apache-2.0
// The admission webhook server: HTTPS (node:https), one route per webhook path, AdmissionReview v1
// in and out. Every request is answered with a well-formed review within the per-request timeout:
// bodies past the limit, bad JSON, objects too deep, unknown kinds and handler throws become
// controller-runtime's `Errored` answers (HTTP 200, allowed false). The serving certificate can be
// swapped while it runs (`setCertificate`).

import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SecureVersion, TlsOptions } from 'node:tls';
import { checkInputBounds, parseJsonLossless, stringifyJson } from '@kubetrain/api/core';
import type { Logger } from '@kubetrain/log';
import {
  decodeReview,
  errored,
  MalformedReviewError,
  reviewResponse,
  type AdmissionOutcome,
  type AdmissionRequest,
} from './admission-review.js';
import type { AdmissionHandler } from './handler.js';
import { setLongTimeout, type LongTimer } from '../cluster/kube.js';
import { webhookForPath, type WebhookSpec } from './names.js';
import { BodyTooLargeError, MAX_REVIEW_BYTES, readBody } from './read-body.js';
import type { WebhookMetrics } from './webhook-metrics.js';

/** Per-request deadline: under the API server's default webhook timeout (10 s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

/** How long an idle keep-alive connection stays open: longer than the API server's 90 s. */
export const IDLE_CONNECTION_MS = 120_000;

/** Nesting accepted in a review: far above any TrainJob or runtime the CRD schemas allow. */
export const MAX_REVIEW_DEPTH = 200;

/** PEM key and certificate (chain) to serve. */
export interface ServingCertificate {
  readonly key: string | Buffer;
  readonly cert: string | Buffer;
}

/** Options of {@link startWebhookServer}. */
export interface WebhookServerOptions {
  /** Address to listen on; `''` is every address. */
  readonly host: string;
  /** Port; 0 picks a free one. */
  readonly port: number;
  readonly certificate: ServingCertificate;
  /** The handler of each webhook, by path. Paths without a handler answer 404. */
  readonly handlers: ReadonlyMap<string, AdmissionHandler>;
  readonly metrics?: WebhookMetrics;
  readonly logger?: Logger;
  readonly requestTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly maxDepth?: number;
  /** Lowest TLS version (`tls.minVersion` of the Configuration: `1.2`, `1.3`). */
  readonly minTLSVersion?: string;
}

/** A running webhook server. */
export interface WebhookServer {
  readonly port: number;
  /** Serves `certificate` to new connections from now on. */
  setCertificate(certificate: ServingCertificate): void;
  close(): Promise<void>;
}

/** The kind a webhook admits did not match the request's. */
function kindMismatch(webhook: WebhookSpec, request: AdmissionRequest): AdmissionOutcome | undefined {
  if (request.kind.kind !== '' && request.kind.kind !== webhook.kind) {
    return errored(400, `unsupported kind ${request.kind.kind}: this webhook admits ${webhook.kind}`);
  }
  const needsObject = request.operation === 'CREATE' || request.operation === 'UPDATE';
  if (needsObject && request.object === undefined) return errored(400, 'there is no content to decode');
  if (request.operation === 'UPDATE' && request.oldObject === undefined) {
    return errored(400, 'there is no content to decode in the old object');
  }
  for (const object of [request.object, request.oldObject]) {
    const kind = object?.['kind'];
    if (kind !== undefined && kind !== webhook.kind) {
      return errored(400, `unsupported kind ${String(kind)}: this webhook admits ${webhook.kind}`);
    }
  }
  return undefined;
}

/**
 * The TLS options of the manager's HTTPS servers (webhooks, status server): the certificate,
 * HTTP/1.1 only (upstream disables HTTP/2, CVE-2023-44487), and `tls.minVersion` when set.
 */
export function servingTlsOptions(certificate: ServingCertificate, minTLSVersion?: string): TlsOptions {
  const minVersion = tlsVersion(minTLSVersion);
  return {
    key: certificate.key,
    cert: certificate.cert,
    ALPNProtocols: ['http/1.1'],
    ...(minVersion !== undefined ? { minVersion } : {}),
  };
}

/** Listens on `host` (`''`: every address) and `port`; resolves with the port listened on. */
export async function listenOn(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host === '' ? undefined : host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Serves `certificate` to the server's new connections (a rotation). */
export function swapCertificate(server: Server, certificate: ServingCertificate): void {
  server.setSecureContext({ key: certificate.key, cert: certificate.cert });
}

function tlsVersion(text: string | undefined): SecureVersion | undefined {
  const versions: Record<string, SecureVersion> = {
    '1.0': 'TLSv1',
    '1.1': 'TLSv1.1',
    '1.2': 'TLSv1.2',
    '1.3': 'TLSv1.3',
  };
  return text === undefined ? undefined : versions[text];
}

function timeout(ms: number): { promise: Promise<AdmissionOutcome>; cancel: () => void } {
  let timer: LongTimer | undefined;
  const promise = new Promise<AdmissionOutcome>((resolve) => {
    // A timer of any length: requestTimeoutMs is an option without a maximum.
    timer = setLongTimeout(() => resolve(errored(504, `admission request not decided within ${ms}ms`)), ms);
  });
  return { promise, cancel: () => timer?.clear() };
}

/** Starts the webhook server; resolves once it listens. */
export async function startWebhookServer(options: WebhookServerOptions): Promise<WebhookServer> {
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const maxBytes = options.maxBodyBytes ?? MAX_REVIEW_BYTES;
  const maxDepth = options.maxDepth ?? MAX_REVIEW_DEPTH;
  const { metrics, logger } = options;

  const decide = async (
    webhook: WebhookSpec,
    handler: AdmissionHandler,
    req: IncomingMessage,
  ): Promise<{ uid: string; outcome: AdmissionOutcome }> => {
    let body: Buffer;
    try {
      body = await readBody(req, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return { uid: '', outcome: errored(413, error.message) };
      throw error;
    }
    if (body.length === 0) return { uid: '', outcome: errored(400, 'request body is empty') };
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.split(';')[0]?.trim() !== 'application/json') {
      return { uid: '', outcome: errored(400, `contentType=${contentType}, expected application/json`) };
    }
    let parsed: unknown;
    try {
      parsed = parseJsonLossless(body.toString('utf8'));
    } catch (error) {
      return {
        uid: '',
        outcome: errored(400, `couldn't decode the AdmissionReview: ${(error as Error).message}`),
      };
    }
    const bounds = checkInputBounds(parsed, { maxDepth });
    if (bounds !== undefined)
      return { uid: '', outcome: errored(400, `the AdmissionReview ${bounds.message}`) };
    let request: AdmissionRequest;
    try {
      request = decodeReview(parsed);
    } catch (error) {
      if (error instanceof MalformedReviewError) return { uid: '', outcome: errored(400, error.message) };
      throw error;
    }
    const mismatch = kindMismatch(webhook, request);
    if (mismatch !== undefined) return { uid: request.uid, outcome: mismatch };
    const limit = timeout(timeoutMs);
    try {
      const outcome = await Promise.race([
        handler(request).catch((error: unknown) => {
          logger?.error('Admission handler failed', {
            webhook: webhook.name,
            uid: request.uid,
            error: error instanceof Error ? error.message : String(error),
          });
          return errored(500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
        }),
        limit.promise,
      ]);
      return { uid: request.uid, outcome };
    } finally {
      limit.cancel();
    }
  };

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const webhook = webhookForPath(path);
    const handler = webhook === undefined ? undefined : options.handlers.get(path);
    if (webhook === undefined || handler === undefined || req.method !== 'POST') {
      const code = webhook === undefined || handler === undefined ? 404 : 405;
      res.writeHead(code, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(code === 404 ? '404 page not found\n' : 'method not allowed\n');
      req.resume();
      return;
    }
    const started = process.hrtime.bigint();
    metrics?.inFlight.inc({ webhook: path });
    const answer = (uid: string, outcome: AdmissionOutcome): void => {
      const text = stringifyJson(reviewResponse(uid, outcome));
      // A body cut short at the limit: answer, close the connection, and read no more of it.
      const cut = !req.complete;
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(cut ? { connection: 'close' } : {}),
        });
        res.end(text, () => {
          if (cut) req.socket.destroy();
        });
      } else if (cut) {
        req.socket.destroy();
      }
      metrics?.inFlight.dec({ webhook: path });
      metrics?.requests.inc({ webhook: path, code: '200' });
      metrics?.latency.observe({ webhook: path }, Number(process.hrtime.bigint() - started) / 1e9);
      if (!outcome.allowed) metrics?.denials.inc({ webhook: path, code: String(outcome.status?.code ?? 0) });
    };
    decide(webhook, handler, req).then(
      ({ uid, outcome }) => answer(uid, outcome),
      (error: unknown) =>
        answer('', errored(500, `internal error: ${error instanceof Error ? error.message : String(error)}`)),
    );
  };

  const server: Server = createServer(servingTlsOptions(options.certificate, options.minTLSVersion), serve);
  server.requestTimeout = timeoutMs + 2000;
  // The kube-apiserver's webhook client keeps idle connections for 90 s. Node closes an idle
  // keep-alive connection after 5 s by default, and a request the client sends on a connection the
  // server is closing at that moment fails with a reset; so the client, not the server, closes first.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = Math.min(timeoutMs, 60000);
  server.on('tlsClientError', () => undefined);
  return {
    port: await listenOn(server, options.host, options.port),
    setCertificate: (certificate) => swapCertificate(server, certificate),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
