// SPDX-License-Identifier: Apache-2.0
// The controller's one door into the engine (@kubetrain/runtime): every call the reconciler makes
// into rendering, status, the runtime snapshot and the deadline goes through this module, so that
// a change of the engine's API touches this file only. It also adds what the controller needs on
// top of a render: a content hash and an apply policy per desired object.

import { createHash, randomBytes } from 'node:crypto';
import {
  API_VERSION,
  Kinds,
  TrainJobConditionTypes,
  TrainJobMessages,
  TrainJobReasons,
  type AnyTrainingRuntime,
  type Condition,
  type JobSet,
  type TrainJob,
  type TrainJobStatus,
} from '@kubetrain/api';
import {
  buildRuntimeSnapshot,
  computeTrainJobStatus,
  deriveSSHKeyPair,
  isEngineError,
  readRuntimeSnapshot,
  render as renderObjects,
  resolveRuntime,
  RuntimeNotFoundError,
  runtimeKindOf,
  runtimeSnapshotName,
  RuntimeSnapshotError,
  UnsupportedRuntimeError,
  type KubeObject,
} from '@kubetrain/runtime';
import { parse, stringify } from 'yaml';
import { jsonEqual } from '../util/merge-patch.js';

export { isEngineError, RuntimeNotFoundError, RuntimeSnapshotError, UnsupportedRuntimeError };
export type { KubeObject };

/**
 * When an existing object is applied again:
 * - `always`: whenever its desired content (hash) changed since it was last applied;
 * - `whileAbsentOrSuspended`: the JobSet rule of upstream (created when absent; re-applied only
 *   while the TrainJob or the JobSet is suspended; a running JobSet is never mutated);
 * - `createOnly`: created when absent, never written again (the MPI SSH Secret, the snapshot).
 */
export type ApplyPolicy = 'always' | 'whileAbsentOrSuspended' | 'createOnly';

/** Names one object: group (`''` for core), kind, namespace and name. */
export interface ObjectRef {
  readonly group: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
}

/** One object the TrainJob needs, with its content hash and apply policy. */
export interface DesiredObject {
  readonly key: ObjectRef;
  readonly object: KubeObject;
  /** sha256 (hex) of the canonical JSON of `object`. */
  readonly hash: string;
  readonly policy: ApplyPolicy;
}

/** The status step's answer. */
export interface StatusResult {
  /** The status the TrainJob should have. */
  readonly status: TrainJobStatus;
  /** Whether it differs from the TrainJob's current status. */
  readonly changed: boolean;
  /** The JobSet of an unfinished job is missing: retry once it appears. */
  readonly jobSetMissing: boolean;
}

/** The activeDeadlineSeconds step's answer. */
export type DeadlineResult =
  | { readonly state: 'none' }
  | { readonly state: 'pending'; readonly requeueAfterMs: number }
  | { readonly state: 'exceeded'; readonly status: TrainJobStatus };

/** `group` of an `apiVersion` (`''` for core `v1`). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** The {@link ObjectRef} of a rendered object. */
export function refOf(object: KubeObject): ObjectRef {
  return {
    group: groupOf(object.apiVersion),
    kind: object.kind,
    namespace: object.metadata.namespace ?? '',
    name: object.metadata.name ?? '',
  };
}

/** sha256 hex of an object's JSON text (rendered objects are canonical: sorted keys). */
export function hashObject(object: unknown): string {
  return createHash('sha256').update(JSON.stringify(object)).digest('hex');
}

function policyOf(object: KubeObject): ApplyPolicy {
  if (object.kind === 'JobSet' || object.kind === 'LeaderWorkerSet') return 'whileAbsentOrSuspended';
  if (object.kind === 'Secret') return 'createOnly';
  return 'always';
}

/** What a render needs besides the TrainJob and its runtime. */
export interface RenderInputs {
  /** Whether the TrainJob's generated Secrets (MPI SSH keys) must be rendered (they do not exist yet). */
  readonly needSecrets: boolean;
}

/**
 * Renders every object the TrainJob needs on `runtime`, each with its hash and apply policy. When
 * `needSecrets`, the MPI SSH key pair is derived from 32 fresh random bytes (a new key per Secret,
 * as upstream); otherwise no Secret is rendered. Throws the engine's errors.
 */
export function renderDesired(
  trainJob: TrainJob,
  runtime: AnyTrainingRuntime,
  inputs: RenderInputs,
): DesiredObject[] {
  const secrets = inputs.needSecrets ? { mpiSSHKeyPair: () => deriveSSHKeyPair(randomBytes(32)) } : {};
  const { objects } = renderObjects(trainJob, runtime, { secrets });
  return objects.map((object) => ({
    key: refOf(object),
    object,
    hash: hashObject(object),
    policy: policyOf(object),
  }));
}

