// SPDX-License-Identifier: Apache-2.0
// The framework runner: sorts the registry's plugins into per-point lists once, then runs the
// points in upstream's fixed order. Within a point plugins run in registry-array order, which is
// deterministic here (upstream iterates a Go map); plugins must still not depend on it.

import {
  emptyValidationResult,
  mergeValidationResults,
  WorkloadBackends,
  type TrainJobStatus,
  type ValidationResult,
} from '@kubetrain/api/core';
import type { KubeObject, TrainJob } from '../types.js';
import {
  PluginError,
  TooManyStatusPluginsError,
  UndeclaredKindError,
  type ExtensionPoint,
} from './errors.js';
import {
  isComponentBuilderPlugin,
  isCustomValidationPlugin,
  isEnforceMLPolicyPlugin,
  isEnforcePodGroupPolicyPlugin,
  isEnforcePodSpecPlugin,
  isPreBuildSyncPlugin,
  isTrainJobStatusPlugin,
  type BuildContext,
  type ComponentBuilderPlugin,
  type CustomValidationPlugin,
  type EnforceMLPolicyPlugin,
  type EnforcePodGroupPolicyPlugin,
  type EnforcePodSpecPlugin,
  type ObservedWorkload,
  type OutputSize,
  type Plugin,
  type PreBuildSyncPlugin,
  type StatusResult,
  type TrainJobStatusPlugin,
  type ValidationContext,
} from './plugin.js';
import type { RuntimeInfo } from './runtime-info.js';
import { desiredObject, type DesiredObject } from './desired.js';
import { groupKindOf, groupOfApiVersion, type ApplyPolicy } from './kinds.js';

/**
 * Runs `run` (one extension point of `plugin` on `trainJob`); anything it throws is rethrown as a
 * {@link PluginError} naming the plugin, the point and the TrainJob, with the original as `cause`.
 */
function guarded<T>(plugin: Plugin, point: ExtensionPoint, trainJob: TrainJob, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PluginError) throw e;
    const ref = { namespace: trainJob.metadata.namespace ?? '', name: trainJob.metadata.name ?? '' };
    throw new PluginError(plugin.name, point, ref, e);
  }
}

/** The policy `plugin` declares for the kind of `object`. */
function ownedPolicy(plugin: Plugin, object: KubeObject): ApplyPolicy {
  const group = groupOfApiVersion(object.apiVersion);
  const use = plugin.kinds?.find((k) => k.owned && k.group === group && k.kind === object.kind);
  if (use === undefined || !use.owned) {
    throw new UndeclaredKindError(plugin.name, groupKindOf({ group, kind: object.kind }));
  }
  return use.policy;
}

/** The extension points, in the order they run while a TrainJob is rendered. */
export const BuildPhases = [
  'enforceMLPolicy',
  'enforcePodGroupPolicy',
  'enforcePodSpec',
  'preBuildSync',
  'build',
] as const;

/**
 * A framework instance over a fixed plugin list. Whatever a plugin throws reaches the caller as a
 * {@link PluginError} (plugin, extension point, TrainJob; the original as `cause`). Construction throws
 * {@link TooManyStatusPluginsError} if more than one plugin implements the status point.
 */
export class Framework {
  readonly enforceMLPolicyPlugins: readonly EnforceMLPolicyPlugin[];
  readonly enforcePodGroupPolicyPlugins: readonly EnforcePodGroupPolicyPlugin[];
  readonly enforcePodSpecPlugins: readonly EnforcePodSpecPlugin[];
  readonly preBuildSyncPlugins: readonly PreBuildSyncPlugin[];
  readonly componentBuilderPlugins: readonly ComponentBuilderPlugin[];
  readonly customValidationPlugins: readonly CustomValidationPlugin[];
  /** The status plugin of the JobSet backend (a plugin that names no backend serves JobSet). */
  readonly statusPlugin: TrainJobStatusPlugin | undefined;
  /** The status plugin per workload backend. */
  readonly statusPlugins: ReadonlyMap<string, TrainJobStatusPlugin>;
  /** The workload backends the plugins serve: `JobSet` always, plus each plugin's `workloadBackend`. */
  readonly workloadBackends: ReadonlySet<string>;

  constructor(readonly plugins: readonly Plugin[]) {
    this.enforceMLPolicyPlugins = plugins.filter(isEnforceMLPolicyPlugin);
    this.enforcePodGroupPolicyPlugins = plugins.filter(isEnforcePodGroupPolicyPlugin);
    this.enforcePodSpecPlugins = plugins.filter(isEnforcePodSpecPlugin);
    this.preBuildSyncPlugins = plugins.filter(isPreBuildSyncPlugin);
    this.componentBuilderPlugins = plugins.filter(isComponentBuilderPlugin);
    const statusPlugins = new Map<string, TrainJobStatusPlugin>();
    for (const p of plugins.filter(isTrainJobStatusPlugin)) {
      const backend = p.workloadBackend ?? WorkloadBackends.JobSet;
      if (statusPlugins.has(backend)) throw new TooManyStatusPluginsError();
      statusPlugins.set(backend, p);
    }
    this.statusPlugins = statusPlugins;
    this.statusPlugin = statusPlugins.get(WorkloadBackends.JobSet);
    this.workloadBackends = new Set([
      WorkloadBackends.JobSet,
      ...plugins.flatMap((p) => (p.workloadBackend !== undefined ? [p.workloadBackend] : [])),
    ]);
    // The workload plugins validate first: their rules check the template every other rule reads.
    const workload = (p: Plugin): boolean =>
      statusPlugins.get(p.workloadBackend ?? WorkloadBackends.JobSet) === p;
    const validators = plugins.filter(isCustomValidationPlugin);
    this.customValidationPlugins = [
      ...validators.filter((p) => workload(p)),
      ...validators.filter((p) => !workload(p)),
    ];
  }

