// SPDX-License-Identifier: Apache-2.0
// The dashboard's HTTP server: the page shell and its two bundled files, the two SSE feeds and the
// three actions, every request through the guard (http-guard.ts), every response with its headers.

import type { V1KindName } from '@kubetrain/api/core';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiFailure } from './api-failure.js';
import type { ClusterPort } from './cluster-port.js';
import { OBJECT_NAME, send, sendJson } from './http-reply.js';
import { checkRequest, securityHeaders, TOKEN_PARAM } from './http-guard.js';
import { downloadLogs, parseRank, responseTarget } from './log-download.js';
import { streamLogs } from './log-feed.js';
import { pageShell } from './page.js';
import { PAGE_PATHS, pagesApi } from './pages-api.js';
import { SseStream, type SseOptions } from './sse.js';
import { streamJobs } from './list-feed.js';
import { streamJob } from './streams.js';
import { parseKind } from './v1-kinds.js';
import { v1JobSource } from './v1-job-source.js';
import { WatchHub } from './watch-hub.js';

/** The page's bundled script and style. */
export interface Assets {
  readonly script: string;
  readonly style: string;
}

/** Options of {@link startDashboardServer}. */
export interface DashboardServerOptions {
  readonly token: string;
  readonly address: string;
  /** 0: a free port. */
  readonly port: number;
  readonly assets: Assets;
  readonly cluster: ClusterPort;
  /** The namespaces of the jobs list, tried in order (undefined: every namespace). */
  readonly scopes: readonly (string | undefined)[];
  /** At most this many live feeds at once (tabs × feeds); more get a 503. Default 64. */
  readonly maxStreams?: number;
  readonly sse?: SseOptions;
  /** Heartbeat of the feeds, ms. Default 20 000. */
  readonly pingMs?: number;
  /** One line for the user's terminal (a slow client dropped, an action failed). */
  readonly log: (line: string) => void;
  /** The clock of the usage page's period (tests). Default Date.now. */
  readonly now?: () => number;
}

/** A running dashboard. */
export interface DashboardServer {
  /** The URL to open, with the token. */
  readonly url: string;
  readonly hub: WatchHub;
  close(): Promise<void>;
}

const JOB_PAGE = /^\/jobs\/([^/]+)\/([^/]+)$/;
const JOB_FEED = /^\/api\/events\/job\/([^/]+)\/([^/]+)$/;
const LOGS_FEED = /^\/api\/events\/logs\/([^/]+)\/([^/]+)$/;
/** A job's two feeds: its page and its logs. */
const JOB_FEEDS = [
  [JOB_FEED, streamJob],
  [LOGS_FEED, streamLogs],
] as const;
const LOGS_FILE = /^\/api\/logs\/([^/]+)\/([^/]+)$/;
const ACTION = /^\/api\/jobs\/([^/]+)\/([^/]+)\/(suspend|resume|delete)$/;

function loopbackHosts(address: string, port: number): ReadonlySet<string> | undefined {
  if (address === '0.0.0.0' || address === '::') return undefined;
  const hosts = [`${address}:${port}`, `localhost:${port}`];
  if (address.includes(':')) hosts.push(`[${address}]:${port}`);
  return new Set(hosts.map((h) => h.toLowerCase()));
}

/** The namespace and name of a path's two segments, or an error naming the bad one. */
function jobRef(ns: string, name: string): { namespace: string; name: string } | string {
  const namespace = decodeURIComponent(ns);
  const job = decodeURIComponent(name);
  if (!OBJECT_NAME.test(namespace)) return 'namespace: not a valid namespace name';
  if (!OBJECT_NAME.test(job)) return 'name: not a valid TrainJob name';
  return { namespace, name: job };
}

/**
 * The job of a path matched by `pattern` (namespace and name its two groups): undefined when it does
 * not match; null when a segment is bad (answered with a 400 naming it).
 */
function matchJob(
  pattern: RegExp,
  path: string,
  res: ServerResponse,
): { namespace: string; name: string } | undefined | null {
  const match = pattern.exec(path);
  if (!match) return undefined;
  const ref = jobRef(match[1]!, match[2]!);
  if (typeof ref !== 'string') return ref;
  sendJson(res, 400, { error: ref });
  return null;
}

