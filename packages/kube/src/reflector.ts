// SPDX-License-Identifier: Apache-2.0
/**
 * A reflector of our own (design decision 2; client-go's Reflector, not client-node's informer):
 * list, then WATCH from the list's resourceVersion with bookmarks, forever:
 *
 * - every list (the first, and the relist after a 410) is a consistent read. It is streamed, as
 *   client-go's WatchListClient does (KEP-3157): one WATCH with `sendInitialEvents=true` whose
 *   ADDED events are the collection, one object at a time, until the BOOKMARK annotated
 *   `k8s.io/initial-events-end`; the same stream then goes on as the watch. The API server
 *   serves it from its watch cache, and no page of objects is ever held whole;
 * - a streaming list that fails before its bookmark is retried with back-off, as a failed LIST is.
 *   A server that does not stream lists (it refuses the request with 400/422, its WatchList
 *   feature being off, or ignores `sendInitialEvents`) is LISTed instead, from then on, paginated
 *   with `limit`/`continue` and fed to the store page by page (never two copies of the world);
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
import { INITIAL_EVENTS_END, type WatchEvent } from './request-options.js';
import { ApiError, isGone } from './errors.js';
import { MAX_TIMER_MS } from './long-timer.js';
import type { ListReason, ReflectorMetrics, WatchRestartReason } from './metrics.js';
import type { KubeObject } from './object.js';
import type { ResourceRef } from './resource.js';
import { sleep } from './sleep.js';
import type { Replacement, Store } from './store.js';
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
  /**
   * Lists by streaming (a WATCH with `sendInitialEvents`, see the module comment). Default true;
   * false: always a paginated LIST.
   */
  streamingList?: boolean;
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

