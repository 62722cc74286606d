// SPDX-License-Identifier: Apache-2.0
// The TrainJob reconciler (upstream pkg/controller/trainjob_controller.go, section 7.3 of the
// guide), for one key, level-triggered and idempotent:
//  1. read the TrainJob from the store (or our own newer write of it); gone → forget it;
//  2. skip it, writing nothing, when managedBy names another controller;
//  3. unless finished: refuse a workload named like the job that another TrainJob controls (a
//     warning, and a retry until it is gone: workload/foreign-workload.ts); resolve the runtime
//     (snapshot first, runtime-source.ts), render, and write only what the apply policies and the
//     last applied hashes call for (object-writes.ts);
//  4. status from the observed workload, through its port (workload/: the JobSet, or the
//     LeaderWorkerSet with its pods and initializer Jobs);
//  5. activeDeadlineSeconds (the job's, else its runtime's runPolicy): Failed/DeadlineExceeded and
//     the workload deleted, or a requeue; startTime and completionTime with the status;
//  6. a restart of the workload (the failure policy's counters grew): its record in
//     status.restartHistory, naming the failed Job (the port's restartCause), and a Restarted event;
//  7. one merge patch of /status when it changed; the port's bookkeeping; the events;
//  8. a finished job past its ttlSecondsAfterFinished (its own, else its runtime's): deleted with
//     everything it owns (ttl-after-finished.ts), or a requeue at its expiry.

import {
  ManagedBy,
  TrainJobConditionTypes,
  TrainJobReasons,
  type TrainJob,
  type TrainJobStatus,
} from '@kubetrain/api/core';
import { FieldManagers, formatMetaTime as rfc3339 } from '@kubetrain/api/core';
import { Applier, type KubeApi, type Logger } from '../cluster/kube.js';
import { freshest } from '../cluster/freshest.js';
import { ManagerResources } from '../cluster/resources.js';
import type { ManagerStores } from '../cluster/stores.js';
import { trainJobProjection } from '../cluster/trainjob-projection.js';
import { isFinished, isKueueManaged, UnsupportedRuntimeError, type Engine } from '../engine/engine-port.js';
import type { EventInput, EventRecorder } from '../events/event-recorder.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { mergePatch } from '../util/merge-patch.js';
import * as notes from './event-notes.js';
import type { LeaderWorkerSetWatches } from './lws-watches.js';
import { ObjectWriter, type Applied } from './object-writes.js';
import { RuntimeMissingError, RuntimeSource } from './runtime-source.js';
import { restartChange, restartRecord, withRestartRecord } from './restarts.js';
import { isUrgentStatusChange, StatusCoalescer } from './status-coalescing.js';
import { statusTransitions } from './status-events.js';
import { enforceTtlAfterFinished } from './ttl-after-finished.js';
import {
  ForeignWorkloadError,
  foreignWorkload,
  workloadOf,
  type JobSetPodFailures,
  type WorkloadPort,
} from './workload/index.js';

/** What a reconcile asks of the queue besides success: come back after this many ms. */
export interface ReconcileResult {
  readonly requeueAfterMs?: number;
}

/** What the reconciler is built from. */
export interface TrainJobReconcilerDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  /** The engine, with the plugins the settings select. */
  readonly engine: Engine;
  readonly events: EventRecorder;
  readonly metrics: ManagerMetrics;
  readonly logger: Logger;
  /** The clock; injected for tests. */
  readonly now?: () => Date;
  /** The LeaderWorkerSet backend's watches; set only when the gate `LeaderWorkerSetBackend` is on. */
  readonly leaderWorkerSets?: LeaderWorkerSetWatches;
  /** The latest pod failure of each TrainJob's JobSet, the cause of its restarts (the pod watch). */
  readonly jobSetPodFailures?: JobSetPodFailures;
  /**
   * How long a status change that only moves the `jobsStatus` counters is held back, so that the
   * steps of a JobSet reach the API server as one write (status-coalescing.ts); 0 writes each at
   * once. Default 30 s (`--status-coalesce-window`).
   */
  readonly statusCoalesceWindowMs?: number;
  /**
   * Also record every TrainJob's `Created` and `Completed` events (`--lifecycle-events`). Off by
   * default: each is one more write per TrainJob, and upstream records neither; failures, suspend
   * and resume are always recorded.
   */
  readonly lifecycleEvents?: boolean;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The TrainJob controller's reconcile of one key. */
