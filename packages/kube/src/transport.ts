// SPDX-License-Identifier: Apache-2.0
/**
 * The HTTP side of the cluster boundary: one keep-alive connection pool per process (undici),
 * TLS material and credentials taken from the kubeconfig (kubeconfig.ts; client-node only for
 * exec and auth-provider users), and nothing of client-node on the request path. Watches get a pool of their own, so that long-lived
 * streams never take a socket that a request is waiting for.
 */
import { createSecureContext } from 'node:tls';
import { Pool, request, type Dispatcher } from 'undici';

/** Tuning of the connection pools; read once in `main` and passed down. */
export interface TransportOptions {
  /** Most sockets open to the API server for ordinary requests (not watches). Default 32. */
  maxSockets?: number;
  /** How long an idle socket is kept for reuse, in ms. Default 60 000. */
  keepAliveMs?: number;
  /** Deadline for a response's headers and between its body chunks (not watches), in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** How long credentials from the kubeconfig (token files, exec plugins) are reused, in ms. Default 60 000. */
  authRefreshMs?: number;
  /** Act as another user (`Impersonate-User` / `Impersonate-Group` headers); the kubeconfig's user must be allowed to. */
  impersonate?: { user: string; groups?: string[] };
  /** Negotiate HTTP/2 (ALPN) instead of HTTP/1.1 keep-alive. Default false (see Transport.create). */
  http2?: boolean;
  /** `User-Agent` header. Default `kubetrain`. */
  userAgent?: string;
}

/** One HTTP request to the API server. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the server URL, e.g. `/api/v1/namespaces/a/configmaps`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, already serialized. */
  body?: string;
  /** Content-Type of `body`. Default `application/json`. */
  contentType?: string;
  /** Accept header. Default `application/json`. */
  accept?: string;
  /** A streaming request (watch): its own pool, no body timeout. */
  stream?: boolean;
  signal?: AbortSignal;
}

/** The response: status code and the body as a readable stream. */
export type TransportResponse = Dispatcher.ResponseData;

type Headers = Record<string, string>;

/**
 * What the transport reads of a kubeconfig: our {@link KubeConfig} (kubeconfig.ts), or
 * client-node's, which has the same methods.
 */
export interface ConnectionConfig {
  /** The current cluster: server URL, and whether to skip TLS verification or use another server name. */
  getCurrentCluster():
    { server: string; skipTLSVerify?: boolean; tlsServerName?: string | undefined } | null | undefined;
  /** The current user (only basic auth's `username`/`password` are read directly). */
  getCurrentUser(): { username?: string | undefined; password?: string | undefined } | null | undefined;
  /** Fills `ca`, `cert`, `key` and `headers` (credentials) into `opts`. */
  applyToHTTPSOptions(opts: never): Promise<void>;
}

