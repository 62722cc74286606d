// SPDX-License-Identifier: Apache-2.0
// The plugin contract: one small interface per extension point (upstream
// `pkg/runtime/framework/interface.go`). A plugin implements only the points it needs; the framework
// finds them with the type guards below.

import type {
  JobSet,
  LeaderWorkerSet,
  TrainJobStatus,
  ValidationResult,
  WorkloadBackend,
} from '@kubetrain/api/core';
import type { ObjectKey } from './desired.js';
import type { KubeObject, TrainJob, TrainingRuntime } from '../types.js';
import type { EngineError } from './errors.js';
import type { KindUse } from './kinds.js';
import type { RuntimeInfo } from './runtime-info.js';

/** Every plugin has a name, spelled as upstream's (`Torch`, `MPI`, `JobSet`, ...). */
export interface Plugin {
  readonly name: string;
  /**
   * The kinds the plugin reads or owns. Every kind its build point returns must be declared owned:
   * the declaration's policy is the objects' apply policy. See `watchedKinds`.
   */
  readonly kinds?: readonly KindUse[];
  /**
   * Set by a workload plugin: the backend it renders and reads the status of. A runtime's
   * `kubetrain.dev/workload` opt-in is honoured only when a registered plugin serves it.
   */
  readonly workloadBackend?: WorkloadBackend;
}

/** Key material for the MPI SSH Secret: PEM private key and OpenSSH authorized_keys line. */
export interface SSHKeyPair {
  /** PEM text, `-----BEGIN EC PRIVATE KEY-----` as upstream. */
  readonly privateKey: string;
  /** One `authorized_keys` line ending in `\n` (`ecdsa-sha2-nistp521 AAAA...`). */
  readonly publicKey: string;
}

/**
 * Secret material the engine cannot make itself (it has no randomness). The caller supplies it;
 * see `deriveSSHKeyPair` for a deterministic derivation from a caller-held seed.
 */
export interface SecretMaterial {
  /**
   * The key pair for `<tj>-mpi-ssh-auth`. Upstream creates that Secret once and never updates it,
   * so a controller returns a fresh pair only when the Secret does not exist yet and `undefined`
   * otherwise; on `undefined` the engine renders no Secret.
   */
  mpiSSHKeyPair?(trainJob: TrainJob): SSHKeyPair | undefined;
}

/**
 * What the controller read of the webhook certificate Secret (`certManagement.webhookSecretName` in
 * the operator namespace) for the status server's CA: its `ca.crt`, decoded (undefined when the
 * Secret has no such key), or why it could not be read.
 */
export type StatusServerCA = { readonly caCert: string | undefined } | { readonly lookupError: string };

/** Inputs of the build point beyond RuntimeInfo and the TrainJob. */
export interface BuildContext {
  /** Secret material; absent means "render no generated Secrets". */
  readonly secrets?: SecretMaterial;
  /**
   * The status server's CA (feature gate `TrainJobStatus`); absent means "render no
   * `<tj>-tls-config` ConfigMap" (the pods' injection is rendered all the same).
   */
  readonly statusServerCA?: StatusServerCA;
}

/**
 * Read-only views of cluster state that some validation rules consult (upstream reads them through
 * the controller-runtime client). Each member is optional: a rule whose input is absent is skipped.
 */
export interface ClusterReader {
  /** The JobSet `<name>` in `<namespace>`, or undefined when it does not exist. */
  getJobSet?(namespace: string, name: string): JobSet | undefined;
  /** Whether the PriorityClass `<name>` exists. */
  hasPriorityClass?(name: string): boolean;
}

/** Inputs of the validate point beyond RuntimeInfo and the two TrainJobs. */
export interface ValidationContext {
  /** The referenced runtime, CRD defaults applied. */
  readonly runtime: TrainingRuntime;
  /** Cluster state available to the rules. */
  readonly cluster: ClusterReader;
  /** The registered plugins (rules that ask them, as the name-length pod counts); set by the framework. */
  readonly plugins?: readonly Plugin[];
}

/** A core/v1 ContainerState as the LeaderWorkerSet status reads it. */
export interface ObservedContainerState {
  readonly running?: object;
  readonly waiting?: { readonly reason?: string };
  readonly terminated?: {
    readonly exitCode: number;
    readonly reason?: string;
    readonly finishedAt?: string | Date;
  };
}

