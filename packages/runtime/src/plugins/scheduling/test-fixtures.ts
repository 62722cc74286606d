// SPDX-License-Identifier: Apache-2.0
// Small builders for the scheduling plugins' tests: a runtime from a list of steps, a TrainJob, and
// the RuntimeInfo the engine would hand to the pod-group point. Test-only; not exported.

import { applyRuntimeDefaults } from '../../core/runtime-defaults.js';
import { newRuntimeInfo } from '../../core/new-runtime-info.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { MLPolicy, PodGroupPolicy, ReplicatedJob } from '@kubetrain/api';
import type { PodSpec, TrainJob, TrainingRuntime } from '../../types.js';

/** One replicatedJob of a test runtime. */
export interface StepFixture {
  name: string;
  ancestor?: string;
  parallelism?: number;
  dependsOn?: Array<{ name: string; status: 'Ready' | 'Complete' }>;
  requests?: Record<string, string>;
  container?: string;
  priorityClassName?: string;
  schedulerName?: string;
  podLabels?: Record<string, string>;
}

/** Options of {@link makeRuntime}. */
export interface RuntimeFixture {
  name?: string;
  steps: StepFixture[];
  mlPolicy?: MLPolicy;
  podGroupPolicy?: PodGroupPolicy;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

function replicatedJob(step: StepFixture): ReplicatedJob {
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
  const rJob: ReplicatedJob = {
    name: step.name,
    template: {
      ...(step.ancestor !== undefined
        ? { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': step.ancestor } } }
        : {}),
      spec: {
        ...(step.parallelism !== undefined ? { parallelism: step.parallelism } : {}),
        template: {
          ...(step.podLabels !== undefined ? { metadata: { labels: step.podLabels } } : {}),
          spec: pod,
        },
      },
    },
  };
  if (step.dependsOn !== undefined) rJob.dependsOn = step.dependsOn;
  return rJob;
}

/** A ClusterTrainingRuntime with the given steps and policies. */
export function makeRuntime(fixture: RuntimeFixture): TrainingRuntime {
  const metadata: Record<string, unknown> = {};
  if (fixture.labels !== undefined) metadata['labels'] = fixture.labels;
  if (fixture.annotations !== undefined) metadata['annotations'] = fixture.annotations;
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'ClusterTrainingRuntime',
    metadata: { name: fixture.name ?? 'test-runtime' },
    spec: {
      ...(fixture.mlPolicy !== undefined ? { mlPolicy: fixture.mlPolicy } : {}),
      ...(fixture.podGroupPolicy !== undefined ? { podGroupPolicy: fixture.podGroupPolicy } : {}),
      template: {
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        spec: { replicatedJobs: fixture.steps.map(replicatedJob) },
      },
    },
  };
}

/** A TrainJob `ns/name` on the ClusterTrainingRuntime `runtime`, with optional spec and metadata extras. */
export function makeTrainJob(
  name: string,
  extra: {
    spec?: Partial<TrainJob['spec']>;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    runtime?: string;
  } = {},
): TrainJob {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: {
      name,
      namespace: 'default',
      uid: `${name}-uid`,
      ...(extra.labels !== undefined ? { labels: extra.labels } : {}),
      ...(extra.annotations !== undefined ? { annotations: extra.annotations } : {}),
    },
    spec: {
      runtimeRef: {
        name: extra.runtime ?? 'test-runtime',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      ...extra.spec,
    },
  };
}

/** The RuntimeInfo of `trainJob` on `runtime` before any plugin runs (CRD defaults applied). */
export function makeInfo(runtime: TrainingRuntime, trainJob: TrainJob): RuntimeInfo {
  return newRuntimeInfo(applyRuntimeDefaults(runtime), trainJob);
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
