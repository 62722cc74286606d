// SPDX-License-Identifier: Apache-2.0
// What every TrainJob rule is given, and the lookups several rules share.

import type {
  ClusterReader,
  CustomValidationPlugin,
  Plugin,
  ValidationContext,
} from '../framework/plugin.js';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import {
  fieldPath,
  invalid,
  reservedEnvsMessage,
  type FieldError,
  type ReplicatedJob,
} from '@kubetrain/api/core';
import type { Container, TrainJob, TrainingRuntime } from '../types.js';

/** The inputs of a TrainJob validation rule. */
export interface TrainJobRuleInput {
  /** The stored TrainJob on update; undefined on create. */
  readonly oldJob: TrainJob | undefined;
  /** The TrainJob being admitted. */
  readonly newJob: TrainJob;
  /** The referenced runtime, CRD defaults applied, before any runtimePatch. */
  readonly runtime: TrainingRuntime;
  /** `newRuntimeInfo(runtime, newJob)`: runtimePatches merged, no policy enforced (upstream's view). */
  readonly info: RuntimeInfo;
  /** Cluster state some rules consult; a rule whose input is absent skips that check. */
  readonly cluster: ClusterReader;
  /** The registered plugins, for rules that ask them (the name-length pod counts). */
  readonly plugins: readonly Plugin[];
}

/**
 * The reserved-env rule of upstream's Torch and MPI plugins: when `spec.trainer.env` sets a name in
 * `reserved`, `field.Invalid(spec.trainer.env, <env>, must not have reserved envs, invalid envs
 * configured: [<sorted names>])`; else nothing.
 */
export function validateReservedTrainerEnv(job: TrainJob, reserved: ReadonlySet<string>): FieldError[] {
  const env = job.spec.trainer?.env ?? [];
  const names = [...new Set(env.map((e) => e.name).filter((n) => reserved.has(n)))];
  if (names.length === 0) return [];
  return [invalid(fieldPath('spec', 'trainer', 'env'), env, reservedEnvsMessage(names))];
}

/** The names of a replicatedJob's init containers and containers (upstream indexes both as one set). */
export function containerNamesOf(rJob: ReplicatedJob): Set<string> {
  return new Set(allContainersOf(rJob).map((c) => c.name));
}

/** The init containers then the containers of a replicatedJob's pod template. */
export function allContainersOf(rJob: ReplicatedJob): Container[] {
  const pod = rJob.template?.spec?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

/** The replicatedJobs of a JobSet spec held in RuntimeInfo (merged with the runtimePatches). */
export function replicatedJobsOf(info: RuntimeInfo): ReplicatedJob[] {
  return info.templateSpec.spec.replicatedJobs ?? [];
}

/** The rule input of a plugin's validate point: its arguments, as the rules read them. */
function ruleInputOf(
  info: RuntimeInfo,
  oldJob: TrainJob | undefined,
  newJob: TrainJob,
  context: ValidationContext,
): TrainJobRuleInput {
  return {
    oldJob,
    newJob,
    runtime: context.runtime,
    info,
    cluster: context.cluster,
    plugins: context.plugins ?? [],
  };
}

/** The rules of one plugin's validate point, each run on the same {@link TrainJobRuleInput}. */
interface PluginRules {
  /** Rules returning warnings, in report order. */
  readonly warnings?: ReadonlyArray<(input: TrainJobRuleInput) => string[]>;
  /** Rules returning field errors, in report order. */
  readonly errors?: ReadonlyArray<(input: TrainJobRuleInput) => FieldError[]>;
}

/** A validate point that runs `rules` and concatenates what they return; it returns data, never throws. */
export function validateWithRules(rules: PluginRules): CustomValidationPlugin['validate'] {
  return (info, oldJob, newJob, context) => {
    const input = ruleInputOf(info, oldJob, newJob, context);
    return {
      warnings: (rules.warnings ?? []).flatMap((rule) => rule(input)),
      errors: (rules.errors ?? []).flatMap((rule) => rule(input)),
    };
  };
}