/** The part of a core/v1 Pod the LeaderWorkerSet status reads (a whole V1Pod fits). */
export interface ObservedPod {
  readonly metadata?: {
    readonly name?: string;
    readonly uid?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly creationTimestamp?: string | Date;
    readonly deletionTimestamp?: string | Date;
    readonly deletionGracePeriodSeconds?: number;
  };
  readonly status?: {
    readonly phase?: string;
    readonly containerStatuses?: ReadonlyArray<{
      readonly name: string;
      readonly restartCount?: number;
      readonly state?: ObservedContainerState;
      readonly lastState?: ObservedContainerState;
    }>;
    /** Only `DisruptionTarget` (why a pod is being deleted: eviction, preemption, a lost node). */
    readonly conditions?: ReadonlyArray<{
      readonly type: string;
      readonly status: string;
      readonly reason?: string;
    }>;
  };
}

/** The part of a batch/v1 Job the LeaderWorkerSet status reads (an initializer step's Job). */
export interface ObservedJob {
  readonly metadata?: { readonly name?: string };
  readonly spec?: { readonly suspend?: boolean };
  readonly status?: {
    readonly active?: number;
    readonly ready?: number;
    readonly succeeded?: number;
    readonly failed?: number;
    readonly conditions?: ReadonlyArray<{
      readonly type: string;
      readonly status: string;
      readonly reason?: string;
      readonly message?: string;
    }>;
  };
}

/** What the controller observes of a LeaderWorkerSet-backed TrainJob. */
export interface ObservedLeaderWorkerSet {
  /** The LeaderWorkerSet `<tj>`; undefined when it does not exist (yet, or any more). */
  readonly object?: LeaderWorkerSet;
  /** Its pods (label `leaderworkerset.sigs.k8s.io/name=<tj>`), terminating ones included. */
  readonly pods: readonly ObservedPod[];
  /** The initializer steps' Jobs `<tj>-<step>` that exist. */
  readonly jobs: readonly ObservedJob[];
}

/** What the status point sees: the workload the TrainJob owns (if it exists) and the time. */
export interface ObservedWorkload {
  /** The TrainJob's JobSet; undefined when it does not exist. */
  readonly jobSet?: JobSet;
  /**
   * Set for a TrainJob whose runtime renders a LeaderWorkerSet: what exists of it. Its presence
   * selects the LeaderWorkerSet status plugin.
   */
  readonly leaderWorkerSet?: ObservedLeaderWorkerSet;
  /** RFC 3339 time of the observation, the lastTransitionTime of new transitions (no clock in the engine). */
  readonly now: string;
}

/** Sets pod counts, env, ports, volumes and mounts from the runtime's mlPolicy. Build phase, step 1. */
export interface EnforceMLPolicyPlugin extends Plugin {
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void;
}

/** Sets gang-scheduling pod metadata from the runtime's podGroupPolicy. Step 2; counts are final. */
export interface EnforcePodGroupPolicyPlugin extends Plugin {
  enforcePodGroupPolicy(info: RuntimeInfo, trainJob: TrainJob): void;
}

/** Adjusts pod sets after all policies (e.g. status-server env). Step 3. */
export interface EnforcePodSpecPlugin extends Plugin {
  enforcePodSpec(info: RuntimeInfo, trainJob: TrainJob): void;
}

/** Syncs workload-level facts (endpoints, parallelism/completions) before building. Step 4. */
export interface PreBuildSyncPlugin extends Plugin {
  preBuildSync(info: RuntimeInfo, trainJob: TrainJob): void;
}

/** Returns the objects this plugin contributes, in a fixed order. Step 5. */
export interface ComponentBuilderPlugin extends Plugin {
  build(info: RuntimeInfo, trainJob: TrainJob, context: BuildContext): KubeObject[];
  /**
   * The objects `object` (one that `build` returned) must wait for: the controller applies it only
   * once each of them exists and is finished (a batch/v1 Job with `Complete=True`). Optional; no
   * order when absent or empty.
   */
  applyAfter?(object: KubeObject, info: RuntimeInfo, trainJob: TrainJob): readonly ObjectKey[];
  /**
   * The sizes of what `build` would make that grow with the job (the MPI hostfile grows with
   * `numNodes`), computed without building it, after preBuildSync: the engine refuses a render, and
   * admission a TrainJob, whose output is over a limit (output-limits.ts). Optional.
   */
  outputSizes?(info: RuntimeInfo, trainJob: TrainJob): readonly OutputSize[];
}

