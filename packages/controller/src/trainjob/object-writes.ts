// SPDX-License-Identifier: Apache-2.0
// Step 3 of the TrainJob reconcile: render the job and write only what the apply policies and the
// hashes last applied call for (apply-decision.ts), each object once the objects of its `after`
// are finished; the stores remember our own writes until the reflectors catch up.

import { FieldManagers, ForeignKinds, type AnyTrainingRuntime, type TrainJob } from '@kubetrain/api/core';
import {
  Applier,
  isAlreadyExists,
  isNotFound,
  keyOf,
  metadataOnly,
  type KubeApi,
  type KubeObject,
  type Logger,
  type ResourceRef,
  type Store,
} from '../cluster/kube.js';
import { freshest } from '../cluster/freshest.js';
import { ResourceIndex } from '../cluster/resources.js';
import { configMapMetadata, jobSetProjection, type ManagerStores } from '../cluster/stores.js';
import {
  isWorkloadSuspended,
  newSSHKeyPair,
  type DesiredObject,
  type Engine,
  type SSHKeyPair,
} from '../engine/engine-port.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { isComparedOnAdoption, reconciledBefore, sameConfigMapContent } from './adoption.js';
import { AppliedHashes } from './applied-hashes.js';
import { decideApply, type ObservedObject } from './apply-decision.js';
import { initializerJobProjection, leaderWorkerSetProjection } from './lws-projections.js';
import type { LeaderWorkerSetWatches } from './lws-watches.js';
import { appliedHashOf, markOwned } from './owned-marks.js';
import { observedSecret } from './secret-writes.js';

/** What the writer is built from. */
export interface ObjectWriterDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  readonly engine: Engine;
  readonly metrics: ManagerMetrics;
  readonly now: () => Date;
  /** The LeaderWorkerSet backend's watches; set only when the gate `LeaderWorkerSetBackend` is on. */
  readonly leaderWorkerSets?: LeaderWorkerSetWatches;
}

/** What the apply step did: the workload kind it created now, if any, and which backend renders. */
export interface Applied {
  readonly created?: string;
  readonly leaderWorkerSet: boolean;
}

/** The TrainJob an apply step writes for, and what it decided for all its objects. */
interface JobWrite {
  readonly key: string;
  readonly uid: string;
  readonly name: string;
  readonly suspended: boolean;
  /** The workload is applied in this reconcile (generated Secrets are created with it). */
  readonly workloadDue: boolean;
  /** A manager has reconciled the job before (adoption.ts): it may own objects the stores do not see. */
  readonly adopting: boolean;
  readonly log: () => Logger;
}

/** What the store of `kind` keeps of an object we wrote (as its reflector's transform would). */
function projectionOf(kind: string): (object: KubeObject) => KubeObject {
  switch (kind) {
    case 'JobSet':
      return jobSetProjection;
    case 'LeaderWorkerSet':
      return leaderWorkerSetProjection;
    case 'Job':
      return initializerJobProjection;
    case 'ConfigMap':
      return configMapMetadata;
    default:
      return metadataOnly;
  }
}

/** See the module comment. */
export class ObjectWriter {
  private readonly hashes = new AppliedHashes();
  /** The MPI SSH key pair of each job whose Secret may be created, by TrainJob key. */
  private readonly sshKeys = new Map<string, { readonly uid: string; readonly pair: SSHKeyPair }>();
  private readonly applier: Applier;
  private readonly resources: ResourceIndex;

  constructor(private readonly deps: ObjectWriterDeps) {
    this.applier = new Applier(deps.client, { fieldManager: FieldManagers.Trainer });
    this.resources = new ResourceIndex(deps.engine.ownedKinds);
  }

  /** Forgets the hashes applied for the TrainJob `key` (it is gone or finished). */
  forget(key: string): void {
    this.hashes.forget(key);
    this.sshKeys.delete(key);
  }

  /**
   * The job's MPI SSH key pair: made once per job and process and kept until the job is forgotten,
   * so a suspended job's reconciles (each may re-apply the workload) cost no key derivation.
   */
  private sshKeyPairOf(key: string, uid: string): SSHKeyPair {
    const kept = this.sshKeys.get(key);
    if (kept?.uid === uid) return kept.pair;
    const pair = newSSHKeyPair();
    this.sshKeys.set(key, { uid, pair });
    return pair;
  }

