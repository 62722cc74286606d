// SPDX-License-Identifier: Apache-2.0
// The manager's Prometheus metrics (prom-client), one registry per manager. Reconcile and work-queue
// metrics carry controller-runtime's names, labels and buckets
// (controller-runtime pkg/internal/controller/metrics, pkg/metrics/workqueue.go) so existing
// dashboards work; kubetrain's own are prefixed `kubetrain_`.

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MetricNames } from './names.js';
import { latenciesOf, type LatencyTrainJob } from './trainjob-latency.js';
import { trainJobSeries, type Series, type TrainJobSeries, type TrainJobSource } from './trainjob-series.js';

/** controller-runtime's `controller_runtime_reconcile_time_seconds` buckets. */
const RECONCILE_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25,
  1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];
/** client-go's work-queue duration buckets: 10 ns to 10 s, ×10 (`ExponentialBuckets(10e-9, 10, 10)`). */
const QUEUE_BUCKETS = Array.from({ length: 10 }, (_, i) => 1e-8 * 10 ** i);
/** Create-to-JobSet latency buckets, 10 ms to about 160 s. */
const LATENCY_BUCKETS = Array.from({ length: 15 }, (_, i) => 0.01 * 2 ** i);
/** Queue-wait and create-to-running buckets, 1 s to 1 day. */
const WAIT_BUCKETS = [1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 14400, 43200, 86400];

/** Outcome label of `controller_runtime_reconcile_total`, as controller-runtime spells it. */
export type ReconcileResult = 'success' | 'error' | 'requeue' | 'requeue_after';

/** Every metric of the manager, registered in {@link ManagerMetrics.registry}. */
export class ManagerMetrics {
  /** The registry served at `/metrics`. */
  readonly registry = new Registry();
  readonly reconcileTotal: Counter<'controller' | 'result'>;
  readonly reconcileErrors: Counter<'controller'>;
  readonly terminalReconcileErrors: Counter<'controller'>;
  readonly reconcileTime: Histogram<'controller'>;
  readonly maxConcurrentReconciles: Gauge<'controller'>;
  readonly activeWorkers: Gauge<'controller'>;
  readonly queueDepth: Gauge<'name' | 'controller'>;
  readonly queueAdds: Counter<'name' | 'controller'>;
  readonly queueDuration: Histogram<'name' | 'controller'>;
  readonly workDuration: Histogram<'name' | 'controller'>;
  readonly queueRetries: Counter<'name' | 'controller'>;
  readonly unfinishedWork: Gauge<'name' | 'controller'>;
  readonly longestRunning: Gauge<'name' | 'controller'>;
  /** Per controller, the seconds each of its keys in flight has run (read at each scrape). */
  private readonly inFlight = new Map<string, () => readonly number[]>();
  readonly trainJobs: Gauge<'state' | 'namespace' | 'runtime'>;
  readonly runningGpus: Gauge<'namespace' | 'runtime' | 'queue'>;
  readonly gpuSeconds: Gauge<'namespace' | 'runtime' | 'queue'>;
  readonly restarts: Gauge<'namespace' | 'runtime' | 'reason'>;
  readonly progress: Gauge<'namespace' | 'name'>;
  readonly remaining: Gauge<'namespace' | 'name'>;
  readonly progressOmitted: Gauge;
  /** What the TrainJob gauges are computed from at each scrape; none before the manager sets it. */
  private trainJobSource: (() => TrainJobSource) | undefined;
  private seriesMemo: TrainJobSeries | undefined;
  readonly createToJobSet: Histogram<string>;
  readonly createToRunning: Histogram<string>;
  readonly queueWait: Histogram<string>;
  readonly reflectorRelists: Counter<'resource'>;
  readonly reflectorRestarts: Counter<'resource'>;
  readonly apiRequests: Counter<'verb' | 'resource'>;
  readonly restClientRequests: Counter<'code' | 'method' | 'host'>;

  /** Registers every metric; `processMetrics` adds prom-client's process and Node.js metrics. */
  constructor({ processMetrics = true }: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
    const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    const gauge = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Gauge<L>({ name, help, labelNames, registers });
    const histogram = <L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) =>
      new Histogram<L>({ name, help, labelNames, buckets, registers });
    const queue: Array<'name' | 'controller'> = ['name', 'controller'];

