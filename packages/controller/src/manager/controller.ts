// SPDX-License-Identifier: Apache-2.0
// One controller: a work queue of keys, its workers, and the reconcile metrics and error logs
// controller-runtime keeps for each controller.

import type { Logger } from '@kubetrain/log';
import { WorkQueue, type WorkQueueMetrics } from '../cluster/kube.js';
import type { ManagerMetrics } from '../metrics/metrics.js';

/** A reconcile of one key: resolve (optionally asking for a later requeue) or throw to retry with back-off. */
export type Reconcile = (key: string) => Promise<{ requeueAfterMs?: number }>;

/** The work-queue hooks that feed controller-runtime's workqueue metrics for `controller`. */
function queueMetrics(metrics: ManagerMetrics, controller: string): WorkQueueMetrics {
  const labels = { name: controller, controller };
  return {
    depth: (_name, depth) => metrics.queueDepth.set(labels, depth),
    added: () => metrics.queueAdds.inc(labels),
    queueLatency: (_name, seconds) => metrics.queueDuration.observe(labels, seconds),
    workDuration: (_name, seconds) => metrics.workDuration.observe(labels, seconds),
    retried: () => metrics.queueRetries.inc(labels),
    activeWorkers: (_name, active) => metrics.activeWorkers.set({ controller }, active),
  };
}

/** A named controller with `workers` concurrent reconciles; never two for the same key. */
export class Controller {
  private readonly queue: WorkQueue;

  constructor(
    readonly name: string,
    private readonly reconcile: Reconcile,
    workers: number,
    private readonly metrics: ManagerMetrics,
    private readonly logger: Logger,
  ) {
    metrics.maxConcurrentReconciles.set({ controller: name }, workers);
    metrics.activeWorkers.set({ controller: name }, 0);
    this.queue = new WorkQueue({ name, concurrency: workers, metrics: queueMetrics(metrics, name), logger });
    metrics.collectWorkQueue(name, () => this.queue.inFlightSeconds());
  }

  /** Queues `key` (deduplicated). */
  enqueue(key: string): void {
    this.queue.add(key);
  }

  /** Queues `key` behind every key queued with {@link Controller.enqueue} (work that may wait). */
  enqueueLow(key: string): void {
    this.queue.addLow(key);
  }

  /** Queues `key` after `ms`. */
  enqueueAfter(key: string, ms: number): void {
    this.queue.addAfter(key, ms);
  }

  /** Keys waiting now. */
  get depth(): number {
    return this.queue.length;
  }

  /** Starts the workers. */
  start(): void {
    this.queue.start(async (key) => {
      const started = performance.now();
      try {
        const result = await this.reconcile(key);
        const seconds = (performance.now() - started) / 1000;
        this.metrics.observeReconcile(
          this.name,
          result.requeueAfterMs !== undefined ? 'requeue_after' : 'success',
          seconds,
        );
        return result;
      } catch (error) {
        this.metrics.observeReconcile(this.name, 'error', (performance.now() - started) / 1000);
        this.logger.error('Reconciler error', { controller: this.name, key, error });
        throw error;
      }
    });
  }

  /** Stops taking keys; resolves when the reconciles in flight have finished. */
  stop(): Promise<void> {
    return this.queue.shutdown();
  }
}
