// SPDX-License-Identifier: Apache-2.0
/**
 * A workqueue of keys with client-go's semantics, and its workers:
 *
 * - a key is queued at most once (dedup), however often it is added;
 * - a key is never worked on by two workers at once: added while in flight, it is marked dirty
 *   and queued again when the worker finishes;
 * - per-key exponential back-off with jitter for failures (`addRateLimited`, reset by `forget`),
 *   and delayed adds (`addAfter`, the earliest deadline wins);
 * - two lanes: keys added with `addLow` wait behind every key added with `add` (the jobs a
 *   restarted manager lists, reconciled before, must not delay a new job); `add` of a key waiting
 *   in the low lane moves it to the normal one;
 * - at most `concurrency` keys in flight (default 16, where controller-runtime defaults to 1);
 * - an optional global token bucket on dispatch (off by default: the API server's priority and
 *   fairness is the limit, as in controller-runtime, Kueue and JobSet);
 * - `shutdown()` stops dispatching and resolves when in-flight work has finished.
 */
import type { Logger } from '@kubetrain/log';
import { backoffDelay, type BackoffOptions, type Random } from './backoff.js';
import { setLongTimeout, type LongTimer } from './long-timer.js';
import type { WorkQueueMetrics } from './metrics.js';
import { TokenBucket } from './token-bucket.js';

/** What a worker returns for a key. */
export interface ProcessResult {
  /** Process the key again after this many ms (the back-off is reset, as for a success). */
  requeueAfterMs?: number;
}

/**
 * Works on one key. Resolving means success (the key's back-off is forgotten); throwing means
 * retry with back-off (`addRateLimited`). Errors that must not be retried are the caller's to
 * catch and resolve.
 */
export type KeyProcessor = (key: string) => Promise<ProcessResult | void>;

/** Options of a {@link WorkQueue}. */
export interface WorkQueueOptions {
  /** Name in metrics and logs. Default `queue`. */
  name?: string;
  /** Most keys in flight at once. Default 16. */
  concurrency?: number;
  /** Per-key back-off of `addRateLimited`. Default 5 ms → 1000 s, factor 2 (controller-runtime's), jitter 0.1. */
  backoff?: BackoffOptions;
  /** A global limit on how many keys are dispatched per second. Default: none. */
  rateLimit?: { qps: number; burst: number };
  metrics?: WorkQueueMetrics;
  /** Where failures of the processor are logged (at debug level: the caller counts them). */
  logger?: Logger;
  /** Called with each error the processor throws (after the key was re-added with back-off). */
  onError?: (key: string, error: unknown) => void;
  random?: Random;
}

const defaultBackoff: BackoffOptions = { initialMs: 5, maxMs: 1_000_000, factor: 2, jitter: 0.1 };

/** See the module comment. */
export class WorkQueue {
  /** Keys ready to be dispatched, FIFO; `head` is the next one. */
  private queue: string[] = [];
  private head = 0;
  /** The low lane ({@link WorkQueue.addLow}), FIFO; entries not in `lowKeys` were moved out. */
  private lowQueue: string[] = [];
  private lowHead = 0;
  /** Keys waiting in the low lane (or dirty in flight, to be queued there again). */
  private readonly lowKeys = new Set<string>();
  /** Keys that need processing: queued, or re-added while in flight. */
  private readonly dirty = new Set<string>();
  /** Keys in flight, with when their work started (performance.now()). */
  private readonly processing = new Map<string, number>();
  /** When each queued key was queued (for the queue-latency metric). */
  private readonly queuedAt = new Map<string, number>();
  private readonly delayed = new Map<string, { due: number; timer: LongTimer }>();
  private readonly failures = new Map<string, number>();
  private readonly bucket: TokenBucket | undefined;
  private bucketTimer: LongTimer | undefined;
  private processor: KeyProcessor | undefined;
  private closing = false;
  private drained: (() => void) | undefined;
  private readonly name: string;
  private readonly concurrency: number;

