// SPDX-License-Identifier: Apache-2.0
// The TrainJob controller set up: its watches (TrainJobs, JobSets, the snapshot ConfigMaps and, with
// the gate, the LeaderWorkerSet backend's), the reconciler, and the handlers that map a change to
// the TrainJob key it concerns. Also the kinds the plugins declare as watched that it deliberately
// does not watch, each with its reason (setup.test.ts holds the two lists to the declarations).

import { ControllerNames, EventRecorderNames, JobSetKeys, Kinds, type TrainJob } from '@kubetrain/api/core';
import {
  controllerOwner,
  controllerOwnerKey,
  objectKey,
  Store,
  type KubeApi,
  type KubeObject,
  type Logger,
} from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import { configMapMetadata, jobSetProjection, type ManagerStores } from '../cluster/stores.js';
import { trainJobProjection } from '../cluster/trainjob-projection.js';
import { trainJobWorkers, type Settings } from '../config/index.js';
import type { Engine } from '../engine/engine-port.js';
import { EventRecorder } from '../events/event-recorder.js';
import { Controller } from '../manager/controller.js';
import type { ControllerSetup, Watch } from '../manager/controller-setup.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { hasStatus } from './adoption.js';
import { LeaderWorkerSetWatches } from './lws-watches.js';
import { OWNED_SELECTOR } from './owned-marks.js';
import { TrainJobReconciler } from './trainjob-reconciler.js';
import { JobSetPodFailures, jobSetPodProjection } from './workload/pod-failures.js';

/** The pods whose failures may matter: those that did not succeed. */
const UNFINISHED_OR_FAILED_PODS = 'status.phase!=Succeeded';

/** How long JobSet status changes are gathered before their TrainJob is reconciled, in ms. */
const JOBSET_STATUS_COALESCE_MS = 50;

/**
 * Kinds the plugins declare as watched (`watchedKinds`, which also gives the RBAC) that the
 * manager does not watch, by `group/Kind`, with the reason. Upstream watches them all.
 */
export const NOT_WATCHED: Readonly<Record<string, string>> = {
  '/Secret':
    'never listed, watched or read (least privilege): the manager only creates and applies them (secret-writes.ts)',
  '/PersistentVolumeClaim': 'created once and never updated (createOnly): nothing to observe',
  'scheduling.volcano.sh/PodGroup':
    'not re-applied while the job runs; the hash of the last apply decides the next one',
  'scheduling.x-k8s.io/PodGroup':
    'not re-applied while the job runs; the hash of the last apply decides the next one',
  '/LimitRange': 'no plugin reads it: the PodGroup minResources come from the pod requests only',
  'node.k8s.io/RuntimeClass': 'no plugin reads it: the PodGroup minResources come from the pod requests only',
};

/** What the TrainJob controller is set up with. */
export interface TrainJobSetupDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  readonly engine: Engine;
  readonly metrics: ManagerMetrics;
  readonly logger: Logger;
  readonly settings: Settings;
  /** The host name, for the event recorder's instance. */
  readonly host: string;
}

/** The TrainJob controller: its setup, its queue (other controllers requeue TrainJobs) and its reconciler. */
export interface TrainJobController {
  readonly setup: ControllerSetup;
  readonly queue: Controller;
  readonly reconciler: TrainJobReconciler;
  /** The LeaderWorkerSet backend's stores, with the gate. */
  readonly leaderWorkerSets?: LeaderWorkerSetWatches;
}

