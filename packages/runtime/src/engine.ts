// SPDX-License-Identifier: Apache-2.0
// The public engine operations: render, status, the admission checks and the defaulter. Pure functions of their inputs: no
// I/O, no clock, no randomness; the same input gives byte-identical output.

import {
  applyRuntimeDefaults,
  applyTrainJobDefaults,
  withRuntimeZeroValues,
} from './core/runtime-defaults.js';
import { newRuntimeInfo } from './core/new-runtime-info.js';
import { outputTooLarge, validateOutputLimits } from './core/output-limits.js';
import { runtimeKindOf } from './core/resolve-runtime.js';
import type { DesiredObject } from './framework/desired.js';
import { Framework } from './framework/framework.js';
import type {
  ClusterReader,
  ObservedLeaderWorkerSet,
  ObservedWorkload,
  Plugin,
  SecretMaterial,
  StatusResult,
  StatusServerCA,
} from './framework/plugin.js';
import { activeDeadline } from './status/deadline.js';
import { setRunTimes } from './status/run-times.js';
import { setFailedCondition, statusChanged } from './status/trainjob-status.js';
import { TrainJobMessages, TrainJobReasons, type JobSet, type ValidationResult } from '@kubetrain/api/core';
import { defaultPlugins } from './plugins/registry.js';
import { validateTrainingRuntime, validateTrainJob } from './validation/index.js';
import {
  viewRuntime,
  viewTrainJob,
  type KubeObject,
  type RuntimeInput,
  type TrainJobInput,
} from './types.js';

/** Options shared by the engine operations. */
export interface EngineOptions {
  /** The plugins to run, in registry order; defaults to {@link defaultPlugins}. */
  readonly plugins?: readonly Plugin[];
}

/** Options of {@link render}. */
export interface RenderOptions extends EngineOptions {
  /** Secret material the engine cannot generate (see {@link SecretMaterial}). */
  readonly secrets?: SecretMaterial;
  /** The status server's CA, read by the caller (see {@link StatusServerCA}); gate `TrainJobStatus`. */
  readonly statusServerCA?: StatusServerCA;
}

/** What the controller must apply for a TrainJob, in registry order. */
export interface RenderResult {
  /** Each object with its key, content hash and apply policy. */
  readonly desired: DesiredObject[];
  /** The same objects' content (`desired[i].object`), for callers that only print them. */
  readonly objects: KubeObject[];
}

/** Options of {@link validateAdmission}. */
export interface ValidateOptions extends EngineOptions {
  /** Cluster state some rules consult; rules without their input are skipped. */
  readonly cluster?: ClusterReader;
}

/**
 * What the status point is given: the TrainJob's JobSet, if it exists, or, for a runtime that
 * renders a LeaderWorkerSet, what exists of it; and the time of observation.
 */
export interface ObservedInput {
  readonly jobSet?: JobSet;
  /** Set (even with nothing in it) for a LeaderWorkerSet-backed TrainJob; see {@link ObservedLeaderWorkerSet}. */
  readonly leaderWorkerSet?: ObservedLeaderWorkerSet;
  /** RFC 3339 time, used as lastTransitionTime of conditions that change now. */
  readonly now: string;
  /**
   * The runtime's `spec.runPolicy` (KEP-2899): its `activeDeadlineSeconds` is the deadline of a
   * TrainJob that sets none of its own.
   */
  readonly runPolicy?: { readonly activeDeadlineSeconds?: number };
}

let defaultFramework: Framework | undefined;

function frameworkFor(options: EngineOptions | undefined): Framework {
  if (options?.plugins !== undefined) return new Framework(options.plugins);
  defaultFramework ??= new Framework(defaultPlugins());
  return defaultFramework;
}

/**
 * Renders every object the TrainJob needs on `runtime` (a TrainingRuntime or
 * ClusterTrainingRuntime). The CRD defaults are applied to both here, so objects read from files
 * render as the same objects stored by the API server do.
 * Runs newRuntimeInfo, then enforceMLPolicy, enforcePodGroupPolicy, enforcePodSpec, preBuildSync
 * and build in that order. Objects have sorted keys. Neither input is changed. Throws an
 * EngineError when the pair cannot be rendered: an OutputTooLargeError, before anything is built,
 * when an object would be larger than the API server stores (core/output-limits.ts).
 */
export function render(
  trainJobInput: TrainJobInput,
  runtime: RuntimeInput,
  options?: RenderOptions,
): RenderResult {
  const trainJob = applyTrainJobDefaults(trainJobInput);
  const framework = frameworkFor(options);
  const defaulted = applyRuntimeDefaults(runtime);
  const info = newRuntimeInfo(defaulted, trainJob, framework.workloadBackends);
  framework.runInfoPhases(info, trainJob);
  const oversized = framework.firstOversizedOutput(info, trainJob);
  if (oversized !== undefined) throw outputTooLarge(framework, defaulted, trainJob, oversized);
  const context = {
    ...(options?.secrets !== undefined ? { secrets: options.secrets } : {}),
    ...(options?.statusServerCA !== undefined ? { statusServerCA: options.statusServerCA } : {}),
  };
  const desired = framework.runComponentBuilderPlugins(info, trainJob, context);
  return { desired, objects: desired.map((d) => d.object) };
}

