// SPDX-License-Identifier: Apache-2.0
// The controller's one door into the engine (@kubetrain/runtime): every call the reconciler makes
// into rendering, status (with the active deadline), the runtime snapshot and runtime lookup goes
// through this module, so that a change of the engine's API touches this file only.

import { randomBytes } from 'node:crypto';
import {
  FeatureGateNames,
  formatMetaTime,
  StatusServer,
  type AnyTrainingRuntime,
  type JobSet,
  type TrainJob,
  type TrainJobStatus,
} from '@kubetrain/api/core';
import {
  defaultPlugins,
  deriveSSHKeyPair,
  desiredRuntimeSnapshot,
  isEngineError,
  isTrainJobFinished,
  isKueueManaged,
  isWorkloadSuspended,
  readRuntimeSnapshot,
  render,
  resolveRuntime,
  RuntimeNotFoundError,
  RuntimeSnapshotError,
  runtimeSnapshotName,
  status,
  UnsupportedRuntimeError,
  watchedKinds,
  type ApplyPolicy,
  type DesiredObject,
  type GroupRecreateRequest,
  type KubeObject,
  type ObjectKey,
  type ObservedJob,
  type ObservedLeaderWorkerSet,
  type ObservedPod,
  type Plugin,
  type SSHKeyPair,
  type StatusServerCA,
  type WorkloadPatch,
} from '@kubetrain/runtime';
import { parse, stringify } from 'yaml';
import { StatusServerCASource } from './status-server-ca.js';

export {
  isEngineError,
  isKueueManaged,
  isWorkloadSuspended,
  RuntimeNotFoundError,
  RuntimeSnapshotError,
  runtimeSnapshotName,
  UnsupportedRuntimeError,
};
export type {
  ApplyPolicy,
  DesiredObject,
  GroupRecreateRequest,
  KubeObject,
  ObjectKey,
  ObservedJob,
  ObservedLeaderWorkerSet,
  ObservedPod,
  SSHKeyPair,
  WorkloadPatch,
};

/** A fresh MPI SSH key pair, from 32 random bytes (as upstream generates one per Secret). */
export function newSSHKeyPair(): SSHKeyPair {
  return deriveSSHKeyPair(randomBytes(32));
}

/** What the engine is configured with: the frozen Configuration and feature gates. */
interface EngineSettings {
  readonly config: Readonly<Record<string, unknown>>;
  readonly featureGates: Readonly<Record<string, boolean>>;
  /** The manager's namespace: the status server's Service and the webhook certificate Secret are there. */
  readonly operatorNamespace?: string;
  /**
   * GETs a Secret (gate `TrainJobStatus`: the webhook certificate Secret, for the status server's
   * CA). Without it no `<tj>-tls-config` ConfigMap is rendered.
   */
  readonly readSecret?: (namespace: string, name: string) => Promise<object>;
  /** Called when a read of that Secret finds a new CA (a rotation): re-queue the unfinished TrainJobs. */
  readonly onStatusServerCAChange?: () => void;
}

/** The status step's answer (steps 5 to 7 of upstream's reconcile). */
export interface StatusOutcome {
  /** The status the TrainJob should have. */
  readonly status: TrainJobStatus;
  /** Whether it differs from the TrainJob's current status. */
  readonly changed: boolean;
  /** The active deadline passed: the status is Failed/DeadlineExceeded and the JobSet must go. */
  readonly deadlineExceeded: boolean;
  /** An active deadline runs: reconcile again after this many ms. */
  readonly requeueAfterMs?: number;
  /**
   * LeaderWorkerSet backend: a JSON merge patch to send to the object `key` after the status write
   * (the group's progress annotation; `spec.replicas: 0` once the job is finished).
   */
  readonly workloadPatch?: WorkloadPatch;
  /**
   * LeaderWorkerSet backend: the leader pod to delete after the status write (and the patch), so
   * that the LeaderWorkerSet recreates the group: the attempt failed, or a pod of it is gone.
   */
  readonly recreateGroup?: GroupRecreateRequest;
  /** The workload of an unfinished TrainJob is missing (the store may lag our create): retry. */
  readonly workloadMissing: boolean;
}