/** `<tj>-runtime-snapshot`. */
export function snapshotName(trainJob: TrainJob): string {
  return runtimeSnapshotName(trainJob);
}

/** The kind the TrainJob's runtimeRef names; throws {@link UnsupportedRuntimeError} for others. */
export function runtimeKind(
  trainJob: TrainJob,
): typeof Kinds.TrainingRuntime | typeof Kinds.ClusterTrainingRuntime {
  return runtimeKindOf(trainJob);
}

/** Read access to the live runtimes (the stores); undefined when the object does not exist. */
export interface LiveRuntimes {
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

/** The snapshot ConfigMap of `runtime` for the TrainJob (sigs.k8s.io/yaml-like text). */
export function buildSnapshot(trainJob: TrainJob, runtime: AnyTrainingRuntime): KubeObject {
  return buildRuntimeSnapshot(trainJob, runtime, (object) => stringify(object));
}

/** The runtime held by a snapshot ConfigMap; throws {@link RuntimeSnapshotError} as upstream. */
export function readSnapshot(trainJob: TrainJob, configMap: KubeObject): AnyTrainingRuntime {
  return readRuntimeSnapshot(trainJob, configMap, (text) => parse(text) as unknown) as AnyTrainingRuntime;
}

function conditionTrue(status: TrainJobStatus | undefined, type: string): boolean {
  return (status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** True when the TrainJob (or `status`) has `Complete=True` or `Failed=True`: it is terminal. */
export function isFinished(status: TrainJobStatus | undefined): boolean {
  return (
    conditionTrue(status, TrainJobConditionTypes.Complete) ||
    conditionTrue(status, TrainJobConditionTypes.Failed)
  );
}

/**
 * Steps 5 and 6 of upstream's reconcile: the Suspended condition, then Complete/Failed and
 * jobsStatus from the observed JobSet (undefined when absent), `now` stamping new transitions.
 */
export function computeStatus(trainJob: TrainJob, jobSet: JobSet | undefined, now: Date): StatusResult {
  const result = computeTrainJobStatus(trainJob, jobSet, now.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  return {
    status: result.status,
    changed: !statusEqual(result.status, trainJob.status),
    jobSetMissing: result.error !== undefined,
  };
}

/** Compares two statuses as JSON (member order ignored). */
export function statusEqual(a: TrainJobStatus | undefined, b: TrainJobStatus | undefined): boolean {
  return jsonEqual(a ?? {}, b ?? {});
}

/**
 * Step 7 (`reconcileDeadline`), on the status computed by step 6: for an unfinished, unsuspended
 * TrainJob with `activeDeadlineSeconds`, the deadline is counted from creation, or from the last
 * resume (the `Suspended=False` condition's transition). Past it: `Failed=True/DeadlineExceeded`;
 * before it: requeue after the remaining time (at least 1 s).
 */
export function checkDeadline(trainJob: TrainJob, status: TrainJobStatus, now: Date): DeadlineResult {
  const ads = trainJob.spec?.activeDeadlineSeconds;
  if (ads === undefined || ads <= 0 || isFinished(status) || trainJob.spec?.suspend === true)
    return { state: 'none' };
  const suspended = status.conditions?.find((c) => c.type === TrainJobConditionTypes.Suspended);
  const start =
    suspended !== undefined && suspended.status === 'False'
      ? suspended.lastTransitionTime
      : trainJob.metadata?.creationTimestamp;
  const startMs = Date.parse(String(start ?? now.toISOString()));
  const remaining = startMs + ads * 1000 - now.getTime();
  if (remaining > 0) return { state: 'pending', requeueAfterMs: Math.max(1000, remaining) };
  const failed: Condition = {
    type: TrainJobConditionTypes.Failed,
    status: 'True',
    lastTransitionTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    reason: TrainJobReasons.DeadlineExceeded,
    message: TrainJobMessages.DeadlineExceeded,
  };
  const conditions = (status.conditions ?? []).filter((c) => c.type !== TrainJobConditionTypes.Failed);
  return { state: 'exceeded', status: { ...status, conditions: [...conditions, failed] } };
}

/** The owner reference every object of the TrainJob carries. */
export function ownerReferenceOf(trainJob: TrainJob): Record<string, unknown> {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    name: trainJob.metadata?.name,
    uid: trainJob.metadata?.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}
