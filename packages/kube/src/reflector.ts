// SPDX-License-Identifier: Apache-2.0
/**
 * A reflector of our own (design decision 2; client-go's Reflector, not client-node's informer):
 * LIST, then WATCH from the list's resourceVersion with bookmarks, forever:
 *
 * - every LIST (the first, and the relist after a 410) is a consistent read, paginated with
 *   `limit`/`continue`, fed to the store page by page (never two copies of the world);
 * - the watch asks for bookmarks and a server timeout jittered over 5–10 minutes; a stream the
 *   server closes is resumed from the last resourceVersion at once;
 * - 410 Gone / Expired (from the response or an ERROR event) relists;
 * - any other failure, and a watch quiet for `idleTimeoutMs` (no event, no bookmark: a half-open
 *   connection), restarts with jittered exponential back-off;
 * - it stops only when {@link Reflector.stop} is called.
 */
import type { Logger } from '@kubetrain/log';
import { Backoff, jitteredSeconds, type BackoffOptions, type Random } from './backoff.js';
import type { KubeClient } from './client.js';
import type { WatchEvent } from './request-options.js';
import { isGone } from './errors.js';
import { MAX_TIMER_MS } from './long-timer.js';
import type { ListReason, ReflectorMetrics, WatchRestartReason } from './metrics.js';
import type { KubeObject } from './object.js';
import type { ResourceRef } from './resource.js';
import { sleep } from './sleep.js';
import type { Store } from './store.js';
import { stripManagedFields, type Transform } from './transform.js';

/** Options of a {@link Reflector}. */
export interface ReflectorOptions<T extends KubeObject> {
  client: KubeClient;
  resource: ResourceRef;
  /** Receives every object, transformed. */
  store: Store<T>;
  /** Name in logs and metrics. Default: the plural resource. */
  name?: string;
  /** Only this namespace (default: all namespaces). */
  namespace?: string;
  /** Server-side label selector; Secrets and ConfigMaps must always have one (design decision 4). */
  labelSelector?: string;
  /** Server-side field selector. */
  fieldSelector?: string;
  /** Ask the server for metadata only (PartialObjectMetadata): no data or spec travels at all. */
  metadataOnly?: boolean;
  /** What the store keeps of each object; managedFields are stripped before it runs, always. */
  transform?: Transform<T>;
  /** Page size of consistent LISTs. Default 500. */
  pageSize?: number;
  /** Server-side watch timeout drawn from [min, max] seconds per watch. Default [300, 600] (client-go). */
  watchTimeoutSeconds?: readonly [number, number];
  /**
   * A watch that delivers nothing (not even a bookmark) for this long is aborted and restarted,
   * in ms. Must exceed the server's bookmark interval (about a minute). Default 150 000.
   */
  idleTimeoutMs?: number;
  /** Back-off of restarts after failures. Default 800 ms → 30 s, factor 2, jitter 0.5 (client-go's). */
  backoff?: BackoffOptions;
  /**
   * Watch from this resourceVersion first, without listing: for a store filled elsewhere, or to
   * provoke the 410 path. Until a LIST completes, {@link Reflector.synced} stays pending.
   */
  resumeFrom?: string;
  metrics?: ReflectorMetrics;
  logger?: Logger;
  /** Random source for jitter; injected for tests. */
  random?: Random;
}

const defaultBackoff: BackoffOptions = { initialMs: 800, maxMs: 30_000, factor: 2, jitter: 0.5 };

/** Why one watch ended without an error. */
type WatchEnd = 'closed' | 'idle' | 'stopped';

/** Keeps a {@link Store} in step with one resource of the API server; see the module comment. */
export class Reflector<T extends KubeObject = KubeObject> {
  /** Resolves once the first LIST is in the store (never rejects: failures are retried). */
  readonly synced: Promise<void>;
  private resolveSynced!: () => void;
  private isSynced = false;
  private rv: string | undefined;
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  private readonly name: string;
  private readonly transform: Transform<T>;
  private readonly backoff: Backoff;
  private lists = 0;
  private pages = 0;
  private restarts = 0;

  constructor(private readonly options: ReflectorOptions<T>) {
    this.name = options.name ?? options.resource.resource;
    const user = options.transform;
    this.transform = user
      ? (object) => user(stripManagedFields(object))
      : (object) => stripManagedFields(object) as T;
    this.backoff = new Backoff(options.backoff ?? defaultBackoff, options.random);
    this.synced = new Promise((resolve) => (this.resolveSynced = resolve));
  }

  /** Whether the first LIST is in the store. */
  get hasSynced(): boolean {
    return this.isSynced;
  }

  /** The last resourceVersion seen (from a LIST, an event or a bookmark). */
  get resourceVersion(): string | undefined {
    return this.rv;
  }

  /** Since start: LISTs completed, LIST pages read, and watch restarts. */
  get stats(): { lists: number; pages: number; watchRestarts: number } {
    return { lists: this.lists, pages: this.pages, watchRestarts: this.restarts };
  }

  /** Starts the loop in the background (idempotent). */
  start(): this {
    this.running ??= this.run();
    return this;
  }