/** Starts the server; resolves once it listens. */
export async function startDashboardServer(options: DashboardServerOptions): Promise<DashboardServer> {
  const hub = new WatchHub();
  const streams = new Set<SseStream>();
  const maxStreams = options.maxStreams ?? 64;
  // The Host headers of this server, known once it listens (a free port).
  const policy: { token: string; hosts: ReadonlySet<string> | undefined } = {
    token: options.token,
    hosts: undefined,
  };

  const openStream = (req: IncomingMessage, res: ServerResponse): SseStream | undefined => {
    if (streams.size >= maxStreams) {
      send(res, 503, 'text/plain; charset=utf-8', 'too many open dashboard tabs');
      return undefined;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    const stream = new SseStream(
      {
        write: (chunk) => res.write(chunk),
        end: () => res.end(),
        onDrain: (l) => res.on('drain', l),
        onClose: (l) => req.on('close', l),
      },
      {
        ...options.sse,
        onDrop: (bytes) => {
          options.log(
            `dashboard: dropped a tab that could not keep up (${Math.round(bytes / 1024)} KiB of updates waited)`,
          );
          options.sse?.onDrop?.(bytes);
        },
      },
    );
    streams.add(stream);
    const ping = setInterval(() => stream.ping(), options.pingMs ?? 20_000);
    ping.unref();
    stream.onClose(() => {
      clearInterval(ping);
      streams.delete(stream);
    });
    return stream;
  };

  const act = async (
    res: ServerResponse,
    ref: { namespace: string; name: string },
    action: string,
    kind: V1KindName | undefined,
  ) => {
    const { cluster } = options;
    try {
      if (kind !== undefined) {
        if (action === 'delete') await cluster.deleteV1Job(kind, ref.namespace, ref.name);
        else await cluster.setV1Suspend(kind, ref.namespace, ref.name, action === 'suspend');
      } else if (action === 'delete') await cluster.deleteTrainJob(ref.namespace, ref.name);
      else await cluster.setSuspend(ref.namespace, ref.name, action === 'suspend');
      sendJson(res, 200, { ok: true });
    } catch (e) {
      const failure = apiFailure(e);
      options.log(`dashboard: ${action} ${ref.namespace}/${ref.name}: ${failure.message}`);
      sendJson(res, failure.status, { error: failure.message });
    }
  };

  const pages = pagesApi({
    cluster: options.cluster,
    scopes: options.scopes,
    now: options.now ?? Date.now,
    log: options.log,
  });

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
    const verdict = checkRequest(request, policy);
    if (!verdict.ok) {
      send(res, verdict.status, 'text/plain; charset=utf-8', verdict.message);
      return;
    }
    const parsed = new URL(request.url, 'http://dashboard.invalid');
    const path = parsed.pathname;
    // The job of an action or a feed: of a Training Operator v1 kind (`?kind=PyTorchJob`), else a TrainJob.
    const kind = parseKind(parsed.searchParams.get('kind'));
    if (request.method === 'POST') {
      if (kind instanceof Error) return sendJson(res, 400, { error: kind.message });
      const match = ACTION.exec(path);
      if (!match) return send(res, 404, 'text/plain; charset=utf-8', 'not found');
      const ref = jobRef(match[1]!, match[2]!);
      if (typeof ref === 'string') return sendJson(res, 400, { error: ref });
      req.resume();
      void act(res, ref, match[3]!, kind);
      return;
    }
    if (path === '/' || JOB_PAGE.test(path) || PAGE_PATHS.has(path))
      return send(res, 200, 'text/html; charset=utf-8', pageShell(options.token));
    if (path === '/assets/app.js')
      return send(res, 200, 'text/javascript; charset=utf-8', options.assets.script);
    if (path === '/assets/app.css') return send(res, 200, 'text/css; charset=utf-8', options.assets.style);
    if (path === '/api/events/jobs') {
      const stream = openStream(req, res);
      if (stream) streamJobs(stream, hub, options.cluster, options.scopes);
      return;
    }
    if (pages(path, parsed.searchParams, res)) return;
    for (const [pattern, feedOf] of JOB_FEEDS) {
      const ref = matchJob(pattern, path, res);
      if (ref === undefined) continue;
      if (kind instanceof Error) return sendJson(res, 400, { error: kind.message });
      const stream = ref && openStream(req, res);
      if (ref && stream)
        feedOf(stream, hub, options.cluster, ref.namespace, ref.name, kind && v1JobSource(kind));
      return;
    }
    const ref = matchJob(LOGS_FILE, path, res);
    if (ref !== undefined) {
      if (ref === null) return;
      const rank = parseRank(parsed.searchParams.get('rank'));
      if (rank instanceof Error) return sendJson(res, 400, { error: rank.message });
      const left = new AbortController();
      req.on('close', () => left.abort());
      void downloadLogs(responseTarget(res, left.signal), options.cluster, ref, rank, left.signal).catch(
        (e: unknown) => {
          options.log(`dashboard: logs of ${ref.namespace}/${ref.name}: ${(e as Error).message}`);
          res.destroy();
        },
      );
      return;
    }
    send(res, 404, 'text/plain; charset=utf-8', 'not found');
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.address, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  policy.hosts = loopbackHosts(options.address, port);
  const host = options.address.includes(':') ? `[${options.address}]` : options.address;
  const shown = options.address === '0.0.0.0' || options.address === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(options.token)}`,
    hub,
    async close() {
      for (const s of [...streams]) s.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hub.close();
    },
  };
}