    this.reconcileTotal = counter(
      MetricNames.ReconcileTotal,
      'Total number of reconciliations per controller',
      ['controller', 'result'],
    );
    this.reconcileErrors = counter(
      MetricNames.ReconcileErrors,
      'Total number of reconciliation errors per controller',
      ['controller'],
    );
    this.terminalReconcileErrors = counter(
      MetricNames.TerminalReconcileErrors,
      'Total number of terminal reconciliation errors per controller',
      ['controller'],
    );
    this.reconcileTime = histogram(
      MetricNames.ReconcileTime,
      'Length of time per reconciliation per controller',
      ['controller'],
      RECONCILE_BUCKETS,
    );
    this.maxConcurrentReconciles = gauge(
      MetricNames.MaxConcurrentReconciles,
      'Maximum number of concurrent reconciles per controller',
      ['controller'],
    );
    this.activeWorkers = gauge(MetricNames.ActiveWorkers, 'Number of currently used workers per controller', [
      'controller',
    ]);
    this.queueDepth = gauge(MetricNames.WorkqueueDepth, 'Current depth of workqueue', queue);
    this.queueAdds = counter(MetricNames.WorkqueueAdds, 'Total number of adds handled by workqueue', queue);
    this.queueDuration = histogram(
      MetricNames.WorkqueueQueueDuration,
      'How long in seconds an item stays in workqueue before being requested',
      queue,
      QUEUE_BUCKETS,
    );
    this.workDuration = histogram(
      MetricNames.WorkqueueWorkDuration,
      'How long in seconds processing an item from workqueue takes.',
      queue,
      QUEUE_BUCKETS,
    );
    this.queueRetries = counter(
      MetricNames.WorkqueueRetries,
      'Total number of retries handled by workqueue',
      queue,
    );
    // client-go updates these two every 500 ms; here they are read at each scrape.
    const readInFlight = () => this.inFlight;
    const inFlightGauge = (name: string, help: string, sum: (seconds: readonly number[]) => number) =>
      new Gauge<'name' | 'controller'>({
        name,
        help,
        labelNames: queue,
        registers,
        collect() {
          this.reset();
          for (const [controller, seconds] of readInFlight())
            this.set({ name: controller, controller }, sum(seconds()));
        },
      });
    this.unfinishedWork = inFlightGauge(
      MetricNames.WorkqueueUnfinishedWork,
      "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
      (xs) => xs.reduce((a, b) => a + b, 0),
    );
    this.longestRunning = inFlightGauge(
      MetricNames.WorkqueueLongestRunning,
      'How many seconds has the longest running processor for workqueue been running.',
      (xs) => xs.reduce((a, b) => Math.max(a, b), 0),
    );
    // Computed from the cache at each scrape (trainjob-series.ts): nothing to lose on a restart.
    const scraped = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      pick: (series: TrainJobSeries) => Series<L>[],
    ): Gauge<L> => {
      const read = () => this.scrapedSeries();
      return new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        collect() {
          const series = read();
          if (series === undefined) return;
          this.reset();
          for (const { labels, value } of pick(series)) this.set(labels as Partial<Record<L, string>>, value);
        },
      });
    };
    this.trainJobs = scraped(
      MetricNames.TrainJobs,
      'Number of TrainJobs in the cache, by state, namespace and runtime',
      ['state', 'namespace', 'runtime'],
      (s) => s.trainJobs,
    );
    this.runningGpus = scraped(
      MetricNames.TrainJobGpus,
      'GPUs requested by the running TrainJobs, by namespace, runtime and Kueue queue',
      ['namespace', 'runtime', 'queue'],
      (s) => s.runningGpus,
    );
    this.gpuSeconds = scraped(
      MetricNames.TrainJobGpuSeconds,
      'GPU-seconds (GPUs requested x seconds running, from status.startTime and completionTime) of the TrainJobs in the cache, by namespace, runtime and Kueue queue',
      ['namespace', 'runtime', 'queue'],
      (s) => s.gpuSeconds,
    );
    this.restarts = scraped(
      MetricNames.TrainJobRestarts,
      'Restarts of the TrainJobs in the cache by their failure policy, by namespace, runtime and the action that restarted them (status.restarts)',
      ['namespace', 'runtime', 'reason'],
      (s) => s.restarts,
    );
    this.progress = scraped(
      MetricNames.TrainJobProgress,
      'Progress in percent the trainer of an unfinished TrainJob last reported (status.trainerStatus.progressPercentage), at most 1000 jobs, the most recently reported',
      ['namespace', 'name'],
      (s) => s.progress,
    );
    this.remaining = scraped(
      MetricNames.TrainJobRemaining,
      'Seconds until the end the trainer of an unfinished TrainJob last estimated (status.trainerStatus.estimatedRemainingSeconds), the same jobs as kubetrain_trainjob_progress_percent',
      ['namespace', 'name'],
      (s) => s.remaining,
    );
    this.progressOmitted = scraped(
      MetricNames.TrainJobProgressOmitted,
      'Unfinished TrainJobs with a progress report left out of kubetrain_trainjob_progress_percent past its bound of 1000 series',
      [],
      (s) => s.progressOmitted,
    );
    this.createToJobSet = histogram(
      MetricNames.CreateToJobSet,
      "Seconds from a TrainJob's creationTimestamp to the first successful apply of its JobSet",
      [],
      LATENCY_BUCKETS,
    );
    this.createToRunning = histogram(
      MetricNames.CreateToRunning,
      "Seconds from a TrainJob's creationTimestamp to its pods' first ready replicated job (first runs only)",
      [],
      WAIT_BUCKETS,
    );
    this.queueWait = histogram(
      MetricNames.QueueWait,
      'Seconds a TrainJob waited to start: from its suspension (a Kueue admission wait) or creation to status.startTime',
      [],
      WAIT_BUCKETS,
    );
    this.reflectorRelists = counter(
      MetricNames.ReflectorRelists,
      'Number of full lists a reflector made after its first (410 Gone, errors)',
      ['resource'],
    );
    this.reflectorRestarts = counter(
      MetricNames.ReflectorWatchRestarts,
      'Number of watches a reflector restarted after an error or a quiet period',
      ['resource'],
    );
    this.apiRequests = counter(
      MetricNames.ApiRequests,
      "Requests of the manager's client to the API server (watches excluded), by verb and resource",
      ['verb', 'resource'],
    );
    this.restClientRequests = counter(
      MetricNames.RestClientRequests,
      'Number of HTTP requests, partitioned by status code, method, and host.',
      ['code', 'method', 'host'],
    );
  }

  /** Counts one HTTP attempt of the manager's client, as client-go's `rest_client_requests_total`. */
  observeRestClientResult(result: { code: string; method: string; host: string }): void {
    this.restClientRequests.inc({ code: result.code, method: result.method, host: result.host });
  }

  /** Counts one request of the manager's client (`APPLY` for server-side apply patches). */
  observeRequest(verb: string, resource: string): void {
    this.apiRequests.inc({ verb, resource });
  }

  /** Counts one reconcile of `controller` that took `seconds` and ended with `result`. */
  observeReconcile(controller: string, result: ReconcileResult, seconds: number): void {
    this.reconcileTotal.inc({ controller, result });
    if (result === 'error') this.reconcileErrors.inc({ controller });
    this.reconcileTime.observe({ controller }, seconds);
  }

  /** Observes the latencies an update of a TrainJob in the cache shows (trainjob-latency.ts). */
  observeTrainJobUpdate(old: LatencyTrainJob, next: LatencyTrainJob, nowMs: number): void {
    const { queueWait, createToRunning } = latenciesOf(old, next, nowMs);
    if (queueWait !== undefined) this.queueWait.observe(queueWait);
    if (createToRunning !== undefined) this.createToRunning.observe(createToRunning);
  }

  /**
   * The TrainJob series of this scrape, computed once for all the gauges: prom-client collects every
   * metric of a scrape in one synchronous turn, and the memo is dropped at the next microtask (were
   * that to change, each gauge would compute them again: slower, still right).
   */
  private scrapedSeries(): TrainJobSeries | undefined {
    if (this.trainJobSource === undefined) return undefined;
    if (this.seriesMemo === undefined) {
      this.seriesMemo = trainJobSeries(this.trainJobSource());
      queueMicrotask(() => (this.seriesMemo = undefined));
    }
    return this.seriesMemo;
  }

  /** Sets how to read the work queue of `controller` in flight (seconds per key) at each scrape. */
  collectWorkQueue(controller: string, inFlightSeconds: () => readonly number[]): void {
    this.inFlight.set(controller, inFlightSeconds);
  }

  /** Sets what the TrainJob gauges are computed from at each scrape (the manager's cache). */
  collectTrainJobs(source: () => TrainJobSource): void {
    this.trainJobSource = source;
  }
}