  constructor(private readonly options: WorkQueueOptions = {}) {
    this.name = options.name ?? 'queue';
    this.concurrency = options.concurrency ?? 16;
    if (!(this.concurrency >= 1))
      throw new RangeError(`workqueue: concurrency must be >= 1 (got ${this.concurrency})`);
    this.bucket = options.rateLimit
      ? new TokenBucket(options.rateLimit.qps, options.rateLimit.burst)
      : undefined;
  }

  /** Queues `key` unless it is already queued; a key in flight is queued again when it finishes. */
  add(key: string): void {
    if (this.closing) return;
    this.options.metrics?.added?.(this.name);
    if (this.lowKeys.delete(key)) {
      // Waiting in the low lane (or dirty in flight): to the normal lane, keeping its queued time.
      if (!this.processing.has(key)) this.queue.push(key);
      this.pump();
      return;
    }
    if (this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.push(key);
    this.pump();
  }

  /**
   * Queues `key` in the low lane unless it is already queued: it is dispatched only when no key
   * added with {@link WorkQueue.add} waits. For work that may wait (the jobs a restarted manager
   * lists), so that it never delays what may not (a new job).
   */
  addLow(key: string): void {
    if (this.closing) return;
    this.options.metrics?.added?.(this.name);
    if (this.dirty.has(key)) return;
    this.dirty.add(key);
    this.lowKeys.add(key);
    if (this.processing.has(key)) return;
    this.pushLow(key);
    this.pump();
  }

  /**
   * Queues `key` after `ms`, however long (a timer of any length: {@link setLongTimeout}); if it is
   * already waiting, the earlier deadline wins. `ms <= 0` adds now; `Infinity` never adds.
   */
  addAfter(key: string, ms: number): void {
    if (this.closing) return;
    if (ms <= 0) return this.add(key);
    const due = performance.now() + ms;
    const waiting = this.delayed.get(key);
    if (waiting) {
      if (waiting.due <= due) return;
      waiting.timer.clear();
    }
    const timer = setLongTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, ms);
    this.delayed.set(key, { due, timer });
  }

  /** Queues `key` after its back-off (which grows with each call until {@link WorkQueue.forget}). */
  addRateLimited(key: string): void {
    if (this.closing) return;
    const attempt = this.failures.get(key) ?? 0;
    this.failures.set(key, attempt + 1);
    this.options.metrics?.retried?.(this.name);
    this.addAfter(key, backoffDelay(this.options.backoff ?? defaultBackoff, attempt, this.options.random));
  }

