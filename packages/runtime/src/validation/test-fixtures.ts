// SPDX-License-Identifier: Apache-2.0
// Builders for the validation rules' table tests. Test-only; not exported from the package.

import { applyRuntimeDefaults } from '../core/runtime-defaults.js';
import { newRuntimeInfo } from '../core/new-runtime-info.js';
import type { FieldError, ReplicatedJob, TrainingRuntimeSpec } from '@kubetrain/api';
import type { ClusterReader } from '../framework/plugin.js';
import type { Container, PodSpec, TrainJob, TrainingRuntime } from '../types.js';
import type { TrainJobRuleInput } from './input.js';

/** Options of {@link rjob}. */
export interface RJobOptions {
  ancestor?: string;
  containers?: Container[];
  initContainers?: Container[];
  parallelism?: number;
  replicas?: number;
  priorityClassName?: string;
  dependsOn?: ReplicatedJob['dependsOn'];
}

/** A replicatedJob named `name`; by default one container of the same name. */
export function rjob(name: string, o: RJobOptions = {}): ReplicatedJob {
  const pod: PodSpec = { containers: o.containers ?? [{ name, image: 'example.com/img:1' }] };
  if (o.initContainers !== undefined) pod.initContainers = o.initContainers;
  if (o.priorityClassName !== undefined) pod.priorityClassName = o.priorityClassName;
  const out: ReplicatedJob = {
    name,
    template: {
      ...(o.ancestor !== undefined
        ? { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': o.ancestor } } }
        : {}),
      spec: {
        ...(o.parallelism !== undefined ? { parallelism: o.parallelism } : {}),
        template: { spec: pod },
      },
    },
  };
  if (o.replicas !== undefined) out.replicas = o.replicas;
  if (o.dependsOn !== undefined) out.dependsOn = o.dependsOn;
  return out;
}

/** A runtime of `kind` named `name` with these replicatedJobs and extra spec members. */
export function runtimeOf(
  jobs: ReplicatedJob[],
  extra: Partial<Omit<TrainingRuntimeSpec, 'template'>> & {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  } = {},
  name = 'torch-distributed',
  kind = 'ClusterTrainingRuntime',
  labels?: Record<string, string>,
): TrainingRuntime {
  const { metadata, ...spec } = extra;
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind,
    metadata: { name, ...(labels !== undefined ? { labels } : {}) },
    spec: {
      ...spec,
      template: { ...(metadata !== undefined ? { metadata } : {}), spec: { replicatedJobs: jobs } },
    },
  };
}

/** A TrainJob `default/<name>` on the ClusterTrainingRuntime `runtime`. */
export function trainJobOf(
  name: string,
  spec: Partial<TrainJob['spec']> = {},
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> } = {},
  runtime = 'torch-distributed',
  kind = 'ClusterTrainingRuntime',
): TrainJob {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name, namespace: 'default', ...metadata },
    spec: { runtimeRef: { name: runtime, apiGroup: 'trainer.kubeflow.org', kind }, ...spec },
  };
}

/** The rule input for `newJob` on `runtime` (defaults applied, info built as the engine does). */
export function ruleInput(
  runtime: TrainingRuntime,
  newJob: TrainJob,
  o: { oldJob?: TrainJob; cluster?: ClusterReader } = {},
): TrainJobRuleInput {
  const defaulted = applyRuntimeDefaults(runtime);
  return {
    oldJob: o.oldJob,
    newJob,
    runtime: defaulted,
    info: newRuntimeInfo(defaulted, newJob),
    cluster: o.cluster ?? {},
  };
}

/** What the table tests compare: path, type and message (and the value when `withValue`). */
export function summarize(errors: readonly FieldError[], withValue = false): Array<Record<string, unknown>> {
  return errors.map((e) => ({
    path: e.path,
    type: e.type,
    message: e.message,
    ...(withValue ? { value: e.value } : {}),
  }));
}
