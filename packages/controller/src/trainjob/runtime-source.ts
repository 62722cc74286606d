// SPDX-License-Identifier: Apache-2.0
// Step 2 of the reconcile: the runtime a TrainJob renders with. Its snapshot ConfigMap
// `<tj>-runtime-snapshot` when it has one (read by name: the store keeps ConfigMaps as metadata
// only); else the live runtime from the store, of which the snapshot is then created (POST: never
// overwrite a snapshot, not even one upstream wrote without our label). Parsed snapshots are kept in
// memory per TrainJob uid, so a job reads its snapshot at most once per process.

import type { AnyTrainingRuntime, TrainJob } from '@kubetrain/api/core';
import {
  isAlreadyExists,
  isNotFound,
  keyOf,
  metadataOnly,
  type KubeApi,
  type KubeObject,
} from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import type { ManagerStores } from '../cluster/stores.js';
import {
  buildSnapshot,
  findLiveRuntime,
  readSnapshot,
  RuntimeNotFoundError,
  runtimeSnapshotName,
  type KubeObject as EngineObject,
} from '../engine/engine-port.js';
import { FieldManagers } from '@kubetrain/api/core';
import { markOwned } from './owned-marks.js';

/** The referenced runtime does not exist (yet): upstream's message; the job waits for it. */
export class RuntimeMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeMissingError';
  }
}

/** Where a TrainJob's runtime comes from. */
export class RuntimeSource {
  private readonly memo = new Map<string, AnyTrainingRuntime>();

  constructor(
    private readonly client: KubeApi,
    private readonly stores: ManagerStores,
  ) {}

  /**
   * The runtime of `trainJob`: from its snapshot, else the live one (creating the snapshot). Throws
   * {@link RuntimeMissingError} when there is no snapshot and the runtime does not exist, the
   * engine's RuntimeSnapshotError for an unusable snapshot, and API errors.
   */
  async resolve(trainJob: TrainJob): Promise<AnyTrainingRuntime> {
    const uid = trainJob.metadata?.uid ?? '';
    const memo = this.memo.get(uid);
    if (memo !== undefined) return memo;
    const namespace = trainJob.metadata?.namespace ?? '';
    const name = runtimeSnapshotName(trainJob);
    const known = this.stores.configMaps.getOrRecent(keyOf(namespace, name));
    let runtime = known.state === 'absent' ? undefined : await this.readExisting(trainJob, namespace, name);
    runtime ??= await this.snapshotLive(trainJob, namespace);
    this.memo.set(uid, runtime);
    return runtime;
  }

  /** Forgets what is kept for the TrainJob `uid` (deleted or finished). */
  forget(uid: string): void {
    this.memo.delete(uid);
  }

  private async readExisting(
    trainJob: TrainJob,
    namespace: string,
    name: string,
  ): Promise<AnyTrainingRuntime | undefined> {
    let configMap: KubeObject;
    try {
      configMap = await this.client.get(ManagerResources.ConfigMap, name, { namespace });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    return readSnapshot(trainJob, configMap as EngineObject);
  }

  private async snapshotLive(trainJob: TrainJob, namespace: string): Promise<AnyTrainingRuntime> {
    let live: AnyTrainingRuntime;
    try {
      live = findLiveRuntime(trainJob, {
        getTrainingRuntime: (ns, n) =>
          this.stores.trainingRuntimes.getByName(ns, n) as AnyTrainingRuntime | undefined,
        getClusterTrainingRuntime: (n) =>
          this.stores.clusterTrainingRuntimes.getByName(undefined, n) as AnyTrainingRuntime | undefined,
      });
    } catch (error) {
      if (error instanceof RuntimeNotFoundError) throw new RuntimeMissingError(error.message);
      throw error;
    }
    const snapshot = buildSnapshot(trainJob, live);
    const body = markOwned(snapshot.object, trainJob.metadata?.name ?? '', snapshot.hash);
    try {
      const created = await this.client.create(ManagerResources.ConfigMap, body as KubeObject, {
        namespace,
        fieldManager: FieldManagers.Trainer,
      });
      this.stores.configMaps.recordWrite(metadataOnly(created));
      return live;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    // Created meanwhile (a previous process, or upstream's manager): the existing one wins.
    const existing = await this.readExisting(trainJob, namespace, snapshot.key.name);
    return existing ?? live;
  }
}