/**
 * What the status step observes: the JobSet, or, for a TrainJob whose runtime renders a
 * LeaderWorkerSet, what exists of it (present even when nothing exists yet: it selects that backend).
 */
export interface ObservedWorkloadInput {
  readonly jobSet?: JobSet;
  readonly leaderWorkerSet?: ObservedLeaderWorkerSet;
}

/** What a render needs besides the TrainJob and its runtime. */
interface RenderInputs {
  /**
   * The MPI SSH key pair, asked for only by an MPI runtime; absent: no generated Secret is rendered
   * (it is rendered only when it may be created).
   */
  readonly mpiSSHKeyPair?: () => SSHKeyPair;
  /** The status server's CA (gate `TrainJobStatus`), from {@link Engine.statusServerCA}. */
  readonly statusServerCA?: StatusServerCA;
}

/** A render's answer. */
export interface Rendered {
  /** The desired objects, each with key, hash and apply policy. */
  readonly desired: readonly DesiredObject[];
}

/** The engine operations the reconciler calls, with the plugins the settings select. */
export interface Engine {
  /**
   * Every object the TrainJob needs on `runtime`, each with key, hash and apply policy; the MPI SSH
   * Secret only with `inputs.mpiSSHKeyPair`. Throws the engine's errors.
   */
  render(trainJob: TrainJob, runtime: AnyTrainingRuntime, inputs: RenderInputs): Rendered;
  /**
   * Suspended, Complete/Failed and jobsStatus from the observed workload (the JobSet, or the
   * LeaderWorkerSet with its pods and initializer Jobs), startTime and completionTime, then the
   * active deadline: the job's own, else `runPolicy.activeDeadlineSeconds` (its runtime's).
   */
  status(
    trainJob: TrainJob,
    observed: ObservedWorkloadInput,
    now: Date,
    runPolicy?: { readonly activeDeadlineSeconds?: number },
  ): StatusOutcome;
  /**
   * With the gate `TrainJobStatus` (and `readSecret`): the status server's CA for the next render,
   * read from the webhook certificate Secret at most once a minute (status-server-ca.ts).
   */
  readonly statusServerCA?: () => Promise<StatusServerCA>;
  /** Whether the gate `LeaderWorkerSetBackend` is on: the plugins render LeaderWorkerSets. */
  readonly leaderWorkerSetBackend: boolean;
  /** The kinds the plugins (and the engine) create for TrainJobs: group, version, kind, plural resource. */
  readonly ownedKinds: ReadonlyArray<{ group: string; version: string; kind: string; resource: string }>;
}

/** The engine with the default plugins, created with the settings' configuration and gates. */
export function createEngine(settings: EngineSettings): Engine {
  const plugins: readonly Plugin[] = defaultPlugins({
    config: settings.config,
    featureGates: settings.featureGates,
    ...(settings.operatorNamespace !== undefined ? { operatorNamespace: settings.operatorNamespace } : {}),
  });
  const ca = statusServerCASource(settings);
  return {
    ...(ca !== undefined ? { statusServerCA: () => ca.current() } : {}),
    ownedKinds: watchedKinds(plugins).filter((k) => k.owned),
    leaderWorkerSetBackend: settings.featureGates[FeatureGateNames.LeaderWorkerSetBackend] === true,
    render(trainJob, runtime, inputs) {
      const mpiSSHKeyPair = () => inputs.mpiSSHKeyPair?.();
      const { statusServerCA } = inputs;
      return {
        desired: render(trainJob, runtime, {
          plugins,
          secrets: { mpiSSHKeyPair },
          ...(statusServerCA !== undefined ? { statusServerCA } : {}),
        }).desired,
      };
    },
    status(trainJob, observed, now, runPolicy) {
      const { jobSet, leaderWorkerSet } = observed;
      const outcome = status(
        trainJob,
        {
          ...(jobSet !== undefined ? { jobSet } : {}),
          ...(leaderWorkerSet !== undefined ? { leaderWorkerSet } : {}),
          ...(runPolicy !== undefined ? { runPolicy } : {}),
          now: formatMetaTime(now),
        },
        { plugins },
      );
      return {
        status: outcome.status,
        changed: outcome.changed,
        deadlineExceeded: outcome.deadlineExceeded === true,
        workloadMissing: outcome.retry !== undefined,
        ...(outcome.requeueAfterMs !== undefined ? { requeueAfterMs: outcome.requeueAfterMs } : {}),
        ...(outcome.workloadPatch !== undefined ? { workloadPatch: outcome.workloadPatch } : {}),
        ...(outcome.recreateGroup !== undefined ? { recreateGroup: outcome.recreateGroup } : {}),
      };
    },
  };
}