/** What {@link status} returns: the status point's result and the active deadline's verdict. */
export interface TrainJobStatusOutcome extends StatusResult {
  /** Set while an active deadline runs: reconcile again after this many milliseconds. */
  readonly requeueAfterMs?: number;
  /**
   * True when the active deadline has passed: `status` carries `Failed=True/DeadlineExceeded` and the
   * controller deletes the JobSet (upstream's `reconcileDeadline`), or, on the LeaderWorkerSet
   * backend, the LeaderWorkerSet and its initializer Jobs.
   */
  readonly deadlineExceeded?: boolean;
}

/**
 * Computes the TrainJob's status from the observed workload, exactly as upstream's reconcile does
 * (steps 5 to 7): conditions Suspended/Resumed, Complete/Failed from the JobSet, jobsStatus, a kept
 * DeadlineExceeded, then the active deadline at `observed.now`, which also stamps new transitions.
 * `changed` says whether to write the status; `retry` is set when the JobSet of an unfinished job
 * is missing (write the status, then retry with back-off).
 */
export function status(
  trainJob: TrainJobInput,
  observed: ObservedInput,
  options?: EngineOptions,
): TrainJobStatusOutcome {
  const view = viewTrainJob(trainJob);
  const workload: ObservedWorkload = {
    ...(observed.jobSet !== undefined ? { jobSet: observed.jobSet } : {}),
    ...(observed.leaderWorkerSet !== undefined ? { leaderWorkerSet: observed.leaderWorkerSet } : {}),
    now: observed.now,
  };
  const computed = frameworkFor(options).runTrainJobStatusPlugin(view, workload);
  const timesChanged = setRunTimes(view, computed.status, observed.now);
  const result = timesChanged ? { ...computed, changed: true } : computed;
  const activeDeadlineSeconds = view.spec?.activeDeadlineSeconds ?? observed.runPolicy?.activeDeadlineSeconds;
  const deadline = activeDeadline(
    { metadata: view.metadata, spec: { ...view.spec, activeDeadlineSeconds }, status: result.status },
    observed.now,
  );
  if (deadline === undefined) return result;
  if (!deadline.expired) return { ...result, requeueAfterMs: deadline.requeueAfterMs };
  const conditions = setFailedCondition(
    result.status.conditions,
    TrainJobReasons.DeadlineExceeded,
    TrainJobMessages.DeadlineExceeded,
    observed.now,
  );
  const failed = { ...result.status, conditions };
  setRunTimes(view, failed, observed.now);
  return { ...result, status: failed, changed: statusChanged(view.status, failed), deadlineExceeded: true };
}

/**
 * Validates a TrainJob create (`oldJob` undefined) or update against its runtime, as upstream's
 * admission webhook does, plus kubetrain's own checks: the `validate` point of every registered
 * plugin that implements it (the workload plugin first, then registry order), on a RuntimeInfo with
 * runtimePatches merged and no policy enforced, then the rules that belong to no plugin
 * (`validateTrainJob`: the deprecation warning first among the warnings, the name-length error last
 * among them), and, for a pair without errors, the output limits (core/output-limits.ts). A
 * registry without a plugin runs none of its rules. `runtime` undefined means the referenced runtime
 * does not exist (upstream's "must be created before the TrainJob" error). Throws
 * UnsupportedRuntimeError when the runtimeRef names another kind.
 */
export function validateAdmission(
  oldJobInput: TrainJobInput | undefined,
  newJobInput: TrainJobInput,
  runtime: RuntimeInput | undefined,
  options?: ValidateOptions,
): ValidationResult {
  const oldJob = oldJobInput === undefined ? undefined : applyTrainJobDefaults(oldJobInput);
  const newJob = applyTrainJobDefaults(newJobInput);
  runtimeKindOf(newJob);
  const cluster = options?.cluster ?? {};
  if (runtime === undefined) return validateTrainJob(oldJob, newJob, undefined);
  const defaulted = applyRuntimeDefaults(runtime);
  const framework = frameworkFor(options);
  const info = newRuntimeInfo(defaulted, newJob, framework.workloadBackends);
  const plugins = framework.runCustomValidationPlugins(info, oldJob, newJob, { runtime: defaulted, cluster });
  const core = validateTrainJob(oldJob, newJob, defaulted, { info, cluster, plugins: framework.plugins });
  // Only a pair that renders is sized: the errors above say why another does not.
  const limits =
    plugins.errors.length + core.errors.length === 0
      ? validateOutputLimits(framework, defaulted, newJob)
      : [];
  return {
    warnings: [...core.warnings, ...plugins.warnings],
    errors: [...plugins.errors, ...core.errors, ...limits],
  };
}

/**
 * Validates a TrainingRuntime or ClusterTrainingRuntime create (`oldRuntime` undefined) or update,
 * as upstream's runtime webhooks do (the kind is the object's): a runtime labelled
 * `trainer.kubeflow.org/webhook-validation: disabled` is skipped, a TrainingRuntime is checked on
 * create only, a ClusterTrainingRuntime on create and update.
 */
export function validateRuntimeAdmission(
  oldRuntime: RuntimeInput | undefined,
  newRuntime: RuntimeInput,
): ValidationResult {
  return validateTrainingRuntime(
    oldRuntime === undefined ? undefined : withRuntimeZeroValues(viewRuntime(oldRuntime)),
    withRuntimeZeroValues(viewRuntime(newRuntime)),
  );
}
