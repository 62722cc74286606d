// SPDX-License-Identifier: Apache-2.0
// The benchmark's own API client: plain node:https over one keep-alive agent with the kubeconfig's
// client certificate, raw JSON in and out. It counts every request it sends by the verb and
// resource the kube-apiserver records in `apiserver_request_total`, so the harness can subtract
// its own traffic from the server's counters.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { countKey, requestVerb, resourceOfPath, type RequestCounts } from './request-counts.js';

/** How long one request (not a watch) may take before it is abandoned and sent again. */
const REQUEST_TIMEOUT_MS = 120_000;

/** Where the local control plane writes its admin kubeconfig (hack/cluster/versions.sh). */
export function cacheDir(): string {
  const xdg = process.env['XDG_CACHE_HOME'];
  return process.env['KUBETRAIN_CACHE_DIR'] ?? `${xdg ? xdg : `${process.env['HOME']}/.cache`}/kubetrain`;
}

/** The admin kubeconfig of hack/cluster (KUBETRAIN_KUBECONFIG overrides it, as in e2e/support). */
export function kubeconfigPath(): string {
  return process.env['KUBETRAIN_KUBECONFIG'] ?? `${cacheDir()}/cluster/kubeconfig`;
}

/** The kubectl that hack/cluster built (K8S_VERSION of hack/cluster/versions.sh). */
export function kubectlPath(): string {
  const versions = readFileSync(new URL('../../cluster/versions.sh', import.meta.url), 'utf8');
  const version = /^K8S_VERSION=(\S+)/m.exec(versions)?.[1] ?? 'v1.36.3';
  return `${cacheDir()}/bin/kubectl/${version}/kubectl`;
}

