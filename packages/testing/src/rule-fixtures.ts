// SPDX-License-Identifier: Apache-2.0
// Builders for the admission rules' table tests.

import type { FieldError, ReplicatedJob, TrainingRuntimeSpec } from '@kubetrain/api';
import type { Container, PodSpec, TrainJob, TrainingRuntime } from './engine-types.js';
import { replicatedJobOf, runtimeObject, trainJobObject, type TestMetadata } from './engine-fixtures.js';

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
  return replicatedJobOf(name, pod, o);
}

/** A runtime of `kind` named `name` with these replicatedJobs and extra spec members. */
export function runtimeOf(
  jobs: ReplicatedJob[],
  extra: Partial<Omit<TrainingRuntimeSpec, 'template'>> & { metadata?: TestMetadata } = {},
  name = 'torch-distributed',
  kind = 'ClusterTrainingRuntime',
  labels?: Record<string, string>,
): TrainingRuntime {
  const { metadata, ...spec } = extra;
  return runtimeObject({
    kind,
    name,
    ...(labels !== undefined ? { labels } : {}),
    spec,
    ...(metadata !== undefined ? { templateMetadata: metadata } : {}),
    jobs,
  });
}

/** A TrainJob `default/<name>` on the ClusterTrainingRuntime `runtime`. */
export function trainJobOf(
  name: string,
  spec: Partial<TrainJob['spec']> = {},
  metadata: TestMetadata = {},
  runtime = 'torch-distributed',
  kind = 'ClusterTrainingRuntime',
): TrainJob {
  return trainJobObject({ name, runtime, runtimeKind: kind, spec, ...metadata });
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