  /**
   * Writes what the policies call for, each object only once the objects of its `after` are
   * finished; returns the workload kind created now (if any) and whether the render is a
   * LeaderWorkerSet's.
   */
  async write(
    key: string,
    trainJob: TrainJob,
    runtime: AnyTrainingRuntime,
    log: () => Logger,
  ): Promise<Applied> {
    const uid = trainJob.metadata?.uid ?? '';
    const name = trainJob.metadata?.name ?? '';
    const suspended = trainJob.spec?.suspend === true;
    // An object waits for its `after` (the LeaderWorkerSet for its initializer Jobs' completion).
    const ready = (d: DesiredObject) =>
      d.after === undefined || this.deps.leaderWorkerSets?.afterSatisfied(d.after) === true;
    // One render. Generated Secrets (MPI SSH keys) are created only when the workload is applied
    // in this reconcile (secret-writes.ts); their keys are made only when it may be.
    // With the gate TrainJobStatus: the status server's CA for `<tj>-tls-config` (a cached read).
    const statusServerCA = await this.deps.engine.statusServerCA?.();
    const rendered = this.deps.engine.render(trainJob, runtime, {
      ...(this.workloadMayApply(trainJob, suspended)
        ? { mpiSSHKeyPair: () => this.sshKeyPairOf(key, uid) }
        : {}),
      ...(statusServerCA !== undefined ? { statusServerCA } : {}),
    });
    const workloadDue = rendered.desired.some(
      (d) =>
        d.policy === 'whileAbsentOrSuspended' &&
        ready(d) &&
        this.observe(key, uid, d, false).decision(suspended) !== 'skip',
    );
    const workloads = rendered.desired.filter((d) => d.policy === 'whileAbsentOrSuspended' && ready(d));
    const others = rendered.desired.filter((d) => d.policy !== 'whileAbsentOrSuspended' && ready(d));
    const job: JobWrite = {
      key,
      uid,
      name,
      suspended,
      workloadDue,
      adopting: reconciledBefore(trainJob, this.deps.stores.jobSets),
      log,
    };
    const write = (d: DesiredObject) => this.applyOne(job, d);
    // Secrets and ConfigMaps the pods mount first, then the workload that starts the pods (for a
    // LeaderWorkerSet: the initializer Jobs, then the LeaderWorkerSet, in render order).
    await Promise.all(others.map(write));
    let created: string | undefined;
    for (const d of workloads) {
      const isGroup = d.object.kind === 'JobSet' || d.object.kind === 'LeaderWorkerSet';
      if ((await write(d)) && isGroup) created = d.object.kind;
    }
    if (created !== undefined && trainJob.metadata?.creationTimestamp !== undefined) {
      const seconds =
        (this.deps.now().getTime() - Date.parse(String(trainJob.metadata.creationTimestamp))) / 1000;
      this.deps.metrics.createToJobSet.observe(Math.max(0, seconds));
    }
    const leaderWorkerSet = rendered.desired.some((d) => d.object.kind === 'LeaderWorkerSet');
    return { ...(created !== undefined ? { created } : {}), leaderWorkerSet };
  }

  /**
   * Whether the workload may be applied in this reconcile, a superset of `workloadDue` known before
   * the render: the TrainJob is suspended, or neither backend's store holds its running workload.
   */
  private workloadMayApply(trainJob: TrainJob, suspended: boolean): boolean {
    if (suspended) return true;
    const id = keyOf(trainJob.metadata?.namespace ?? '', trainJob.metadata?.name ?? '');
    for (const kind of [ForeignKinds.JobSet, ForeignKinds.LeaderWorkerSet]) {
      const store = this.storeOf(kind.kind);
      const live = store === undefined ? undefined : freshest(store.getOrRecent(id));
      if (live !== undefined)
        return isWorkloadSuspended({ ...kind, spec: (live as { spec?: unknown }).spec });
    }
    return true;
  }