/** Sets up the TrainJob controller (see the module comment). */
export function setupTrainJobController(deps: TrainJobSetupDeps): TrainJobController {
  const { client, stores, logger, settings } = deps;
  const { config, flags } = settings;
  // The LeaderWorkerSet backend's watches, only with its gate (a default install has no LWS CRDs).
  const leaderWorkerSets = settings.featureGates.LeaderWorkerSetBackend
    ? new LeaderWorkerSetWatches(logger)
    : undefined;
  // The JobSet backend's pods, for the cause of a restart: JobSet deletes the failed Job and its
  // pods before a reconcile could read them (workload/pod-failures.ts).
  const jobSetPods = new Store({ logger });
  const jobSetPodFailures = new JobSetPodFailures();
  const reconciler = new TrainJobReconciler({
    client,
    stores,
    jobSetPodFailures,
    engine: deps.engine,
    events: new EventRecorder(
      client,
      EventRecorderNames.TrainJob,
      `${EventRecorderNames.TrainJob}-${deps.host}`,
      logger,
    ),
    metrics: deps.metrics,
    logger,
    ...(leaderWorkerSets !== undefined ? { leaderWorkerSets } : {}),
    ...(flags.statusCoalesceWindowMs !== undefined
      ? { statusCoalesceWindowMs: flags.statusCoalesceWindowMs }
      : {}),
    lifecycleEvents: flags.lifecycleEvents,
  });
  const queue = new Controller(
    ControllerNames.TrainJob,
    (key) => reconciler.reconcile(key),
    trainJobWorkers(config),
    deps.metrics,
    logger,
  );

  // Every change queues the key it concerns (level-triggered: the key only). The initial list of a
  // (re)started manager queues the jobs some manager reconciled before (they have a status:
  // running or finished) in the low lane, behind every change seen since, as controller-runtime's
  // priority queue does with what was not edge-triggered: they are checked when a worker is free,
  // so thousands of them never delay a new job's first reconcile, and a change to one of them
  // promotes it. A job submitted while no manager ran (no status) is new: the normal lane. The
  // objects a TrainJob owns, listed initially, queue its key low too.
  const enqueue = (object: KubeObject) => queue.enqueue(objectKey(object));
  stores.trainJobs.addHandler({
    onAdd: (object, initialList) =>
      initialList && hasStatus(object as TrainJob) ? queue.enqueueLow(objectKey(object)) : enqueue(object),
    onUpdate: (_old, o) => enqueue(o),
    onDelete: enqueue,
  });
  jobSetPodFailures.connect(jobSetPods, stores.trainJobs);
  const owner = (when: 'now' | 'soon' | 'initial') => (object: KubeObject) => {
    const key = controllerOwnerKey(object, Kinds.TrainJob);
    if (key === undefined) return;
    if (when === 'soon') queue.enqueueAfter(key, JOBSET_STATUS_COALESCE_MS);
    else if (when === 'initial') queue.enqueueLow(key);
    else queue.enqueue(key);
  };
  // JobSet status changes come in bursts (pods starting, getting ready, finishing): the TrainJob
  // is reconciled once per burst window, not once per change (one status write per window).
  stores.jobSets.addHandler({
    onAdd: (o, initialList) => owner(initialList ? 'initial' : 'now')(o),
    onUpdate: (_old, o) => owner('soon')(o),
    onDelete: owner('now'),
  });
  stores.configMaps.addHandler({
    onDelete: (object) => {
      const trainJob = controllerOwner(object, Kinds.TrainJob);
      if (trainJob !== undefined) reconciler.forgetSnapshot(trainJob.uid);
      owner('now')(object);
    },
  });
  leaderWorkerSets?.connect({
    now: (key) => queue.enqueue(key),
    soon: (key) => queue.enqueueAfter(key, JOBSET_STATUS_COALESCE_MS),
    initial: (key) => queue.enqueueLow(key),
  });

  const watches: Watch[] = [
    { resource: ManagerResources.TrainJob, store: stores.trainJobs, transform: trainJobProjection },
    { resource: ManagerResources.JobSet, store: stores.jobSets, transform: jobSetProjection },
    // Label-selected, and metadata only over the wire (PartialObjectMetadata): a snapshot's data is
    // read by name when a job needs it (runtime-source.ts), so a relist never carries it.
    {
      resource: ManagerResources.ConfigMap,
      store: stores.configMaps,
      labelSelector: OWNED_SELECTOR,
      metadataOnly: true,
      transform: configMapMetadata,
    },
    // Label-selected, kept as a small projection (names, labels, failed containers, DisruptionTarget).
    // A pod that succeeded shows no failure: the field selector leaves it out of the store (a pod
    // that succeeds leaves it as a DELETED event), so the pods of finished jobs cost nothing.
    {
      resource: ManagerResources.Pod,
      store: jobSetPods,
      labelSelector: JobSetKeys.JobSetName,
      fieldSelector: UNFINISHED_OR_FAILED_PODS,
      transform: jobSetPodProjection,
    },
    ...(leaderWorkerSets?.sources() ?? []),
  ];
  return {
    setup: { name: 'trainjob', watches, controllers: [queue], gatesStart: true },
    queue,
    reconciler,
    ...(leaderWorkerSets !== undefined ? { leaderWorkerSets } : {}),
  };
}