export class TrainJobReconciler {
  private readonly writer: ObjectWriter;
  private readonly coalescer: StatusCoalescer;
  private readonly applier: Applier;
  private readonly runtimes: RuntimeSource;
  /**
   * The last warning note per TrainJob key, so that a job waiting for its runtime, or for another
   * TrainJob's workload to go, warns once.
   */
  private readonly warned = new Map<string, string>();
  private readonly now: () => Date;

  constructor(private readonly deps: TrainJobReconcilerDeps) {
    this.runtimes = new RuntimeSource(deps.client, deps.stores);
    this.applier = new Applier(deps.client, { fieldManager: FieldManagers.Trainer });
    this.now = deps.now ?? (() => new Date());
    this.writer = new ObjectWriter({ ...deps, now: this.now });
    this.coalescer = new StatusCoalescer(deps.statusCoalesceWindowMs);
  }

  /** Forgets the snapshot kept for the TrainJob `uid` (its snapshot ConfigMap was deleted). */
  forgetSnapshot(uid: string): void {
    this.runtimes.forget(uid);
  }

  /** Reconciles the TrainJob `key` (`namespace/name`). Throws to be retried with back-off. */
  async reconcile(key: string): Promise<ReconcileResult> {
    const trainJob = freshest(this.deps.stores.trainJobs.getOrRecent(key)) as TrainJob | undefined;
    if (trainJob === undefined) return this.forgetKey(key);
    if ((trainJob.spec?.managedBy ?? ManagedBy.TrainJobController) !== ManagedBy.TrainJobController)
      return {};
    if (trainJob.metadata?.deletionTimestamp !== undefined) return {};
    const log = (): Logger =>
      this.deps.logger.child({
        TrainJob: { name: trainJob.metadata?.name, namespace: trainJob.metadata?.namespace },
        namespace: trainJob.metadata?.namespace,
        name: trainJob.metadata?.name,
      });

    const now = this.now();
    const step = isFinished(trainJob.status) ? {} : await this.applyStep(key, trainJob, now, log);
    const workload = workloadOf(this.deps, trainJob, step.applied?.leaderWorkerSet);
    // The status: the unsupported runtime's Failed, else the status point's from the workload.
    // The runtime's run policy gives the job's default deadline and TTL (KEP-2899), per reconcile.
    const runPolicy = this.runtimes.runPolicyOf(trainJob);
    const outcome =
      step.status === undefined
        ? this.deps.engine.status(trainJob, workload.observed, now, runPolicy)
        : undefined;
    let status = step.status ?? outcome!.status;
    let changed = step.status !== undefined || outcome!.changed;
    let requeueAfterMs = outcome === undefined ? undefined : workload.requeueAfterMs(outcome);
    if (outcome?.deadlineExceeded === true) await workload.deleteOnDeadline(trainJob, log);

    // A change that only moves the workload's counters may wait for the next ones (status-coalescing.ts).
    const decision =
      changed && workload.coalescesCounters
        ? this.coalescer.decide(
            key,
            isUrgentStatusChange(trainJob.status, status, isKueueManaged(trainJob)),
            now.getTime(),
          )
        : ({ write: true } as const);
    if (decision.write) this.coalescer.settled(key);
    else {
      changed = false;
      requeueAfterMs = Math.min(requeueAfterMs ?? decision.retryAfterMs, decision.retryAfterMs);
    }
    // A restart (the counters grew): its record in status.restartHistory, and its event once written.
    const restart = changed ? restartChange(trainJob.status, status) : undefined;
    const record =
      restart === undefined
        ? undefined
        : restartRecord(restart, await workload.restartCause(trainJob, restart.restarts), now);
    if (record !== undefined) status = withRestartRecord(status, record);
    if (changed) {
      await this.writeStatus(trainJob, status);
      if (record !== undefined) void this.deps.events.record(trainJob, notes.restarted(record));
      await this.recordTransitions(trainJob, status, workload);
    }
    await workload.afterStatus(outcome);
    if (step.applied?.created !== undefined && this.deps.lifecycleEvents === true) {
      void this.deps.events.record(
        trainJob,
        notes.created(step.applied.created, trainJob.metadata?.name ?? ''),
      );
    }
    if (isFinished(status)) {
      this.writer.forget(key);
      this.runtimes.forget(trainJob.metadata?.uid ?? '');
      this.deps.jobSetPodFailures?.forget(trainJob.metadata?.uid ?? '');
      // The pods of its LeaderWorkerSet deleted since (a finished job counts no restart).
      this.deps.leaderWorkerSets?.forget(key);
      // Its TTL, from the status as written (or held back: completionTime is derived, never `now`).
      const ttlLeftMs = await enforceTtlAfterFinished(
        this.deps.client,
        trainJob,
        status,
        runPolicy,
        now,
        log,
      );
      if (ttlLeftMs !== undefined) requeueAfterMs = Math.min(requeueAfterMs ?? ttlLeftMs, ttlLeftMs);
    }
    if (step.error !== undefined) throw step.error;
    return requeueAfterMs === undefined ? {} : { requeueAfterMs };
  }