/** Builds the query string, skipping `undefined`. */
export function queryString(query: TransportRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A connection to one API server, with the kubeconfig's TLS and credentials. Create with {@link Transport.create}. */
export class Transport {
  private authHeaders: Headers = {};
  private authExpires = 0;
  private authPending: Promise<Headers> | undefined;
  private closed = false;

  private constructor(
    private readonly kubeConfig: ConnectionConfig,
    /** The server's base URL (`https://127.0.0.1:16443`). */
    readonly server: string,
    private readonly pool: Pool,
    private readonly streams: Pool,
    private readonly options: TransportOptions,
  ) {}

  /** Builds the pools from the kubeconfig's current cluster and user (TLS files are read once here). */
  static async create(kubeConfig: ConnectionConfig, options: TransportOptions = {}): Promise<Transport> {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error('kubeconfig has no current cluster');
    const tls: {
      ca?: unknown;
      cert?: unknown;
      key?: unknown;
      rejectUnauthorized?: boolean;
      servername?: string;
    } = {};
    await kubeConfig.applyToHTTPSOptions(tls as never);
    // One secure context for every socket: given `ca`/`cert`/`key`, each TLS connection would
    // parse them into an OpenSSL context of its own (about a MiB of native memory apiece).
    const secureContext = createSecureContext({
      ...(tls.ca ? { ca: tls.ca as Buffer } : {}),
      ...(tls.cert ? { cert: tls.cert as Buffer } : {}),
      ...(tls.key ? { key: tls.key as Buffer } : {}),
    });
    const connect = {
      secureContext,
      ...(cluster.skipTLSVerify ? { rejectUnauthorized: false } : {}),
      ...(cluster.tlsServerName ? { servername: cluster.tlsServerName } : {}),
    };
    const keepAliveTimeout = options.keepAliveMs ?? 60_000;
    // One origin, so a Pool each rather than an Agent: undici 8's Agent closes a pool by itself
    // when its last socket goes (as aborted watches do), racing our own close().
    // HTTP/1.1 unless asked: undici 8.13's HTTP/2 streams emit an unhandled 'error' when a
    // watch is cut, and one HTTP/2 connection would carry every watch and request at once.
    const server = cluster.server.replace(/\/+$/, '');
    const common = { connect, keepAliveTimeout, pipelining: 1, allowH2: options.http2 ?? false };
    const pool = new Pool(server, { ...common, connections: options.maxSockets ?? 32 });
    const streams = new Pool(server, common);
    return new Transport(kubeConfig, server, pool, streams, options);
  }

  /** Sends one request. A 401 refreshes the credentials and retries once (rotated tokens). */
  async send(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed) throw new Error('transport closed');
    let response = await this.dispatch(req, await this.credentials(false));
    if (response.statusCode === 401) {
      await response.body.dump();
      response = await this.dispatch(req, await this.credentials(true));
    }
    return response;
  }

  /**
   * Closes the pools: requests in flight are finished first; watch streams are cut (a watch
   * never finishes by itself, so waiting for it would wait for its server timeout).
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pool.close(), this.streams.destroy()]);
  }

  private dispatch(req: TransportRequest, auth: Headers): Promise<TransportResponse> {
    const headers: Headers = {
      ...auth,
      accept: req.accept ?? 'application/json',
      'user-agent': this.options.userAgent ?? 'kubetrain',
    };
    if (req.body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
    const impersonate = this.options.impersonate;
    if (impersonate) {
      headers['impersonate-user'] = impersonate.user;
      // undici sends an array value as repeated headers, which is how Impersonate-Group takes a list.
      if (impersonate.groups?.length)
        (headers as Record<string, string | string[]>)['impersonate-group'] = impersonate.groups;
    }
    const timeout = this.options.requestTimeoutMs ?? 60_000;
    return request(`${this.server}${req.path}${queryString(req.query)}`, {
      method: req.method,
      headers,
      body: req.body,
      signal: req.signal,
      dispatcher: req.stream ? this.streams : this.pool,
      headersTimeout: timeout,
      bodyTimeout: req.stream ? 0 : timeout,
    });
  }

  /** The kubeconfig user's headers (bearer token, exec plugin, …), cached for `authRefreshMs`. */
  private async credentials(refresh: boolean): Promise<Headers> {
    if (!refresh && Date.now() < this.authExpires) return this.authHeaders;
    this.authPending ??= (async () => {
      try {
        const opts: { headers?: Headers } = {};
        await this.kubeConfig.applyToHTTPSOptions(opts as never);
        const headers: Headers = {};
        for (const [key, value] of Object.entries(opts.headers ?? {}))
          headers[key.toLowerCase()] = String(value);
        const user = this.kubeConfig.getCurrentUser();
        if (user?.username && user.password) {
          headers['authorization'] =
            `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
        }
        this.authHeaders = headers;
        this.authExpires = Date.now() + (this.options.authRefreshMs ?? 60_000);
        return headers;
      } finally {
        this.authPending = undefined;
      }
    })();
    return this.authPending;
  }
}