  /** What is known of the live `d` and the hash last applied; `decision` decides its write. */
  private observe(key: string, uid: string, d: DesiredObject, workloadDue: boolean) {
    const objectId = `${d.key.group}/${d.key.kind}/${d.key.namespace}/${d.key.name}`;
    const last = this.hashes.get(key, uid, objectId);
    const store = this.storeOf(d.object.kind);
    const live = store ? freshest(store.getOrRecent(keyOf(d.key.namespace, d.key.name))) : undefined;
    let observed: ObservedObject;
    if (store !== undefined) {
      observed = {
        exists: live !== undefined,
        suspended:
          live !== undefined &&
          isWorkloadSuspended({
            apiVersion: d.object.apiVersion,
            kind: d.object.kind,
            spec: (live as { spec?: unknown }).spec,
          }),
        ...(appliedHashOf(live) !== undefined ? { appliedHash: appliedHashOf(live) as string } : {}),
      };
    } else if (d.object.kind === 'Secret') {
      observed = observedSecret(d.policy, workloadDue, last);
    } else {
      observed = { exists: last !== undefined };
    }
    return {
      objectId,
      last,
      store,
      observed,
      decision: (suspended: boolean) => decideApply(d, suspended, observed, last),
    };
  }

  /** Observes, decides and writes one object; returns true when a workload was created. */
  private async applyOne(job: JobWrite, d: DesiredObject): Promise<boolean> {
    const { key, uid, name: trainJobName, suspended, workloadDue, adopting, log } = job;
    const { objectId, last, store, observed, decision: decide } = this.observe(key, uid, d, workloadDue);
    const decision = decide(suspended);
    if (decision === 'skip') {
      if (last === undefined && observed.appliedHash === d.hash) this.hashes.set(key, uid, objectId, d.hash);
      return false;
    }
    const ref = this.resources.resourceFor(d.object.apiVersion, d.object.kind);
    if (decision === 'apply' && (await this.adoptedAsDesired(key, uid, ref, d, observed, last, adopting)))
      return false;
    const body = markOwned(d.object, trainJobName, d.hash) as KubeObject;
    let written: KubeObject | undefined;
    if (decision === 'create') {
      try {
        written = await this.deps.client.create(ref, body, {
          namespace: d.key.namespace,
          fieldManager: FieldManagers.Trainer,
        });
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    } else {
      written = await this.applier.apply(ref, body);
    }
    if (written !== undefined && store !== undefined) {
      store.recordWrite(projectionOf(d.object.kind)(written));
    }
    this.hashes.set(key, uid, objectId, d.hash);
    log().debug('Applied object', { kind: d.object.kind, object: d.key.name, decision });
    return d.policy === 'whileAbsentOrSuspended' && !observed.exists;
  }

  /**
   * Whether `d` is known to exist as desired, written by another manager: the label-selected store
   * cannot see it, or it has no applied-hash annotation, and nothing was applied here. Its content
   * is read once (adoption.ts) and remembered, so an adopted object costs one GET and no write.
   */
  private async adoptedAsDesired(
    key: string,
    uid: string,
    ref: ResourceRef,
    d: DesiredObject,
    observed: ObservedObject,
    last: string | undefined,
    adopting: boolean,
  ): Promise<boolean> {
    // Once this process applied the object, its own hash decides (the adopted content is past).
    if (d.policy !== 'always' || !isComparedOnAdoption(d.object.kind) || last !== undefined) return false;
    const adoptedId = `adopted/${d.key.kind}/${d.key.namespace}/${d.key.name}`;
    if (this.hashes.get(key, uid, adoptedId) === d.hash) return true;
    const foreign = observed.exists ? observed.appliedHash === undefined : adopting;
    if (!foreign) return false;
    let live: KubeObject;
    try {
      live = await this.deps.client.get(ref, d.key.name, { namespace: d.key.namespace });
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    if (!sameConfigMapContent(d.object as KubeObject, live)) return false;
    this.hashes.set(key, uid, adoptedId, d.hash);
    return true;
  }

  private storeOf(kind: string): Store | undefined {
    switch (kind) {
      case 'JobSet':
        return this.deps.stores.jobSets;
      case 'ConfigMap':
        return this.deps.stores.configMaps;
      case 'LeaderWorkerSet':
        return this.deps.leaderWorkerSets?.leaderWorkerSets;
      case 'Job':
        return this.deps.leaderWorkerSets?.jobs;
      default:
        return undefined;
    }
  }
}
