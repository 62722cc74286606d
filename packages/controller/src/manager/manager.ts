// SPDX-License-Identifier: Apache-2.0
// The manager: reflectors fill the stores on every replica; the leader runs the controllers; the
// metrics and probe servers run everywhere. Built once in `main` from the frozen settings.

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Kinds, type TrainJob } from '@kubetrain/api/core';
import { runtimeKeyOf, type UsageRuntimeSpec } from '@kubetrain/runtime';
import type { Logger } from '@kubetrain/log';
import {
  KubeClient,
  LeaderElector,
  type loadKubeConfig,
  objectKey,
  Reflector,
  type ReflectorMetrics,
  type ResourceRef,
} from '../cluster/kube.js';
import { countRequests } from '../cluster/request-counter.js';
import { ManagerResources } from '../cluster/resources.js';
import { createStores, type ManagerStores } from '../cluster/stores.js';
import { parseGoDuration, trainJobWorkers, type Settings } from '../config/index.js';
import { createEngine, isFinished } from '../engine/engine-port.js';
import { parseBindAddress } from '../http/bind-address.js';
import { serveMetrics, serveProbes, type RunningServer } from '../http/servers.js';
import { ManagerMetrics } from '../metrics/metrics.js';
import type { LatencyTrainJob } from '../metrics/trainjob-latency.js';
import type { CachedTrainJob } from '../metrics/trainjob-series.js';
import { startAdmission, type Admission } from '../webhooks/index.js';
import { FeatureGateNames } from '@kubetrain/api/core';
import { startStatusServer, type StatusServer } from '../statusserver/start-status-server.js';
import { StatusServerProbes } from '../statusserver/reachable.js';
import { notReadyReason } from './readiness.js';
import { requestSockets } from './request-sockets.js';
import { setupV1Controllers } from '../v1/setup.js';
import { setupRuntimeControllers } from '../runtimes/setup.js';
import { setupTrainJobController } from '../trainjob/setup.js';
import type { Watch } from './controller-setup.js';

/** The namespace of the Lease when neither the file nor `--namespace` names one. */
export const DEFAULT_NAMESPACE = 'kubeflow-system';

/** What the manager is started with besides the settings. */
export interface ManagerDeps {
  readonly kubeConfig: ReturnType<typeof loadKubeConfig>;
  readonly logger: Logger;
  /** The manager's namespace (`--namespace`, else `POD_NAMESPACE`), for the Lease. */
  readonly namespace?: string;
  /** Watch and reconcile only this namespace (kubetrain's `--watch-namespace`); default all. */
  readonly watchNamespace?: string;
  /** `CUSTOM_CLUSTER_DOMAIN` (upstream's training-operator reads it): the v1 TFJob's TF_CONFIG hosts. */
  readonly clusterDomain?: string;
}

/** A running manager. */
export interface Manager {
  readonly metrics: ManagerMetrics;
  readonly stores: ManagerStores;
  /** Whether every reflector has listed once. */
  readonly synced: () => boolean;
  /** Why `/readyz` fails (certificate, then webhook server: readiness.ts); undefined when ready. */
  readonly notReady: () => string | undefined;
  /** The port of the metrics server, when it runs. */
  readonly metricsPort?: number;
  /** The port of the probe server, when it runs. */
  readonly probePort?: number;
  /** The admission webhooks (every replica serves them). */
  readonly admission: Admission;
  /** The TrainJob status server (feature gate TrainJobStatus; every replica serves it). */
  readonly statusServer?: StatusServer;
  /** Resolves when this replica stopped leading (lost the Lease): the process should exit. */
  readonly lostLeadership: Promise<void>;
  /** Graceful stop: in-flight reconciles finish, the Lease is released, servers close. */
  stop(): Promise<void>;
}

function reflectorMetrics(metrics: ManagerMetrics): ReflectorMetrics {
  return {
    listed: (resource, reason) => {
      if (reason !== 'initial') metrics.reflectorRelists.inc({ resource });
    },
    watchRestarted: (resource) => metrics.reflectorRestarts.inc({ resource }),
  };
}

