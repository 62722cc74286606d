// SPDX-License-Identifier: Apache-2.0
/**
 * The HTTP side of the cluster boundary: node:https keep-alive agents (HTTP/1.1), TLS material
 * and credentials taken from the kubeconfig (kubeconfig.ts; client-node only for exec and
 * auth-provider users), and nothing of client-node on the request path. Ordinary requests and
 * streams (watches, followed logs) have an agent each, so that long-lived streams never take a
 * socket that a request is waiting for.
 */
import type { Agent, ClientRequest, OutgoingHttpHeaders, RequestOptions } from 'node:http';
import * as https from 'node:https';
import { createSecureContext } from 'node:tls';
import { exchange, type TransportResponse } from './transport-exchange.js';
import {
  queryString,
  requestHeaders,
  restClientCode,
  restClientHost,
  serverOrigin,
  type ServerOrigin,
  type TransportRequest,
} from './transport-request.js';

export {
  queryString,
  requestHeaders,
  restClientCode,
  restClientHost,
  serverOrigin,
} from './transport-request.js';
export type { HeaderOptions, ServerOrigin, TransportRequest } from './transport-request.js';
export { RequestAbortedError, RequestTimeoutError } from './transport-exchange.js';
export type { BodyHelpers, ResponseBody, TransportResponse } from './transport-exchange.js';

/** Tuning of the connection agents; read once in `main` and passed down. */
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
  /** `User-Agent` header. Default `kubetrain`. */
  userAgent?: string;
  /**
   * Called once for each HTTP attempt (a 401 retried counts twice, watches included, as client-go
   * counts each try), with client-go's `rest_client_requests_total` labels: `code` (`"200"`, or
   * `<error>` when no response came), `method` (`GET`, `PATCH`: the HTTP verb) and `host`.
   */
  onResult?: (result: RequestResult) => void;
}

/** The labels of one request in client-go's `rest_client_requests_total{code,method,host}`. */
export interface RequestResult {
  readonly code: string;
  readonly method: string;
  readonly host: string;
}

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

/** The API server's origin, and the node module that speaks its protocol. */
interface Origin extends ServerOrigin {
  /** node:https, or node:http for an `http:` URL. */
  protocol: {
    Agent: new (options: https.AgentOptions) => Agent;
    request: (options: RequestOptions) => ClientRequest;
  };
}

function origin(server: string): Origin {
  const parsed = serverOrigin(server);
  return {
    ...parsed,
    // node:http only when asked for: an ES import of it reads its lazy exports, which load
    // Node's own bundled undici (WebSocket) for about 6 MiB.
    protocol: parsed.secure ? https : process.getBuiltinModule('node:http'),
  };
}

/** A connection to one API server, with the kubeconfig's TLS and credentials. Create with {@link Transport.create}. */
export class Transport {
  private authHeaders: Headers = {};
  private authExpires = 0;
  private authPending: Promise<Headers> | undefined;
  private closed = false;
  /** Requests (not streams) sent and not yet over, and who waits for the last one (close). */
  private inFlight = 0;
  private idle: (() => void)[] = [];

  private constructor(
    private readonly kubeConfig: ConnectionConfig,
    /** The server's base URL (`https://127.0.0.1:16443`). */
    readonly server: string,
    private readonly target: Origin,
    private readonly requests: Agent,
    private readonly streams: Agent,
    private readonly options: TransportOptions,
  ) {}

  /** Builds the agents from the kubeconfig's current cluster and user (TLS files are read once here). */
  static async create(kubeConfig: ConnectionConfig, options: TransportOptions = {}): Promise<Transport> {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error('kubeconfig has no current cluster');
    const server = cluster.server.replace(/\/+$/, '');
    const target = origin(server);
    const tls: { ca?: unknown; cert?: unknown; key?: unknown } = {};
    await kubeConfig.applyToHTTPSOptions(tls as never);
    // One secure context for every socket: given `ca`/`cert`/`key`, each TLS connection would
    // parse them into an OpenSSL context of its own (about a MiB of native memory apiece).
    const secureContext = createSecureContext({
      ...(tls.ca ? { ca: tls.ca as Buffer } : {}),
      ...(tls.cert ? { cert: tls.cert as Buffer } : {}),
      ...(tls.key ? { key: tls.key as Buffer } : {}),
    });
    const common = {
      keepAlive: true,
      // An agent's `timeout` is how long a free socket waits for reuse before it is closed
      // (each request sets its own while it uses the socket).
      timeout: options.keepAliveMs ?? 60_000,
      // The most recently used socket first: when the load drops, the sockets left over idle
      // out and close, instead of every socket being kept warm by a round robin.
      scheduling: 'lifo' as const,
      secureContext,
      ...(cluster.skipTLSVerify ? { rejectUnauthorized: false } : {}),
      ...(cluster.tlsServerName ? { servername: cluster.tlsServerName } : {}),
    };
    const requests = new target.protocol.Agent({ ...common, maxSockets: options.maxSockets ?? 32 });
    const streams = new target.protocol.Agent(common);
    return new Transport(kubeConfig, server, target, requests, streams, options);
  }

  /** Sends one request. A 401 refreshes the credentials and retries once (rotated tokens). */
  async send(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed) throw new Error('transport closed');
    let response = await this.attempt(req, await this.credentials(false));
    if (response.statusCode === 401) {
      await response.body.dump();
      response = await this.attempt(req, await this.credentials(true));
    }
    return response;
  }

  /** One HTTP attempt, reported to `onResult` with its status code or `<error>`. */
  private async attempt(req: TransportRequest, auth: Headers): Promise<TransportResponse> {
    const onResult = this.options.onResult;
    if (onResult === undefined) return this.dispatch(req, auth);
    const host = restClientHost(this.server);
    try {
      const response = await this.dispatch(req, auth);
      onResult({ code: restClientCode(response.statusCode), method: req.method, host });
      return response;
    } catch (error) {
      onResult({ code: restClientCode(undefined), method: req.method, host });
      throw error;
    }
  }

  /**
   * Closes the agents: requests in flight are finished first; streams are cut (a watch never
   * finishes by itself, so waiting for it would wait for its server timeout).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.streams.destroy();
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    this.requests.destroy();
  }

  private dispatch(req: TransportRequest, auth: Headers): Promise<TransportResponse> {
    const headers: OutgoingHttpHeaders = requestHeaders(req, auth, this.options);
    const stream = req.stream === true;
    if (!stream) this.inFlight++;
    return exchange({
      agent: stream ? this.streams : this.requests,
      request: this.target.protocol.request,
      hostname: this.target.hostname,
      port: this.target.port,
      method: req.method,
      path: `${this.target.prefix}${req.path}${queryString(req.query)}`,
      headers,
      body: req.body,
      timeoutMs: stream ? 0 : (this.options.requestTimeoutMs ?? 60_000),
      signal: req.signal,
      ...(stream ? {} : { onClose: () => this.requestOver() }),
    });
  }

  private requestOver(): void {
    if (--this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
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
