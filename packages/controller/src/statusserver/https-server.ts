// SPDX-License-Identifier: Apache-2.0
// The status server's HTTPS listener: node:https around handleStatusRequest, with upstream's
// http.Server limits (read and write 10 s, idle 120 s, a 5 s graceful shutdown), the body read
// within 64 KiB (a streamed overflow closes the connection), a panic answered 500, and a log line
// per request. The serving certificate can be swapped while it runs (the webhook certificate's
// rotation).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { Logger } from '@kubetrain/log';
import { setLongTimeout } from '../cluster/kube.js';
import { listenOn, servingTlsOptions, swapCertificate, type ServingCertificate } from '../webhooks/server.js';
import { readBoundedBody, type BoundedBody } from './body.js';
import { handleStatusRequest, type StatusRequestDeps } from './handle-request.js';
import { MAX_BODY_BYTES, type StatusServerResponse } from './wire.js';

/** Upstream's `ReadTimeout` and `WriteTimeout`. */
export const READ_WRITE_TIMEOUT_MS = 10_000;
/** Upstream's `IdleTimeout`. */
export const IDLE_TIMEOUT_MS = 120_000;
/** Upstream's graceful shutdown: in-flight requests get this long, then connections are cut. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** What Go's panic recovery answers (`http.Error(w, "Internal Server Error", 500)`). */
export const PANIC_RESPONSE = 'Internal Server Error\n';

/** Options of {@link startStatusHttpsServer}. */
export interface StatusHttpsOptions {
  /** Address to listen on; `''` is every address. */
  readonly host: string;
  /** Port; 0 picks a free one. */
  readonly port: number;
  readonly certificate: ServingCertificate;
  /** `tls.minVersion` of the Configuration (as the webhook server). */
  readonly minTLSVersion?: string;
  readonly deps: StatusRequestDeps;
  readonly logger?: Logger;
  /** Read and write deadline per request (tests shorten it). */
  readonly timeoutMs?: number;
  readonly shutdownGraceMs?: number;
  /** Called with the code of each answer (the metrics). */
  readonly onAnswered?: (code: number) => void;
  /** The handler, replaceable by tests (to show that a throw is a 500). */
  readonly handle?: typeof handleStatusRequest;
}

/** A running status server. */
export interface StatusHttpsServer {
  readonly port: number;
  /** Serves `certificate` to new connections from now on. */
  setCertificate(certificate: ServingCertificate): void;
  /** Stops accepting; in-flight requests get the grace period; then every connection is closed. */
  close(): Promise<void>;
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** Starts the server; resolves once it listens. */
export async function startStatusHttpsServer(options: StatusHttpsOptions): Promise<StatusHttpsServer> {
  const timeoutMs = options.timeoutMs ?? READ_WRITE_TIMEOUT_MS;
  const handle = options.handle ?? handleStatusRequest;
  const { logger } = options;

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const socket = req.socket;
    // Go's WriteTimeout: a response not written within the deadline loses its connection.
    const deadline = setLongTimeout(() => socket.destroy(), timeoutMs, { unref: true });
    res.once('close', () => deadline.clear());
    let overflow = false;
    const readBody = async (): Promise<BoundedBody> => {
      const declared = req.headers['content-length'];
      const body = await readBoundedBody(
        req,
        MAX_BODY_BYTES,
        declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined,
      );
      overflow = body.kind === 'tooLarge';
      return body;
    };
    const answer = (code: number, body: string, type: string): void => {
      // A body left unread (refused before reading, or cut at the limit) closes the connection, so
      // that its rest is never read.
      const cut = overflow || !req.complete;
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(code, {
          'content-type': type,
          'content-length': Buffer.byteLength(body),
          ...(type.startsWith('text/plain') ? { 'x-content-type-options': 'nosniff' } : {}),
          ...(cut ? { connection: 'close' } : {}),
        });
        res.end(body, () => {
          if (cut) socket.destroy();
        });
      } else if (cut) socket.destroy();
      options.onAnswered?.(code);
      logger?.debug('Status server request', {
        method: req.method ?? '',
        path: (req.url ?? '').slice(0, 512),
        code,
        remote: socket.remoteAddress ?? '',
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      });
    };
    let handled: Promise<StatusServerResponse>;
    try {
      handled = handle(
        {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: lowerCaseHeaders(req),
          readBody,
        },
        options.deps,
      );
    } catch (error) {
      handled = Promise.reject(error);
    }
    handled.then(
      (response) => answer(response.code, response.body, 'application/json'),
      (error: unknown) => {
        logger?.error('Status server handler failed', {
          path: (req.url ?? '').slice(0, 512),
          error: error instanceof Error ? error.message : String(error),
        });
        answer(500, PANIC_RESPONSE, 'text/plain; charset=utf-8');
      },
    );
  };

  const server: Server = createServer(
    {
      ...servingTlsOptions(options.certificate, options.minTLSVersion),
      // How often Node checks the request and headers deadlines (default 30 s: far past ours).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeoutMs / 4))),
    },
    serve,
  );
  // Go's ReadTimeout covers the headers and the body; a slow client is cut at the deadline.
  server.requestTimeout = timeoutMs;
  server.headersTimeout = timeoutMs;
  server.keepAliveTimeout = IDLE_TIMEOUT_MS;
  server.on('tlsClientError', () => undefined);
  const grace = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  return {
    port: await listenOn(server, options.host, options.port),
    setCertificate: (certificate) => swapCertificate(server, certificate),
    close: () =>
      new Promise<void>((resolve) => {
        const cutoff = setLongTimeout(() => server.closeAllConnections(), grace, { unref: true });
        server.close(() => {
          cutoff.clear();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
