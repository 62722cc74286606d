// SPDX-License-Identifier: Apache-2.0
// Step 2 of the reconcile: the runtime a TrainJob renders with, decided as upstream decides it
// (`pkg/runtime/core/trainingruntime.go`): its snapshot ConfigMap `<tj>-runtime-snapshot` when it has
// one, whatever its labels; else the live runtime from the store, of which the snapshot is then
// created (POST: a snapshot is never overwritten, not even one upstream wrote). The store keeps
// kubetrain's (labelled) snapshots as metadata only and cannot see upstream's (no label), so the
// data is read by name. The read is skipped only where no snapshot can be unseen: a job that no
// manager has reconciled yet (no status, no JobSet) whose runtime exists is created from the live
// runtime with one POST, and an AlreadyExists (a snapshot after all) reads and uses that one. Parsed
// snapshots are kept in memory per TrainJob uid: a job reads its snapshot at most once per process.

import type { AnyTrainingRuntime, TrainJob } from '@kubetrain/api/core';

/** A runtime's `spec.runPolicy`: the lifecycle defaults of its TrainJobs. */
export type RunPolicy = NonNullable<NonNullable<AnyTrainingRuntime['spec']>['runPolicy']>;
import { isAlreadyExists, isNotFound, keyOf, type KubeApi, type KubeObject } from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import { configMapMetadata, type ManagerStores } from '../cluster/stores.js';
import {
  buildSnapshot,
  findLiveRuntime,
  readSnapshot,
  RuntimeNotFoundError,
  runtimeSnapshotName,
  type KubeObject as EngineObject,
} from '../engine/engine-port.js';
import { FieldManagers } from '@kubetrain/api/core';
import { reconciledBefore } from './adoption.js';
import { markOwned } from './owned-marks.js';

/** The referenced runtime does not exist (yet): upstream's message; the job waits for it. */
export class RuntimeMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeMissingError';
  }
}

/** The live runtime a TrainJob names, or upstream's message saying it does not exist. */
type LiveRuntime =
  | { readonly runtime: AnyTrainingRuntime; readonly missing?: undefined }
  | { readonly runtime?: undefined; readonly missing: string };

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
   * engine's RuntimeSnapshotError for an unusable snapshot, UnsupportedRuntimeError for a runtimeRef
   * of another kind, and API errors.
   */
  async resolve(trainJob: TrainJob): Promise<AnyTrainingRuntime> {
    const uid = trainJob.metadata?.uid ?? '';
    const memo = this.memo.get(uid);
    if (memo !== undefined) return memo;
    const namespace = trainJob.metadata?.namespace ?? '';
    const name = runtimeSnapshotName(trainJob);
    const live = this.liveRuntime(trainJob);
    let runtime = this.readsFirst(trainJob, keyOf(namespace, name), live)
      ? await this.readExisting(trainJob, namespace, name)
      : undefined;
    runtime ??= await this.snapshotLive(trainJob, namespace, live);
    this.memo.set(uid, runtime);
    return runtime;
  }

  /**
   * The run policy (`spec.runPolicy`, KEP-2899) that gives `trainJob` its default deadline and TTL:
   * the live runtime's, read from the store on every reconcile (the KEP resolves the values per
   * reconcile against the referenced runtime, which the ResourceInUse finalizer keeps while jobs use
   * it), else the job's snapshot if this process holds it; undefined when neither is known.
   */
  runPolicyOf(trainJob: TrainJob): RunPolicy | undefined {
    let live: LiveRuntime;
    try {
      live = this.liveRuntime(trainJob);
    } catch {
      return undefined; // a runtimeRef of another kind: no run policy
    }
    const runtime = live.runtime ?? this.memo.get(trainJob.metadata?.uid ?? '');
    return runtime?.spec?.runPolicy;
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

  /** The live runtime the job names, or upstream's message saying it does not exist. */
  private liveRuntime(trainJob: TrainJob): LiveRuntime {
    try {
      return {
        runtime: findLiveRuntime(trainJob, {
          getTrainingRuntime: (ns, n) =>
            this.stores.trainingRuntimes.getByName(ns, n) as AnyTrainingRuntime | undefined,
          getClusterTrainingRuntime: (n) =>
            this.stores.clusterTrainingRuntimes.getByName(undefined, n) as AnyTrainingRuntime | undefined,
        }),
      };
    } catch (error) {
      if (error instanceof RuntimeNotFoundError) return { missing: error.message };
      throw error;
    }
  }

  /**
   * Whether the snapshot is read by name before one is created: when the store holds it (ours),
   * when there is no live runtime to snapshot, and when a manager has reconciled the job before
   * (it has a status or a JobSet), which may have left a snapshot the store does not see.
   */
  private readsFirst(trainJob: TrainJob, snapshotKey: string, live: LiveRuntime): boolean {
    if (this.stores.configMaps.getOrRecent(snapshotKey).state !== 'absent') return true;
    if (live.runtime === undefined) return true;
    return reconciledBefore(trainJob, this.stores.jobSets);
  }

  private async snapshotLive(
    trainJob: TrainJob,
    namespace: string,
    found: LiveRuntime,
  ): Promise<AnyTrainingRuntime> {
    if (found.runtime === undefined) throw new RuntimeMissingError(found.missing);
    const live = found.runtime;
    const snapshot = buildSnapshot(trainJob, live);
    const body = markOwned(snapshot.object, trainJob.metadata?.name ?? '', snapshot.hash);
    try {
      const created = await this.client.create(ManagerResources.ConfigMap, body as KubeObject, {
        namespace,
        fieldManager: FieldManagers.Trainer,
      });
      this.stores.configMaps.recordWrite(configMapMetadata(created));
      return live;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    // A snapshot after all (upstream's, left before the job had a status or a JobSet, or created
    // meanwhile): the existing one wins.
    const existing = await this.readExisting(trainJob, namespace, snapshot.key.name);
    return existing ?? live;
  }
}
