// SPDX-License-Identifier: Apache-2.0
// Test helpers of the LeaderWorkerSet backend: the plugins with its gate on, a runtime opted in,
// renders checked for identical bytes twice.

import { KubetrainAnnotations, FeatureGateNames, WorkloadBackends } from '@kubetrain/api';
import { toYaml, upstreamRuntimes } from '@kubetrain/testing';
import { render, type RenderResult } from '../src/engine.js';
import type { Plugin } from '../src/framework/plugin.js';
import { defaultPlugins } from '../src/plugins/registry.js';
import type { TrainJob, TrainingRuntime } from '../src/types.js';

/** The built-in plugins with the LeaderWorkerSet backend registered (its feature gate on). */
export function lwsPlugins(): Plugin[] {
  return defaultPlugins({ featureGates: { [FeatureGateNames.LeaderWorkerSetBackend]: true } });
}

/** A copy of `runtime` annotated `kubetrain.dev/workload: LeaderWorkerSet` (plus `annotations`). */
export function optIn(runtime: TrainingRuntime, annotations: Record<string, string> = {}): TrainingRuntime {
  const copy = structuredClone(runtime);
  copy.metadata.annotations = {
    ...copy.metadata.annotations,
    [KubetrainAnnotations.Workload]: WorkloadBackends.LeaderWorkerSet,
    ...annotations,
  };
  return copy;
}

/** The shipped runtime `name`; throws when it is not shipped. */
export function shippedRuntime(name: string): TrainingRuntime {
  const entry = upstreamRuntimes().get(name);
  if (entry === undefined) throw new Error(`no shipped runtime ${name}`);
  return entry.runtime;
}

/** Renders with the LeaderWorkerSet backend registered. */
export function renderLws(trainJob: TrainJob, runtime: TrainingRuntime): RenderResult {
  return render(trainJob, runtime, { plugins: lwsPlugins() });
}

/** The YAML of {@link renderLws}; asserts that rendering again gives the same bytes. */
export function renderLwsYaml(trainJob: TrainJob, runtime: TrainingRuntime): string {
  const first = toYaml(renderLws(trainJob, runtime).objects);
  expect(toYaml(renderLws(trainJob, runtime).objects)).toBe(first);
  return first;
}
