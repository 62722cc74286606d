// SPDX-License-Identifier: Apache-2.0
// The TrainJob reconciler with the manager's parts around it, for unit tests: the stores filled as
// the reflectors would, an in-memory client recording every request, a fake clock, the engine with
// its renders counted, and a ClusterTrainingRuntime of upstream's.
import { KubetrainAnnotations, type TrainJob } from '@kubetrain/api/core';
import { createLogger } from '@kubetrain/log';
import { FakeClock, InMemoryClient, makeTrainJob, upstreamRuntimes } from '@kubetrain/testing';
import type { KubeObject } from '../src/cluster/kube.js';
import { ManagerResources } from '../src/cluster/resources.js';
import { createStores, type ManagerStores } from '../src/cluster/stores.js';
import { createEngine } from '../src/engine/engine-port.js';
import { EventRecorder } from '../src/events/event-recorder.js';
import { ManagerMetrics } from '../src/metrics/metrics.js';
import { LeaderWorkerSetWatches } from '../src/trainjob/lws-watches.js';
import { TrainJobReconciler } from '../src/trainjob/trainjob-reconciler.js';

export const T0 = '2026-01-01T00:00:00Z';
export const NS = 'team-a';
export const KEY = `${NS}/job`;
/** The engine's API types (Date timestamps) as the stores' plain JSON objects. */
export const asObject = (o: object) => o as unknown as KubeObject;
const logger = createLogger({ level: 'error', write: () => undefined });

/** The manager's parts around one reconciler, on either workload backend, with a runtime of upstream's. */
export function world(backend: 'JobSet' | 'LeaderWorkerSet' = 'JobSet', runtimeName = 'torch-distributed') {
  const clock = new FakeClock(T0);
  const client = new InMemoryClient(clock.now);
  const stores: ManagerStores = createStores(logger);
  const lws = backend === 'LeaderWorkerSet';
  const leaderWorkerSets = lws ? new LeaderWorkerSetWatches(logger) : undefined;
  const engine = createEngine({ config: {}, featureGates: { LeaderWorkerSetBackend: lws } });
  /** Whether each render may make the MPI SSH Secret, in order. */
  const renders: boolean[] = [];
  /** The MPI SSH key pair source each render that may make the Secret was given. */
  const keyPairs: Array<() => unknown> = [];
  const reconciler = new TrainJobReconciler({
    client,
    stores,
    engine: {
      ...engine,
      render: (...args) => {
        renders.push(args[2].mpiSSHKeyPair !== undefined);
        if (args[2].mpiSSHKeyPair !== undefined) keyPairs.push(args[2].mpiSSHKeyPair);
        return engine.render(...args);
      },
    },
    events: new EventRecorder(client, 'trainjob-controller', 'trainjob-controller-test', logger),
    metrics: new ManagerMetrics({ processMetrics: false }),
    logger,
    now: clock.now,
    statusCoalesceWindowMs: 0,
    ...(leaderWorkerSets !== undefined ? { leaderWorkerSets } : {}),
  });
  const runtime = structuredClone(upstreamRuntimes().get(runtimeName)!.runtime);
  if (lws)
    runtime.metadata.annotations = {
      ...runtime.metadata.annotations,
      [KubetrainAnnotations.Workload]: 'LeaderWorkerSet',
    };
  stores.clusterTrainingRuntimes.upsert(
    asObject(client.seed(ManagerResources.ClusterTrainingRuntime, runtime)),
  );
  /** Stores the TrainJob as the API server and the reflector would. */
  const submit = (job: TrainJob) => {
    const stored = client.seed(ManagerResources.TrainJob, job);
    stores.trainJobs.upsert(asObject(stored));
    return stored;
  };
  /** Lets the reflectors catch up with the snapshot, the JobSet and the TrainJob the client holds. */
  const relist = () => {
    const cm = client.object(ManagerResources.ConfigMap, NS, 'job-runtime-snapshot');
    if (cm !== undefined) stores.configMaps.upsert(cm);
    const js = client.object(ManagerResources.JobSet, NS, 'job');
    if (js !== undefined) stores.jobSets.upsert(js);
    const tj = client.object(ManagerResources.TrainJob, NS, 'job');
    if (tj !== undefined) stores.trainJobs.upsert(tj);
  };
  return { clock, client, stores, reconciler, submit, relist, leaderWorkerSets, renders, keyPairs };
}

/** The reconciled TrainJob `team-a/job`, created at {@link T0}, with two nodes. */
export const job = () => makeTrainJob(NS, 'job').creationTimestamp(T0).numNodes(2);

/** The writes besides events (events are best effort and asserted where they matter). */
export const writesOf = (client: InMemoryClient) => client.writes().filter((w) => !w.endsWith(' events'));