/** Starts the manager; the controllers start once this replica leads (at once without leader election). */
export async function startManager(settings: Settings, deps: ManagerDeps): Promise<Manager> {
  const { config, flags } = settings;
  const logger = deps.logger;
  const metrics = new ManagerMetrics();
  const client = countRequests(
    await KubeClient.create(deps.kubeConfig, {
      userAgent: 'kubetrain-manager',
      maxSockets: requestSockets(trainJobWorkers(config)),
      onResult: (result) => metrics.observeRestClientResult(result),
    }),
    (verb, resource) => metrics.observeRequest(verb, resource),
  );
  const stores = createStores(logger);
  const host = hostname();

  const scope = (resource: ResourceRef) =>
    resource.namespaced && deps.watchNamespace !== undefined ? { namespace: deps.watchNamespace } : {};
  const reflect = ({ resource, store, labelSelector, fieldSelector, metadataOnly, transform }: Watch) =>
    new Reflector({
      client,
      resource,
      store,
      logger,
      metrics: reflectorMetrics(metrics),
      ...scope(resource),
      ...(labelSelector !== undefined ? { labelSelector } : {}),
      ...(fieldSelector !== undefined ? { fieldSelector } : {}),
      ...(metadataOnly === true ? { metadataOnly } : {}),
      ...(transform !== undefined ? { transform } : {}),
    });
  const engine = createEngine({
    config: config as unknown as Record<string, unknown>,
    featureGates: settings.featureGates,
    operatorNamespace: deps.namespace ?? DEFAULT_NAMESPACE,
    readSecret: (namespace, name) => client.get(ManagerResources.Secret, name, { namespace }),
    // A rotated status-server CA: every unfinished TrainJob re-renders its <tj>-tls-config.
    onStatusServerCAChange: () => {
      for (const tj of stores.trainJobs.list())
        if (!isFinished((tj as TrainJob).status)) trainJob.queue.enqueue(objectKey(tj));
    },
  });
  // Each controller declares its watches and handlers (its setup.ts), as SetupWithManager.
  const trainJob = setupTrainJobController({ client, stores, engine, metrics, logger, settings, host });
  const setups = [
    trainJob.setup,
    setupRuntimeControllers({ client, stores, metrics, logger, trainJobs: trainJob.queue }),
    // The Training Operator v1 kinds of --enable-v1-kinds (none by default, v1/setup.ts): the other
    // controllers do not wait for their watches (gatesStart false).
    setupV1Controllers({
      client,
      kinds: flags.v1Kinds,
      ...(flags.gangScheduling !== undefined ? { gangScheduling: flags.gangScheduling } : {}),
      metrics,
      logger,
      host,
      ...(deps.clusterDomain !== undefined ? { clusterDomain: deps.clusterDomain } : {}),
    }),
  ];
  const started = setups.map((setup) => ({ setup, reflectors: setup.watches.map(reflect) }));
  const reflectors = started.flatMap((s) => s.reflectors);
  for (const r of reflectors) r.start();
  const synced = () => reflectors.every((r) => r.hasSynced);
  /** Resolves when the reflector that fills `store` has listed once. */
  const syncedStore = (store: unknown): Promise<void> => {
    const found = started
      .flatMap((s) => s.setup.watches.map((watch, i) => ({ watch, reflector: s.reflectors[i] })))
      .find((x) => x.watch.store === store)?.reflector;
    if (found === undefined) throw new Error('no reflector fills this store');
    return found.synced;
  };

  // The TrainJob series and latencies come from the leader alone (where the controllers run, as
  // controller-runtime's metrics): every replica caches the same jobs, and a sum over replicas
  // (the dashboard's, a GPU-hours bill) would count each job once per replica.
  stores.trainJobs.addHandler({
    onUpdate: (old, next) => {
      if (controllersStarted)
        metrics.observeTrainJobUpdate(old as LatencyTrainJob, next as LatencyTrainJob, Date.now());
    },
  });
  metrics.collectTrainJobs(() => ({
    trainJobs: controllersStarted ? (stores.trainJobs.list() as CachedTrainJob[]) : [],
    workloadExists: (tj) => {
      const key = objectKey(tj as never);
      return (stores.jobSets.get(key) ?? trainJob.leaderWorkerSets?.leaderWorkerSets.get(key)) !== undefined;
    },
    runtimeOf: (tj) => {
      const { kind, name } = runtimeKeyOf(tj);
      const runtime =
        kind === Kinds.TrainingRuntime
          ? stores.trainingRuntimes.getByName(tj.metadata?.namespace, name)
          : stores.clusterTrainingRuntimes.getByName(undefined, name);
      return (runtime as { spec?: UsageRuntimeSpec } | undefined)?.spec;
    },
    nowMs: Date.now(),
  }));

  const servers: RunningServer[] = [];
  let metricsPort: number | undefined;
  let probePort: number | undefined;
  const metricsAddress = parseBindAddress(config.metrics.bindAddress);
  // Admission webhooks and their certificate, on every replica (leader or not). As upstream, a
  // secure metrics server starts once the managed certificate is in the cert dir.
  const admission = startAdmission({
    client,
    config,
    certDir: flags.certDir,
    namespace: deps.namespace ?? DEFAULT_NAMESPACE,
    registry: metrics.registry,
    logger,
    featureGates: settings.featureGates,
  });
  if (metricsAddress !== undefined && config.metrics.secureServing && config.certManagement.enable)
    await admission.certificateReady;
  if (metricsAddress !== undefined) {
    const server = await serveMetrics(
      metrics.registry,
      metricsAddress,
      config.metrics.secureServing ? flags.certDir : undefined,
    );
    servers.push(server);
    metricsPort = server.port;
  }
  // The status server, on every replica, with the webhook serving certificate (gate TrainJobStatus).
  const statusServer = settings.featureGates[FeatureGateNames.TrainJobStatus]
    ? startStatusServer({
        kubeConfig: deps.kubeConfig,
        config,
        certificates: (listener) => admission.onCertificate(listener),
        trainJobs: stores.trainJobs,
        trainJobsSynced: syncedStore(stores.trainJobs),
        logger,
        registry: metrics.registry,
      })
    : undefined;
  let certificateIn = false;
  void admission.certificateReady.then(() => (certificateIn = true));
  const reason = () =>
    notReadyReason({ certificate: () => certificateIn, webhookServer: () => admission.ready() });
  const probeAddress = parseBindAddress(config.health.healthProbeBindAddress);
  if (probeAddress !== undefined) {
    const server = await serveProbes(
      probeAddress,
      () => reason() === undefined,
      () => reason() ?? 'ok',
      statusServer === undefined
        ? {}
        : {
            healthz: { [StatusServerProbes.Healthz]: () => statusServer.check() },
            readyz: { [StatusServerProbes.Readyz]: () => statusServer.check() },
          },
    );
    servers.push(server);
    probePort = server.port;
  }

  let controllersStarted = false;
  const startControllers = async (signal?: AbortSignal) => {
    const gating = started.filter((s) => s.setup.gatesStart);
    await Promise.all(gating.flatMap((s) => s.reflectors).map((r) => r.synced));
    if (signal?.aborted) return;
    controllersStarted = true;
    for (const s of gating) for (const c of s.setup.controllers) c.start();
    for (const s of started.filter((x) => !x.setup.gatesStart))
      void Promise.all(s.reflectors.map((r) => r.synced)).then(() => {
        if (!signal?.aborted && !stopping) for (const c of s.setup.controllers) c.start();
      });
    // The initial lists queued their keys before the workers started; the queue kept them.
    logger.info('Started controllers', { workers: trainJobWorkers(config) });
  };

  let resolveLost: () => void = () => undefined;
  const lostLeadership = new Promise<void>((resolve) => (resolveLost = resolve));
  let elector: LeaderElector | undefined;
  let stopping = false;
  const le = config.leaderElection;
  if (le?.leaderElect === true) {
    elector = new LeaderElector({
      client,
      namespace: le.resourceNamespace || deps.namespace || DEFAULT_NAMESPACE,
      name: le.resourceName,
      identity: `${host}_${randomUUID()}`,
      leaseDurationMs: parseGoDuration(le.leaseDuration),
      renewDeadlineMs: parseGoDuration(le.renewDeadline),
      retryPeriodMs: parseGoDuration(le.retryPeriod),
      onStartedLeading: (signal) => startControllers(signal),
      onStoppedLeading: () => {
        if (!stopping) resolveLost();
      },
      logger,
    });
    void elector.run();
  } else {
    void startControllers();
  }

  return {
    metrics,
    stores,
    synced,
    notReady: reason,
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    ...(probePort !== undefined ? { probePort } : {}),
    lostLeadership,
    admission,
    ...(statusServer !== undefined ? { statusServer } : {}),
    async stop() {
      stopping = true;
      if (controllersStarted) await Promise.all(setups.flatMap((x) => x.controllers).map((c) => c.stop()));
      await elector?.stop();
      await Promise.all(reflectors.map((r) => r.stop()));
      await Promise.all(servers.map((s) => s.close()));
      await statusServer?.stop();
      await admission.stop();
      await client.close();
    },
  };
}