/** An HTTP error answered by the API server, with its status code and body. */
export class ApiError extends Error {
  /** @param status HTTP status code. @param body response text (a Status object as JSON). */
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status}: ${body.slice(0, 300)}`);
    this.name = 'ApiError';
  }
}

/** Options of one request. */
export interface RequestOptions {
  method?: string;
  body?: unknown;
  contentType?: string;
  /** Accept header; JSON unless set. */
  accept?: string;
}

/** A minimal client of one API server. */
export class KubeClient {
  /** Requests this client sent, by `verb resource` as the API server counts them. */
  readonly sent: RequestCounts = new Map();
  private readonly agent: Agent;

  private constructor(
    readonly server: string,
    tls: { ca: Buffer; cert: Buffer; key: Buffer },
    maxSockets: number,
  ) {
    this.agent = new Agent({ ...tls, keepAlive: true, maxSockets });
  }

  /** A client from the kubeconfig at `path` (client-certificate auth, as hack/cluster writes it). */
  static fromKubeconfig(path = kubeconfigPath(), maxSockets = 64): KubeClient {
    const view = JSON.parse(
      execFileSync(
        kubectlPath(),
        ['--kubeconfig', path, 'config', 'view', '--raw', '--minify', '-o', 'json'],
        {
          encoding: 'utf8',
        },
      ),
    ) as KubeconfigView;
    const cluster = view.clusters[0]?.cluster;
    const user = view.users[0]?.user;
    if (
      !cluster ||
      !user?.['client-certificate'] ||
      !user['client-key'] ||
      !cluster['certificate-authority']
    ) {
      throw new Error(`${path}: expected a cluster with certificate-authority and a client-certificate user`);
    }
    return new KubeClient(
      cluster.server,
      {
        ca: readFileSync(cluster['certificate-authority']),
        cert: readFileSync(user['client-certificate']),
        key: readFileSync(user['client-key']),
      },
      maxSockets,
    );
  }

  /** Sends one request and returns the parsed JSON body (or the text when it is not JSON). */
  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const text = await this.raw(path, options);
    return (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T;
  }

  /**
   * Sends one request and returns the body as text; non-2xx answers throw {@link ApiError}.
   * A request that fails on the connection (the server closed a pooled keep-alive socket:
   * "socket hang up", ECONNRESET) is sent again, up to 4 times; a POST whose retry finds the
   * object already there (409) counts as created.
   */
  async raw(path: string, options: RequestOptions = {}): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(path, options);
      } catch (error) {
        if (error instanceof ApiError) {
          if (attempt > 0 && error.status === 409 && (options.method ?? 'GET') === 'POST') return error.body;
          throw error;
        }
        if (attempt >= 4) throw error;
        await sleep(100 * 2 ** attempt);
      }
    }
  }

  private once(path: string, options: RequestOptions): Promise<string> {
    const method = options.method ?? 'GET';
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    this.count(method, path, options.contentType);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.server}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            accept: options.accept ?? 'application/json',
            'user-agent': 'kubetrain-bench',
            ...(payload === undefined
              ? {}
              : {
                  'content-type': options.contentType ?? 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(text);
            else reject(new ApiError(status, text, `${method} ${path}`));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      // The API server ends its own requests after 60 s; a request that outlives twice that is lost.
      req.setTimeout(REQUEST_TIMEOUT_MS, () =>
        req.destroy(new Error(`${method} ${path}: no answer after ${REQUEST_TIMEOUT_MS} ms`)),
      );
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /**
   * Opens a watch (`path` with `watch=1`) and calls `onEvent` for every event line, stamped with
   * `performance.now()` when the line arrived. When the server ends it (its timeout, or a cacher
   * closing a watcher it finds too slow on a saturated machine), it is opened again from the last
   * resourceVersion seen, so no event is lost (only stamped later); a resume the server refuses
   * (410 Gone) is reported. `metadataOnly`: the objects as PartialObjectMetadata (less to send and
   * parse). Resolves with a function that closes it.
   */
  async watch(
    path: string,
    onEvent: (event: WatchEvent, at: number) => void,
    { metadataOnly = false } = {},
  ): Promise<() => void> {
    const accept = metadataOnly
      ? 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json'
      : 'application/json';
    let lastVersion: string | undefined;
    let closed = false;
    let current: ClientRequest | undefined;
    const open = (resume: boolean): Promise<void> => {
      const query =
        resume && lastVersion
          ? `&allowWatchBookmarks=true&resourceVersion=${lastVersion}`
          : '&allowWatchBookmarks=true';
      this.count('GET', path);
      return new Promise((resolve, reject) => {
        const req = request(
          `${this.server}${path}${query}`,
          { agent: this.agent, headers: { accept } },
          (res) => {
            if (res.statusCode !== 200) {
              reject(new ApiError(res.statusCode ?? 0, '', `WATCH ${path}`));
              res.resume();
              return;
            }
            let buffered = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              const at = performance.now();
              buffered += chunk;
              let nl: number;
              while ((nl = buffered.indexOf('\n')) >= 0) {
                const line = buffered.slice(0, nl);
                buffered = buffered.slice(nl + 1);
                if (!line.trim()) continue;
                const event = JSON.parse(line) as WatchEvent;
                if (event.type === 'ERROR') {
                  console.error(
                    `  harness watch ${path}: ${JSON.stringify(event.object).slice(0, 200)}: later events are missed`,
                  );
                  closed = true;
                  continue;
                }
                lastVersion = event.object.metadata.resourceVersion ?? lastVersion;
                if (event.type !== 'BOOKMARK') onEvent(event, at);
              }
            });
            res.on('error', () => undefined);
            res.on('close', () => {
              if (closed) return;
              console.error(
                `  harness watch ${path} ended by the server; resumed at resourceVersion ${lastVersion}`,
              );
              open(true).catch((e: unknown) => {
                console.error(
                  `  harness watch ${path} could not resume: ${String(e)}; later events are missed`,
                );
              });
            });
            resolve();
          },
        );
        current = req;
        req.on('error', (e) => reject(e));
        req.end();
      });
    };
    await open(false);
    return () => {
      closed = true;
      current?.destroy();
    };
  }

  /** Closes the pooled connections. */
  close(): void {
    this.agent.destroy();
  }

  private count(method: string, path: string, contentType?: string): void {
    const resource = resourceOfPath(path);
    if (!resource) return; // non-resource paths (/metrics, /readyz) are not in the counter we read
    const key = countKey(requestVerb(method, path, contentType), resource.resource);
    this.sent.set(key, (this.sent.get(key) ?? 0) + 1);
  }
}

/** One line of a watch stream. */
export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: KubeObject;
}

/** The fields of an object the benchmark reads. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
    ownerReferences?: { kind: string; name: string; uid: string }[];
    [key: string]: unknown;
  };
  status?: { conditions?: { type: string; status: string; reason?: string }[]; [key: string]: unknown };
  [key: string]: unknown;
}

interface KubeconfigView {
  clusters: { cluster: { server: string; 'certificate-authority'?: string } }[];
  users: { user: { 'client-certificate'?: string; 'client-key'?: string } }[];
}