/** The CA source of the gate `TrainJobStatus`, reading `certManagement.webhookSecretName` in the operator namespace. */
function statusServerCASource(settings: EngineSettings): StatusServerCASource | undefined {
  const read = settings.readSecret;
  if (settings.featureGates[FeatureGateNames.TrainJobStatus] !== true || read === undefined) return undefined;
  const cert = (settings.config as { certManagement?: { webhookSecretName?: unknown } }).certManagement;
  const name =
    typeof cert?.webhookSecretName === 'string' ? cert.webhookSecretName : StatusServer.WebhookSecretName;
  const namespace = settings.operatorNamespace ?? StatusServer.OperatorNamespace;
  return new StatusServerCASource(
    () => read(namespace, name),
    Date.now,
    () => settings.onStatusServerCAChange?.(),
  );
}

/** True when the status has `Complete=True` or `Failed=True`: the TrainJob is terminal. */
export function isFinished(status: TrainJobStatus | undefined): boolean {
  return isTrainJobFinished({ status });
}

/** Read access to the live runtimes (the stores); undefined when the object does not exist. */
interface LiveRuntimes {
  getTrainingRuntime(namespace: string, name: string): AnyTrainingRuntime | undefined;
  getClusterTrainingRuntime(name: string): AnyTrainingRuntime | undefined;
}

/**
 * The live runtime the TrainJob's runtimeRef names, as stored (not defaulted: the snapshot holds it
 * as read). Throws {@link RuntimeNotFoundError} with upstream's message when it does not exist, and
 * {@link UnsupportedRuntimeError} for other kinds.
 */
export function findLiveRuntime(trainJob: TrainJob, live: LiveRuntimes): AnyTrainingRuntime {
  let found: AnyTrainingRuntime | undefined;
  resolveRuntime(trainJob, {
    getTrainingRuntime: (namespace, name) => (found = live.getTrainingRuntime(namespace, name)),
    getClusterTrainingRuntime: (name) => (found = live.getClusterTrainingRuntime(name)),
  });
  return found as AnyTrainingRuntime;
}

/** The snapshot ConfigMap of `runtime` for the TrainJob, as a desired object (`createOnly`). */
export function buildSnapshot(trainJob: TrainJob, runtime: AnyTrainingRuntime): DesiredObject {
  return desiredRuntimeSnapshot(trainJob, runtime, runtimeYaml);
}

/**
 * The YAML of each runtime object once: every TrainJob of a burst snapshots the same stored
 * runtime, and stringify was 7 % of the manager's CPU at N = 1000. Keyed by the object itself (the
 * stores replace, never mutate, what they hold), so an updated runtime is a new entry.
 */
const yamlOfRuntime = new WeakMap<object, string>();

function runtimeYaml(object: unknown): string {
  if (typeof object !== 'object' || object === null) return stringify(object);
  let text = yamlOfRuntime.get(object);
  if (text === undefined) yamlOfRuntime.set(object, (text = stringify(object)));
  return text;
}

/** The runtime held by a snapshot ConfigMap; throws {@link RuntimeSnapshotError} as upstream. */
export function readSnapshot(trainJob: TrainJob, configMap: KubeObject): AnyTrainingRuntime {
  return readRuntimeSnapshot(trainJob, configMap, (text) => parse(text) as unknown) as AnyTrainingRuntime;
}