  /** The TrainJob `key` is gone: forget what is kept for it. */
  private forgetKey(key: string): ReconcileResult {
    this.writer.forget(key);
    this.warned.delete(key);
    this.coalescer.settled(key);
    this.deps.leaderWorkerSets?.forget(key);
    return {};
  }

  /**
   * Step 3 of an unfinished job: its runtime, then the writes. An unsupported runtime gives the
   * Failed status to write; a missing one a single warning (the runtime reconcilers requeue the job
   * when it appears); another TrainJob's workload a single warning and the error, to be retried
   * (its deletion also queues the job); any other error an event, and is returned to be thrown
   * after the status.
   */
  private async applyStep(
    key: string,
    trainJob: TrainJob,
    now: Date,
    log: () => Logger,
  ): Promise<{ applied?: Applied; status?: TrainJobStatus; error?: unknown }> {
    try {
      const foreign = foreignWorkload(this.deps, trainJob);
      if (foreign !== undefined) throw foreign;
      const runtime = await this.runtimes.resolve(trainJob);
      const applied = await this.writer.write(key, trainJob, runtime, log);
      this.warned.delete(key);
      return { applied };
    } catch (error) {
      if (error instanceof UnsupportedRuntimeError)
        return { status: this.unsupported(trainJob, error.message, now) };
      if (error instanceof RuntimeMissingError || error instanceof ForeignWorkloadError) {
        this.warnOnce(key, trainJob, notes.resourcesCreationFailed(error.message));
        return error instanceof ForeignWorkloadError ? { error } : {};
      }
      this.warned.delete(key);
      void this.deps.events.record(trainJob, notes.resourcesCreationFailed(errorText(error)));
      return { error };
    }
  }

  /** Upstream's intent for a runtimeRef of another kind: `Failed=True/TrainingRuntimeNotSupported`. */
  private unsupported(trainJob: TrainJob, message: string, now: Date): TrainJobStatus {
    const others = (trainJob.status?.conditions ?? []).filter(
      (c) => c.type !== TrainJobConditionTypes.Failed,
    );
    return {
      ...trainJob.status,
      completionTime: trainJob.status?.completionTime ?? rfc3339(now),
      conditions: [
        ...others,
        {
          type: TrainJobConditionTypes.Failed,
          status: 'True',
          lastTransitionTime: rfc3339(now),
          reason: TrainJobReasons.RuntimeNotSupported,
          message,
        },
      ],
    };
  }

  private warnOnce(key: string, trainJob: TrainJob, event: EventInput): void {
    if (this.warned.get(key) === event.note) return;
    this.warned.set(key, event.note);
    void this.deps.events.record(trainJob, event);
  }

  private async writeStatus(trainJob: TrainJob, status: TrainJobStatus): Promise<void> {
    const patch = mergePatch({ status: trainJob.status ?? {} }, { status });
    const written = await this.applier.patchStatus(
      ManagerResources.TrainJob,
      trainJob.metadata?.namespace,
      trainJob.metadata?.name ?? '',
      patch['status'],
    );
    this.deps.stores.trainJobs.recordWrite(trainJobProjection(written));
  }

  private async recordTransitions(
    trainJob: TrainJob,
    status: TrainJobStatus,
    workload: WorkloadPort,
  ): Promise<void> {
    for (const t of statusTransitions(trainJob.status, status)) {
      let event: EventInput;
      if (t.kind === 'suspended' || t.kind === 'resumed')
        event = notes.suspendChanged(t.kind === 'suspended', t.message);
      else if (t.kind === 'completed') {
        if (this.deps.lifecycleEvents !== true) continue;
        event = notes.completed(t.message);
      } else event = notes.failed(t.reason, t.message, await workload.failedPod(trainJob, status, t.reason));
      void this.deps.events.record(trainJob, event);
    }
  }
}
