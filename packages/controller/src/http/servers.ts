// SPDX-License-Identifier: Apache-2.0
// The manager's two small HTTP servers: metrics (`/metrics`, HTTP or HTTPS) and probes (`/healthz`,
// `/readyz`).

import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Registry } from 'prom-client';
import type { ListenAddress } from './bind-address.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A plain HTTP server, from node:http through getBuiltinModule rather than an ES import: the ES
 * import reads node:http's lazy WebSocket exports, which load Node's bundled undici (about 2 MiB
 * of RSS at idle; packages/kube's transport does the same).
 */
function createHttpServer(handler: Handler): Server {
  return process.getBuiltinModule('node:http').createServer(handler);
}

/** A listening server; `close()` stops it (open keep-alive connections included). */
export interface RunningServer {
  /** The port it listens on (useful with port 0). */
  readonly port: number;
  /** `http` or `https`. */
  readonly scheme: 'http' | 'https';
  close(): Promise<void>;
}

/** A serving certificate was asked for but `tls.crt`/`tls.key` are not in the directory. */
export class MissingCertificateError extends Error {
  constructor(readonly certDir: string) {
    super(`no serving certificate: ${join(certDir, 'tls.crt')} and ${join(certDir, 'tls.key')} must exist`);
    this.name = 'MissingCertificateError';
  }
}

function reply(res: ServerResponse, code: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(code, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function listen(
  server: Server,
  address: ListenAddress,
  scheme: 'http' | 'https',
): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    scheme,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves `registry` at `/metrics`. With `certDir`, over HTTPS with `tls.crt`/`tls.key` from it
 * (throws {@link MissingCertificateError} when they are absent); else over plain HTTP.
 */
export async function serveMetrics(
  registry: Registry,
  address: ListenAddress,
  certDir?: string,
): Promise<RunningServer> {
  const handler: Handler = (req, res) => {
    if (req.url?.split('?')[0] !== '/metrics') return reply(res, 404, 'not found\n');
    registry.metrics().then(
      (text) => reply(res, 200, text, registry.contentType),
      (e: unknown) => reply(res, 500, `${e instanceof Error ? e.message : String(e)}\n`),
    );
  };
  if (certDir === undefined) return listen(createHttpServer(handler), address, 'http');
  const cert = join(certDir, 'tls.crt');
  const key = join(certDir, 'tls.key');
  if (!existsSync(cert) || !existsSync(key)) throw new MissingCertificateError(certDir);
  const server = createHttpsServer({ cert: readFileSync(cert), key: readFileSync(key) }, handler);
  return listen(server, address, 'https');
}

/** A named probe check: undefined when it passes, else why not. */
export type ProbeCheck = () => Promise<string | undefined>;

/** Named checks added to `/healthz` and `/readyz` (each also at `/healthz/<name>`, `/readyz/<name>`). */
export interface ProbeChecks {
  readonly healthz?: Readonly<Record<string, ProbeCheck>>;
  readonly readyz?: Readonly<Record<string, ProbeCheck>>;
}

async function failedCheck(checks: Readonly<Record<string, ProbeCheck>>, only?: string) {
  for (const [name, check] of Object.entries(checks)) {
    if (only !== undefined && name !== only) continue;
    const why = await check();
    if (why !== undefined) return `${name}: ${why}`;
  }
  return undefined;
}

/**
 * Serves the probes: `/healthz` answers `ok` while the process runs; `/readyz` answers `ok` when
 * `ready()` is true (the manager's: manager/readiness.ts), else 500 with `reason()`. Named `checks` (as
 * controller-runtime's AddHealthzCheck/AddReadyzCheck) must pass too, and each answers at its own
 * subpath.
 */
export async function serveProbes(
  address: ListenAddress,
  ready: () => boolean,
  reason: () => string = () => 'not ready',
  checks: ProbeChecks = {},
): Promise<RunningServer> {
  const answer = async (path: string): Promise<[number, string]> => {
    const [, probe, name] = /^\/(healthz|readyz)(?:\/([^/]+))?$/.exec(path) ?? [];
    if (probe === undefined) return [404, 'not found\n'];
    const named = (probe === 'healthz' ? checks.healthz : checks.readyz) ?? {};
    if (name !== undefined && !Object.hasOwn(named, name)) return [404, 'not found\n'];
    if (name === undefined && probe === 'readyz' && !ready()) return [500, `${reason()}\n`];
    const failed = await failedCheck(named, name);
    return failed === undefined ? [200, 'ok'] : [500, `${failed}\n`];
  };
  const handler: Handler = (req, res) => {
    answer(req.url?.split('?')[0] ?? '').then(
      ([code, body]) => reply(res, code, body),
      (e: unknown) => reply(res, 500, `${e instanceof Error ? e.message : String(e)}\n`),
    );
  };
  return listen(createHttpServer(handler), address, 'http');
}