  /** Resets `key`'s back-off (after a success). Does not remove it from the queue. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  /** How many times `key` was re-added with back-off since it was last forgotten. */
  retries(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Keys waiting to be dispatched (not delayed, not in flight). */
  get length(): number {
    return this.queue.length - this.head + this.waitingLow;
  }

  /** Keys waiting in the low lane. */
  get lowLength(): number {
    return this.waitingLow;
  }

  /** Low-lane keys not in flight (a key dirty in flight is in `lowKeys` but not in the lane). */
  private get waitingLow(): number {
    let inFlight = 0;
    if (this.processing.size < this.lowKeys.size) {
      for (const key of this.processing.keys()) if (this.lowKeys.has(key)) inFlight++;
    } else {
      for (const key of this.lowKeys) if (this.processing.has(key)) inFlight++;
    }
    return this.lowKeys.size - inFlight;
  }

  /** Keys being worked on now. */
  get inFlight(): number {
    return this.processing.size;
  }

  /**
   * How long, in seconds at `now` (performance.now()), each key in flight has been worked on: their
   * sum is client-go's `workqueue_unfinished_work_seconds`, their maximum
   * `workqueue_longest_running_processor_seconds` (computed when read, not on a timer).
   */
  inFlightSeconds(now = performance.now()): number[] {
    return [...this.processing.values()].map((started) => Math.max(0, (now - started) / 1000));
  }

  /** Keys waiting for their delay (`addAfter`, back-off). */
  get delayedCount(): number {
    return this.delayed.size;
  }

  /** Whether {@link WorkQueue.shutdown} was called. */
  get shuttingDown(): boolean {
    return this.closing;
  }

  /** Starts dispatching keys to `processor`, at most `concurrency` at a time. Call once. */
  start(processor: KeyProcessor): void {
    if (this.processor) throw new Error(`workqueue ${this.name}: already started`);
    this.processor = processor;
    this.pump();
  }

  /**
   * Stops: no more adds or dispatches, delayed keys are dropped, and the returned promise
   * resolves when every key in flight has finished (graceful shutdown of the manager).
   */
  shutdown(): Promise<void> {
    this.closing = true;
    for (const { timer } of this.delayed.values()) timer.clear();
    this.delayed.clear();
    this.bucketTimer?.clear();
    this.queue = [];
    this.head = 0;
    this.lowQueue = [];
    this.lowHead = 0;
    this.lowKeys.clear();
    this.queuedAt.clear();
    this.options.metrics?.depth?.(this.name, 0);
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drained = resolve));
  }

  private push(key: string): void {
    this.queue.push(key);
    this.queuedAt.set(key, performance.now());
    this.options.metrics?.depth?.(this.name, this.length);
  }

  private pushLow(key: string): void {
    this.lowQueue.push(key);
    this.queuedAt.set(key, performance.now());
    this.options.metrics?.depth?.(this.name, this.length);
  }

  /** The next key: the normal lane's first, else the low lane's (skipping keys moved out of it). */
  private take(): string {
    if (this.head < this.queue.length) {
      const key = this.queue[this.head++]!;
      // Compact now and then, so the array does not grow without bound.
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      return key;
    }
    for (;;) {
      const key = this.lowQueue[this.lowHead++]!;
      if (this.lowHead > 1024 && this.lowHead * 2 > this.lowQueue.length) {
        this.lowQueue = this.lowQueue.slice(this.lowHead);
        this.lowHead = 0;
      }
      // An entry left behind when `add` moved its key out is stale; so is one of a key in flight
      // (re-added low while it runs: `done` queues it again).
      if (!this.processing.has(key) && this.lowKeys.delete(key)) return key;
    }
  }

  /** Dispatches queued keys while workers and tokens are free. */
  private pump(): void {
    const processor = this.processor;
    if (!processor || this.closing) return;
    while (this.processing.size < this.concurrency && this.length > 0) {
      if (this.bucket && !this.bucket.tryTake()) {
        // A timer of any length: a tiny qps makes the wait for one token as long as it likes.
        this.bucketTimer ??= setLongTimeout(
          () => {
            this.bucketTimer = undefined;
            this.pump();
          },
          Math.max(1, this.bucket.waitMs()),
        );
        return;
      }
      const key = this.take();
      this.dirty.delete(key);
      this.processing.set(key, performance.now());
      const queued = this.queuedAt.get(key);
      this.queuedAt.delete(key);
      const metrics = this.options.metrics;
      metrics?.depth?.(this.name, this.length);
      if (queued !== undefined) metrics?.queueLatency?.(this.name, (performance.now() - queued) / 1000);
      metrics?.activeWorkers?.(this.name, this.processing.size);
      void this.work(processor, key);
    }
  }

  private async work(processor: KeyProcessor, key: string): Promise<void> {
    const started = this.processing.get(key) ?? performance.now();
    try {
      const result = await processor(key);
      this.forget(key);
      if (result?.requeueAfterMs !== undefined) this.addAfter(key, result.requeueAfterMs);
    } catch (error) {
      this.addRateLimited(key);
      this.options.logger?.debug('Work item failed; requeued with back-off', {
        queue: this.name,
        key,
        error,
      });
      try {
        this.options.onError?.(key, error);
      } catch {
        // A failing error hook must not take the worker down; the key is already re-queued.
      }
    } finally {
      this.done(key, started);
    }
  }

  private done(key: string, started: number): void {
    this.processing.delete(key);
    const metrics = this.options.metrics;
    metrics?.workDuration?.(this.name, (performance.now() - started) / 1000);
    metrics?.activeWorkers?.(this.name, this.processing.size);
    if (this.closing) {
      if (this.processing.size === 0) this.drained?.();
      return;
    }
    if (this.dirty.has(key)) {
      if (this.lowKeys.has(key)) this.pushLow(key);
      else this.push(key);
    }
    this.pump();
  }
}
