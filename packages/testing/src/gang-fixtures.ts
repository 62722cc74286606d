// SPDX-License-Identifier: Apache-2.0
// Small builders for the gang-scheduling plugins' tests: a runtime from a list of steps, a TrainJob,
// the PodGroup they render, and the step shapes of the shipped runtimes.

import { replicatedJobOf, runtimeObject, trainJobObject, type TestMetadata } from './engine-fixtures.js';
import type { MLPolicy, PodGroupPolicy, ReplicatedJob } from '@kubetrain/api';
import type { PodSpec, TrainJob, TrainingRuntime } from './engine-types.js';

/** One replicatedJob of a test runtime. */
export interface StepFixture {
  name: string;
  ancestor?: string;
  parallelism?: number;
  dependsOn?: ReplicatedJob['dependsOn'];
  requests?: Record<string, string>;
  container?: string;
  priorityClassName?: string;
  schedulerName?: string;
  podLabels?: Record<string, string>;
}

/** Options of {@link gangRuntime}. */
export interface RuntimeFixture {
  name?: string;
  steps: StepFixture[];
  mlPolicy?: MLPolicy;
  podGroupPolicy?: PodGroupPolicy;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

function stepJob(step: StepFixture): ReplicatedJob {
  const pod: PodSpec = {
    containers: [
      {
        name: step.container ?? step.name,
        image: 'example.com/image:1',
        ...(step.requests !== undefined ? { resources: { requests: step.requests } } : {}),
      },
    ],
  };
  if (step.priorityClassName !== undefined) pod.priorityClassName = step.priorityClassName;
  if (step.schedulerName !== undefined) pod.schedulerName = step.schedulerName;
  return replicatedJobOf(step.name, pod, step);
}

/** A ClusterTrainingRuntime with the given steps and policies. */
export function gangRuntime(fixture: RuntimeFixture): TrainingRuntime {
  const metadata: TestMetadata = {};
  if (fixture.labels !== undefined) metadata.labels = fixture.labels;
  if (fixture.annotations !== undefined) metadata.annotations = fixture.annotations;
  return runtimeObject({
    name: fixture.name ?? 'test-runtime',
    spec: {
      ...(fixture.mlPolicy !== undefined ? { mlPolicy: fixture.mlPolicy } : {}),
      ...(fixture.podGroupPolicy !== undefined ? { podGroupPolicy: fixture.podGroupPolicy } : {}),
    },
    ...(Object.keys(metadata).length > 0 ? { templateMetadata: metadata } : {}),
    jobs: fixture.steps.map(stepJob),
  });
}

/** A TrainJob `default/<name>` on the ClusterTrainingRuntime `runtime`, with optional spec and metadata extras. */
export function gangTrainJob(
  name: string,
  extra: { spec?: Partial<TrainJob['spec']>; runtime?: string } & TestMetadata = {},
): TrainJob {
  const { runtime, ...parts } = extra;
  return trainJobObject({ name, runtime: runtime ?? 'test-runtime', uid: `${name}-uid`, ...parts });
}

/** The PodGroup `default/job` a gang plugin renders for the TrainJob `job` (uid `job-uid`). */
export function expectedPodGroup(
  kind: { apiVersion: string; kind: string },
  spec: Record<string, unknown>,
): Record<string, unknown> {
  return {
    apiVersion: kind.apiVersion,
    kind: kind.kind,
    metadata: {
      name: 'job',
      namespace: 'default',
      ownerReferences: [
        {
          apiVersion: 'trainer.kubeflow.org/v1alpha1',
          kind: 'TrainJob',
          name: 'job',
          uid: 'job-uid',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec,
  };
}

/** The torchtune shape: two initializers, then `node` once both completed. */
export const torchtuneSteps: StepFixture[] = [
  { name: 'dataset-initializer', ancestor: 'dataset-initializer', requests: { cpu: '1' } },
  { name: 'model-initializer', ancestor: 'model-initializer', requests: { cpu: '1' } },
  {
    name: 'node',
    ancestor: 'trainer',
    container: 'node',
    requests: { cpu: '4', 'nvidia.com/gpu': '1' },
    dependsOn: [
      { name: 'dataset-initializer', status: 'Complete' },
      { name: 'model-initializer', status: 'Complete' },
    ],
  },
];

/** The deepspeed/mlx shape: `node` workers, then the `launcher` (trainer) once they are ready. */
export const launcherSteps: StepFixture[] = [
  { name: 'node', container: 'node', parallelism: 3, requests: { cpu: '2' } },
  {
    name: 'launcher',
    ancestor: 'trainer',
    container: 'node',
    requests: { cpu: '1' },
    dependsOn: [{ name: 'node', status: 'Ready' }],
  },
];