  /** Stops the loop: aborts the watch (or the LIST in progress), waits until the loop has ended. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    const log = this.options.logger;
    let listReason: ListReason | undefined = this.options.resumeFrom === undefined ? 'initial' : undefined;
    this.rv = this.options.resumeFrom;
    let failedBefore = false;
    while (!this.stopped) {
      try {
        if (listReason) {
          this.rv = await this.list(listReason);
          listReason = undefined;
          failedBefore = false;
        }
        const { end, events } = await this.watchOnce(this.rv!);
        if (end === 'stopped') break;
        this.restarted(end);
        failedBefore = false;
        // An idle stream may sit on a dead connection, and one that closes without a single event
        // may be refused over and over: both wait a (jittered) moment; a normal close resumes at once.
        if (end === 'idle' || events === 0) await sleep(this.backoff.next(), this.stopping.signal);
      } catch (error) {
        if (this.stopped) break;
        if (isGone(error)) {
          // client-go: an expired resourceVersion (or continue token) means a consistent relist,
          // at once the first time.
          log?.debug('Watch resourceVersion expired; relisting', {
            resource: this.name,
            resourceVersion: this.rv,
          });
          if (listReason === undefined) this.restarted('gone');
          listReason = 'gone';
        } else {
          log?.warn('Reflector request failed; retrying with back-off', { resource: this.name, error });
          // A failed watch resumes from the last resourceVersion; a failed list is retried as it was.
          this.options.metrics?.failed?.(this.name, listReason === undefined ? 'watch' : 'list', error);
          if (listReason === undefined) this.restarted('error');
        }
        if (failedBefore || !isGone(error)) await sleep(this.backoff.next(), this.stopping.signal);
        failedBefore = true;
      }
    }
  }

  private restarted(reason: WatchRestartReason): void {
    this.restarts++;
    this.options.metrics?.watchRestarted?.(this.name, reason);
  }

  /**
   * Lists every page into the store as it arrives (a page's objects replace their old versions,
   * keys no page listed are removed at the end: never two copies of the world), and returns the
   * list's resourceVersion. Every LIST is consistent and paginated with `limit`/`continue`: since
   * Kubernetes 1.31 (ConsistentListFromCache) and 1.33 (ListFromCacheSnapshot) the API server
   * serves such pages from its watch cache, whereas `resourceVersion=0` would ignore the limit and
   * send the whole collection in one body.
   */
  private async list(reason: ListReason): Promise<string> {
    const { client, resource, namespace, labelSelector, fieldSelector, metadataOnly } = this.options;
    const started = performance.now();
    const replacement = this.options.store.beginReplace();
    let count = 0;
    let cont: string | undefined;
    let rv = '';
    do {
      const page = await client.list(resource, {
        namespace,
        labelSelector,
        fieldSelector,
        metadataOnly,
        signal: this.stopping.signal,
        limit: this.options.pageSize ?? 500,
        ...(cont ? { continue: cont } : {}),
      });
      this.pages++;
      count += page.items.length;
      replacement.add(page.items.map((item) => this.transform(item)));
      cont = page.metadata.continue || undefined;
      rv = page.metadata.resourceVersion ?? rv;
    } while (cont && !this.stopped);
    if (this.stopped) return rv;
    replacement.finish();
    this.lists++;
    this.options.metrics?.listed?.(this.name, reason, count, (performance.now() - started) / 1000);
    this.backoff.reset();
    if (!this.isSynced) {
      this.isSynced = true;
      this.resolveSynced();
    }
    return rv;
  }

  /** One watch from `rv` until it ends; events go to the store; throws the stream's error. */
  private async watchOnce(rv: string): Promise<{ end: WatchEnd; events: number }> {
    const { client, resource, namespace, labelSelector, fieldSelector, metadataOnly, store } = this.options;
    const [min, max] = this.options.watchTimeoutSeconds ?? [300, 600];
    // Ends the watch on stop() (also when stop() came before this watch began) or when idle.
    const idleAbort = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, idleAbort.signal]);
    let idle = false;
    let count = 0;
    // The idle timeout is clamped to one Node timer (about 24.8 days; a longer one would fire at
    // once): a watch quiet that long is dead by any measure. (refresh() needs a plain timer.)
    const watchdog = setTimeout(
      () => {
        idle = true;
        idleAbort.abort();
      },
      Math.min(this.options.idleTimeoutMs ?? 150_000, MAX_TIMER_MS),
    );
    try {
      const events = client.watch(resource, {
        namespace,
        labelSelector,
        fieldSelector,
        metadataOnly,
        resourceVersion: rv,
        allowWatchBookmarks: true,
        timeoutSeconds: jitteredSeconds(min, max, this.options.random),
        signal,
      });
      for await (const event of events as AsyncIterable<WatchEvent>) {
        watchdog.refresh();
        count++;
        this.options.metrics?.event?.(this.name, event.type);
        const version = event.object?.metadata?.resourceVersion;
        if (event.type === 'ADDED' || event.type === 'MODIFIED') store.upsert(this.transform(event.object));
        else if (event.type === 'DELETED') store.remove(this.transform(event.object));
        if (version) this.rv = version;
        this.backoff.reset();
      }
    } finally {
      clearTimeout(watchdog);
    }
    return { end: this.stopped ? 'stopped' : idle ? 'idle' : 'closed', events: count };
  }
}
