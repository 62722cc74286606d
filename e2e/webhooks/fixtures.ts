// SPDX-License-Identifier: Apache-2.0
// The objects of the webhook suites, shaped like upstream's integration fixtures: a torch runtime
// with dataset and model initializer steps (each with the `initializer` mount) and a trainer step.
import { AncestorSteps, API_VERSION, GROUP, Kinds } from '@kubetrain/api';
import type { KubeObject } from '@kubetrain/kube';

/** A replicatedJob of step `ancestor` with one container (`container`, default the step's). */
function step(name: string, ancestor: string, container: string, mount: boolean): Record<string, unknown> {
  return {
    name,
    replicas: 1,
    template: {
      metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': ancestor } },
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: container,
                image: 'docker.io/kubeflow/example:latest',
                ...(mount ? { volumeMounts: [{ name: 'initializer', mountPath: '/workspace' }] } : {}),
              },
            ],
          },
        },
      },
    },
  };
}

/** Which steps the runtime has and how. */
export interface RuntimeShape {
  readonly dataset?: boolean;
  readonly model?: boolean;
  /** The model-initializer job's container name (upstream's fixture removes the right one). */
  readonly modelContainer?: string;
  readonly mlPolicy?: Record<string, unknown>;
}

/** The spec of a runtime of `shape` (default: both initializers, torch). */
export function runtimeSpec(shape: RuntimeShape = {}): Record<string, unknown> {
  const jobs = [
    ...(shape.dataset !== false
      ? [step('dataset-initializer', AncestorSteps.DatasetInitializer, 'dataset-initializer', true)]
      : []),
    ...(shape.model !== false
      ? [
          step(
            'model-initializer',
            AncestorSteps.ModelInitializer,
            shape.modelContainer ?? 'model-initializer',
            true,
          ),
        ]
      : []),
    step('node', AncestorSteps.Trainer, 'node', false),
  ];
  return {
    mlPolicy: shape.mlPolicy ?? { numNodes: 1, torch: {} },
    template: { spec: { replicatedJobs: jobs } },
  };
}

/** A TrainingRuntime. */
export function trainingRuntime(
  namespace: string,
  name: string,
  shape?: RuntimeShape,
  labels: Record<string, string> = {},
): KubeObject {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainingRuntime,
    metadata: { name, namespace, labels },
    spec: runtimeSpec(shape),
  } as KubeObject;
}

/** A ClusterTrainingRuntime (label it with the suite's labels to reach the suite's webhook). */
export function clusterTrainingRuntime(
  name: string,
  labels: Record<string, string>,
  shape?: RuntimeShape,
): KubeObject {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.ClusterTrainingRuntime,
    metadata: { name, labels },
    spec: runtimeSpec(shape),
  } as KubeObject;
}

/** A TrainJob as the suites edit it: its spec is free-form, each case sets what it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases write arbitrary (also invalid) specs
export type EditableTrainJob = KubeObject & { spec: Record<string, any> };

/** A TrainJob on the TrainingRuntime `runtime` (or a ClusterTrainingRuntime with `kind`). */
export function trainJob(
  namespace: string,
  name: string,
  runtime: string,
  kind: string = Kinds.TrainingRuntime,
): EditableTrainJob {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    metadata: { name, namespace },
    spec: { runtimeRef: { name: runtime, apiGroup: GROUP, kind } },
  } as EditableTrainJob;
}