/** The size of one part of a plugin's output against what the API server stores or allows of it. */
export interface OutputSize {
  /** What it is, for the message: `the MPI hostfile (ConfigMap "<tj>-mpi-hostfile")`. */
  readonly what: string;
  /** Its size in bytes (or in `unit`), as the limit counts them. */
  readonly bytes: number;
  /** The most bytes the API server stores (a value of `StorageLimits`), or the most of `unit`. */
  readonly limit: number;
  /**
   * The limit, for the message: `a ConfigMap's data` (bytes: "the API server stores in …"), or with
   * a `unit`, what allows it: `Kubernetes allows an Indexed Job`.
   */
  readonly limitOf: string;
  /** What `bytes` counts when it is not bytes: `pods in parallel`. */
  readonly unit?: string;
}

/** What the status point returns: the status to write, whether it changed, and whether to retry. */
export interface StatusResult {
  /** The new TrainJob status (the current one when nothing is observed to change). */
  readonly status: TrainJobStatus;
  /** True when `status` differs from the TrainJob's current status: the controller writes it. */
  readonly changed: boolean;
  /**
   * Set when the reconcile must be retried with back-off after writing `status` (upstream returns
   * this error from the reconcile): today {@link JobSetNotFoundError}, the JobSet of an unfinished
   * TrainJob is missing (e.g. the cache lags the create).
   */
  readonly retry?: EngineError;
  /**
   * Set by the LeaderWorkerSet status: a JSON merge patch the controller sends to the object `key`
   * after writing `status` (the group's progress annotation; `spec.replicas: 0` to stop the group).
   */
  readonly workloadPatch?: WorkloadPatch;
  /**
   * Set by the LeaderWorkerSet status: the leader pod the controller deletes after writing `status`
   * (foreground propagation, on the precondition of its `uid`), so that the LeaderWorkerSet
   * recreates the whole group: the attempt failed, or a pod of it is gone.
   */
  readonly recreateGroup?: GroupRecreateRequest;
}

/** A pod to delete, as long as it is the one of `uid`. */
export interface GroupRecreateRequest {
  readonly key: ObjectKey;
  readonly uid: string;
}

/** A JSON merge patch (RFC 7386) for one owned object. */
export interface WorkloadPatch {
  readonly key: ObjectKey;
  readonly patch: Readonly<Record<string, unknown>>;
}

/** Computes the TrainJob status from the observed workload. At most one may be registered. */
export interface TrainJobStatusPlugin extends Plugin {
  status(trainJob: TrainJob, observed: ObservedWorkload): StatusResult;
}

/** Validates a TrainJob (create when `oldJob` is undefined, else update) against its runtime. */
export interface CustomValidationPlugin extends Plugin {
  validate(
    info: RuntimeInfo,
    oldJob: TrainJob | undefined,
    newJob: TrainJob,
    context: ValidationContext,
  ): ValidationResult;
}

/** Any plugin, with any subset of the extension points. */
export type AnyPlugin = Plugin &
  Partial<
    Pick<EnforceMLPolicyPlugin, 'enforceMLPolicy'> &
      Pick<EnforcePodGroupPolicyPlugin, 'enforcePodGroupPolicy'> &
      Pick<EnforcePodSpecPlugin, 'enforcePodSpec'> &
      Pick<PreBuildSyncPlugin, 'preBuildSync'> &
      Pick<ComponentBuilderPlugin, 'build'> &
      Pick<TrainJobStatusPlugin, 'status'> &
      Pick<CustomValidationPlugin, 'validate'>
  >;

/** A type guard for the plugins that implement `point` (a method of the extension-point interface `P`). */
function implementing<P extends Plugin>(
  point: Exclude<keyof P, keyof Plugin> & string,
): (p: Plugin) => p is P {
  return (p: Plugin): p is P => typeof (p as unknown as Record<string, unknown>)[point] === 'function';
}

/** True if the plugin implements enforceMLPolicy. */
export const isEnforceMLPolicyPlugin = implementing<EnforceMLPolicyPlugin>('enforceMLPolicy');

/** True if the plugin implements enforcePodGroupPolicy. */
export const isEnforcePodGroupPolicyPlugin =
  implementing<EnforcePodGroupPolicyPlugin>('enforcePodGroupPolicy');

/** True if the plugin implements enforcePodSpec. */
export const isEnforcePodSpecPlugin = implementing<EnforcePodSpecPlugin>('enforcePodSpec');

/** True if the plugin implements preBuildSync. */
export const isPreBuildSyncPlugin = implementing<PreBuildSyncPlugin>('preBuildSync');

/** True if the plugin implements build. */
export const isComponentBuilderPlugin = implementing<ComponentBuilderPlugin>('build');

/** True if the plugin implements status. */
export const isTrainJobStatusPlugin = implementing<TrainJobStatusPlugin>('status');

/** True if the plugin implements validate. */
export const isCustomValidationPlugin = implementing<CustomValidationPlugin>('validate');