  /** Runs every enforceMLPolicy plugin. First of the build phases. */
  runEnforceMLPolicyPlugins(info: RuntimeInfo, trainJob: TrainJob): void {
    for (const p of this.enforceMLPolicyPlugins) {
      guarded(p, 'enforceMLPolicy', trainJob, () => p.enforceMLPolicy(info, trainJob));
    }
  }

  /**
   * Runs every enforcePodGroupPolicy plugin. Must run after runEnforceMLPolicyPlugins, which can
   * still change the pod-set counts the gang sizes derive from.
   */
  runEnforcePodGroupPolicyPlugins(info: RuntimeInfo, trainJob: TrainJob): void {
    for (const p of this.enforcePodGroupPolicyPlugins) {
      guarded(p, 'enforcePodGroupPolicy', trainJob, () => p.enforcePodGroupPolicy(info, trainJob));
    }
  }

  /** Runs every enforcePodSpec plugin. Must run after both policy points. */
  runEnforcePodSpecPlugins(info: RuntimeInfo, trainJob: TrainJob): void {
    for (const p of this.enforcePodSpecPlugins) {
      guarded(p, 'enforcePodSpec', trainJob, () => p.enforcePodSpec(info, trainJob));
    }
  }

  /** Runs every preBuildSync plugin. Must run after every enforce point: counts are final here. */
  runPreBuildSyncPlugins(info: RuntimeInfo, trainJob: TrainJob): void {
    for (const p of this.preBuildSyncPlugins) {
      guarded(p, 'preBuildSync', trainJob, () => p.preBuildSync(info, trainJob));
    }
  }

  /** Runs the four enforce/sync points in order on `info`. */
  runInfoPhases(info: RuntimeInfo, trainJob: TrainJob): void {
    this.runEnforceMLPolicyPlugins(info, trainJob);
    this.runEnforcePodGroupPolicyPlugins(info, trainJob);
    this.runEnforcePodSpecPlugins(info, trainJob);
    this.runPreBuildSyncPlugins(info, trainJob);
  }

  /**
   * The first output of a build plugin (registry order) whose size, computed after preBuildSync
   * without building it, is over its limit; undefined when everything fits.
   */
  firstOversizedOutput(info: RuntimeInfo, trainJob: TrainJob): OutputSize | undefined {
    for (const p of this.componentBuilderPlugins) {
      const sizes = guarded(p, 'build', trainJob, () => p.outputSizes?.(info, trainJob) ?? []);
      const over = sizes.find((s) => s.bytes > s.limit);
      if (over !== undefined) return over;
    }
    return undefined;
  }

  /**
   * Runs every build plugin and concatenates their objects in registry order, each as a
   * {@link DesiredObject} with the policy its plugin declares for its kind. Last build phase. Throws
   * {@link UndeclaredKindError} for an object of a kind its plugin does not own.
   */
  runComponentBuilderPlugins(info: RuntimeInfo, trainJob: TrainJob, context: BuildContext): DesiredObject[] {
    const objects: DesiredObject[] = [];
    for (const p of this.componentBuilderPlugins) {
      for (const object of guarded(p, 'build', trainJob, () => p.build(info, trainJob, context))) {
        const after = p.applyAfter?.(object, info, trainJob) ?? [];
        objects.push(desiredObject(object, ownedPolicy(p, object), after));
      }
    }
    return objects;
  }

  /**
   * Runs every validate plugin and aggregates warnings and errors: the workload plugin (the one with
   * the status point) first, then the others in registry order.
   */
  runCustomValidationPlugins(
    info: RuntimeInfo,
    oldJob: TrainJob | undefined,
    newJob: TrainJob,
    context: ValidationContext,
  ): ValidationResult {
    const result = emptyValidationResult();
    for (const p of this.customValidationPlugins) {
      mergeValidationResults(
        result,
        guarded(p, 'validate', newJob, () =>
          p.validate(info, oldJob, newJob, { ...context, plugins: this.plugins }),
        ),
      );
    }
    return result;
  }

  /**
   * Runs the status plugin of the observed backend (LeaderWorkerSet when `observed.leaderWorkerSet`
   * is set and a plugin serves it, else JobSet); without one the status is left as it is
   * (`changed` false).
   */
  runTrainJobStatusPlugin(trainJob: TrainJob, observed: ObservedWorkload): StatusResult {
    const lws =
      observed.leaderWorkerSet !== undefined
        ? this.statusPlugins.get(WorkloadBackends.LeaderWorkerSet)
        : undefined;
    const plugin = lws ?? this.statusPlugin;
    if (plugin === undefined) {
      return { status: structuredClone(trainJob.status ?? {}) as TrainJobStatus, changed: false };
    }
    return guarded(plugin, 'status', trainJob, () => plugin.status(trainJob, observed));
  }
}