/** A list in progress: streamed into `replacement` until the initial-events bookmark. */
interface Listing<T extends KubeObject> {
  readonly reason: ListReason;
  readonly replacement: Replacement<T>;
  readonly started: number;
  count: number;
  done: boolean;
  /** A plain bookmark came first: the server ignored `sendInitialEvents`. */
  unsupported: boolean;
}

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
  private streamed = 0;
  private pages = 0;
  private restarts = 0;
  /** Whether lists are streamed: the option, until the server refuses a streaming list. */
  private streaming: boolean;

  constructor(private readonly options: ReflectorOptions<T>) {
    this.name = options.name ?? options.resource.resource;
    const user = options.transform;
    this.transform = user
      ? (object) => user(stripManagedFields(object))
      : (object) => stripManagedFields(object) as T;
    this.backoff = new Backoff(options.backoff ?? defaultBackoff, options.random);
    this.synced = new Promise((resolve) => (this.resolveSynced = resolve));
    this.streaming = options.streamingList ?? true;
  }

  /** Whether the first LIST is in the store. */
  get hasSynced(): boolean {
    return this.isSynced;
  }

  /** The last resourceVersion seen (from a LIST, an event or a bookmark). */
  get resourceVersion(): string | undefined {
    return this.rv;
  }

  /** Since start: lists completed (streamed or paged), of them streamed, LIST pages read, and watch restarts. */
  get stats(): { lists: number; streamed: number; pages: number; watchRestarts: number } {
    return { lists: this.lists, streamed: this.streamed, pages: this.pages, watchRestarts: this.restarts };
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
        let watched: { end: WatchEnd; events: number } | undefined;
        if (listReason && this.streaming) {
          const streamed = await this.streamList(listReason);
          if (this.stopped) break;
          if (streamed.listed) {
            listReason = undefined;
            failedBefore = false;
          }
          // Before the list: a failed list (back-off, then again); after it: the watch's failure.
          if (streamed.error !== undefined) throw streamed.error;
          watched = streamed.watched;
        }
        if (listReason) {
          this.rv = await this.list(listReason);
          listReason = undefined;
          failedBefore = false;
        }
        const { end, events } = watched ?? (await this.watchOnce(this.rv));
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
   * A streaming list, then the watch it becomes. `listed`: the list is in the store; `watched` is
   * how the stream ended, or `error` how it failed afterwards (the watch's failure). Not listed
   * with an `error`: it failed before its bookmark, as a LIST may fail (the caller backs off and
   * tries again). Not listed, no error: the server does not stream lists (it refused the request
   * with 400/422, or sent a plain bookmark or ended the stream before the initial-events one);
   * streaming is off for good and the caller LISTs at once.
   */
  private async streamList(
    reason: ListReason,
  ): Promise<{ listed: boolean; watched?: { end: WatchEnd; events: number }; error?: unknown }> {
    const listing: Listing<T> = {
      reason,
      replacement: this.options.store.beginReplace(),
      started: performance.now(),
      count: 0,
      done: false,
      unsupported: false,
    };
    try {
      const watched = await this.watchOnce(undefined, listing);
      if (listing.done || this.stopped) return { listed: listing.done, watched };
      this.streamingOff(
        listing.unsupported
          ? 'a bookmark came before the initial events ended'
          : 'the stream ended before its initial events',
      );
    } catch (error) {
      if (listing.done || this.stopped) return { listed: listing.done, error };
      if (!(error instanceof ApiError && (error.code === 400 || error.code === 422)))
        return { listed: false, error };
      this.streamingOff(error);
    }
    return { listed: false };
  }

  /** The server does not stream lists: from now on this reflector LISTs with pages. */
  private streamingOff(why: unknown): void {
    this.streaming = false;
    this.options.logger?.warn('The API server does not stream lists; listing with pages instead', {
      resource: this.name,
      ...(why instanceof Error ? { error: why } : { reason: why }),
    });
  }

  /** The listing's bookmark came: the list is in the store, as a paged LIST's finish. */
  private listed(listing: Listing<T>): void {
    listing.replacement.finish();
    listing.done = true;
    this.streamed++;
    this.completed(listing.reason, listing.count, listing.started);
  }

  /** Counts a completed list (streamed or paged), and resolves {@link synced} the first time. */
  private completed(reason: ListReason, count: number, started: number): void {
    this.lists++;
    this.options.metrics?.listed?.(this.name, reason, count, (performance.now() - started) / 1000);
    this.backoff.reset();
    if (!this.isSynced) {
      this.isSynced = true;
      this.resolveSynced();
    }
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
    this.completed(reason, count, started);
    return rv;
  }

  /**
   * One watch until it ends, from `rv`, or (with `listing`) a streaming list that goes on as the
   * watch; events go to the store; throws the stream's error.
   */
  private async watchOnce(
    rv: string | undefined,
    listing?: Listing<T>,
  ): Promise<{ end: WatchEnd; events: number }> {
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
        // A streaming list is a consistent read: no resourceVersion, NotOlderThan (KEP-3157).
        ...(listing !== undefined
          ? { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' as const }
          : { resourceVersion: rv }),
        allowWatchBookmarks: true,
        timeoutSeconds: jitteredSeconds(min, max, this.options.random),
        signal,
      });
      for await (const event of events as AsyncIterable<WatchEvent>) {
        watchdog.refresh();
        count++;
        this.options.metrics?.event?.(this.name, event.type);
        const version = event.object?.metadata?.resourceVersion;
        if (listing !== undefined && !listing.done) {
          // The initial events: the collection, one object at a time, until the bookmark.
          // Their resourceVersions come in key order: the bookmark's alone is the list's.
          if (event.type === 'ADDED' || event.type === 'MODIFIED') {
            listing.replacement.add([this.transform(event.object)]);
            listing.count++;
          } else if (event.type === 'DELETED') store.remove(this.transform(event.object));
          else if (event.object?.metadata?.annotations?.[INITIAL_EVENTS_END] !== 'true') {
            listing.unsupported = true;
            break;
          } else {
            if (version) this.rv = version;
            this.listed(listing);
          }
          continue;
        }
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
