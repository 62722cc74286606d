// SPDX-License-Identifier: Apache-2.0
// The engine's own test helpers: the few that call engine internals (newRuntimeInfo, render) and so
// cannot live in @kubetrain/testing, which the engine's tests import (that would be a cycle). Every
// builder, fixture, upstream reader and the golden-file helper is in @kubetrain/testing.

import type { ReplicatedJob } from '@kubetrain/api';
import { objectOf, toYaml, type RuntimeFixture, gangRuntime } from '@kubetrain/testing';
import { applyRuntimeDefaults } from '../src/core/runtime-defaults.js';
import { newRuntimeInfo } from '../src/core/new-runtime-info.js';
import { render, type RenderOptions } from '../src/engine.js';
import type { ClusterReader } from '../src/framework/plugin.js';
import type { RuntimeInfo } from '../src/framework/runtime-info.js';
import type { KubeObject, RuntimeInput, TrainJob, TrainJobInput, TrainingRuntime } from '../src/types.js';
import type { TrainJobRuleInput } from '../src/validation/input.js';
import { defaultPlugins } from '../src/plugins/registry.js';

/** The RuntimeInfo the engine starts from for `trainJob` on `runtime` (CRD defaults applied, no plugin run). */
export function infoOf(runtime: TrainingRuntime, trainJob: TrainJob): RuntimeInfo {
  return newRuntimeInfo(applyRuntimeDefaults(runtime), trainJob);
}

/** The JobSet that `render` makes of `trainJob` on `runtime`; throws if there is none. */
export function renderJobSet(
  trainJob: TrainJob,
  runtime: TrainingRuntime,
  options?: RenderOptions,
): KubeObject {
  return objectOf(render(trainJob, runtime, options).objects, 'JobSet');
}

/** The YAML of `render(trainJob, runtime)`; asserts that rendering again gives the same bytes. */
export function renderYaml(trainJob: TrainJobInput, runtime: RuntimeInput): string {
  const first = toYaml(render(trainJob, runtime).objects);
  expect(toYaml(render(trainJob, runtime).objects)).toBe(first);
  return first;
}

/** The rule input for `newJob` on `runtime` (defaults applied, info built as the engine does). */
export function ruleInput(
  runtime: TrainingRuntime,
  newJob: TrainJob,
  o: { oldJob?: TrainJob; cluster?: ClusterReader } = {},
): TrainJobRuleInput {
  return {
    oldJob: o.oldJob,
    newJob,
    runtime: applyRuntimeDefaults(runtime),
    info: infoOf(runtime, newJob),
    cluster: o.cluster ?? {},
    plugins: defaultPlugins(),
  };
}

/**
 * The RuntimeInfo of `trainJob` on `runtime` (a runtime, or a {@link RuntimeFixture} made into one)
 * before any plugin runs (CRD defaults applied).
 */
export function makeInfo(runtime: TrainingRuntime | RuntimeFixture, trainJob: TrainJob): RuntimeInfo {
  return infoOf('steps' in runtime ? gangRuntime(runtime) : runtime, trainJob);
}

/** `pick(rJob)` of each replicatedJob of the JobSet spec in `info`, by replicatedJob name. */
export function perReplicatedJob<T>(info: RuntimeInfo, pick: (rJob: ReplicatedJob) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const rJob of info.templateSpec.spec.replicatedJobs ?? []) out[rJob.name] = pick(rJob);
  return out;
}

/** The pod-template `labels` or `annotations` of each replicatedJob in `info`, by replicatedJob name. */
export function podTemplateMetadataOf(
  info: RuntimeInfo,
  member: 'labels' | 'annotations',
): Record<string, Record<string, string> | undefined> {
  return perReplicatedJob(info, (rJob) => rJob.template?.spec?.template?.metadata?.[member]);
}
