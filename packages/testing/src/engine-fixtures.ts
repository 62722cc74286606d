// SPDX-License-Identifier: Apache-2.0
// Plain object factories for the engine's tests: a test replicatedJob, runtime and TrainJob (the
// rule and gang fixtures build on these), and readers of rendered objects. The fluent builders
// (`makeTrainJob`, ...) are in ./trainjob.ts and ./runtime.ts.

import type { ReplicatedJob, Trainer, TrainingRuntimeSpec } from '@kubetrain/api';
import type { Container, KubeObject, PodSpec, TrainJob, TrainingRuntime } from './engine-types.js';

/** Metadata members a test sets. */
export interface TestMetadata {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** What {@link replicatedJobOf} puts around a pod spec. */
export interface ReplicatedJobParts {
  /** The ancestor label of the job template. */
  ancestor?: string;
  parallelism?: number;
  /** Labels of the pod template. */
  podLabels?: Record<string, string>;
  replicas?: number;
  dependsOn?: ReplicatedJob['dependsOn'];
}

/** A replicatedJob `name` running `pod`. */
export function replicatedJobOf(name: string, pod: PodSpec, parts: ReplicatedJobParts = {}): ReplicatedJob {
  const out: ReplicatedJob = {
    name,
    template: {
      ...(parts.ancestor !== undefined
        ? { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': parts.ancestor } } }
        : {}),
      spec: {
        ...(parts.parallelism !== undefined ? { parallelism: parts.parallelism } : {}),
        template: {
          ...(parts.podLabels !== undefined ? { metadata: { labels: parts.podLabels } } : {}),
          spec: pod,
        },
      },
    },
  };
  if (parts.replicas !== undefined) out.replicas = parts.replicas;
  if (parts.dependsOn !== undefined) out.dependsOn = parts.dependsOn;
  return out;
}

/** A replicatedJob with one pod template; `ancestor` sets the ancestor label on the job template. */
export function replicatedJob(name: string, containers: Container[], ancestor?: string): ReplicatedJob {
  return replicatedJobOf(name, { containers }, ancestor !== undefined ? { ancestor } : {});
}

/** What {@link runtimeObject} puts around the replicatedJobs. */
export interface RuntimeParts {
  kind?: string;
  name: string;
  /** Labels of the runtime object. */
  labels?: Record<string, string>;
  /** Spec members; the template is made from the other parts. */
  spec?: Partial<TrainingRuntimeSpec>;
  /** JobSet template metadata. */
  templateMetadata?: TestMetadata;
  jobs: ReplicatedJob[];
}

/** A runtime (by default a ClusterTrainingRuntime) running `jobs`. */
export function runtimeObject(parts: RuntimeParts): TrainingRuntime {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: parts.kind ?? 'ClusterTrainingRuntime',
    metadata: { name: parts.name, ...(parts.labels !== undefined ? { labels: parts.labels } : {}) },
    spec: {
      ...parts.spec,
      template: {
        ...(parts.templateMetadata !== undefined ? { metadata: parts.templateMetadata } : {}),
        spec: { replicatedJobs: parts.jobs },
      },
    },
  };
}

/** A ClusterTrainingRuntime named `name` with the given spec members. */
export function clusterRuntime(
  name: string,
  spec: Partial<TrainingRuntime['spec']>,
  jobs: ReplicatedJob[],
): TrainingRuntime {
  return runtimeObject({ name, spec, jobs });
}

/** What {@link trainJobObject} puts in a TrainJob `<namespace>/<name>`. */
export interface TrainJobParts extends TestMetadata {
  name: string;
  /** By default `default`. */
  namespace?: string;
  /** The runtime named by `spec.runtimeRef` and its kind (by default a ClusterTrainingRuntime). */
  runtime: string;
  runtimeKind?: string;
  uid?: string;
  /** Spec members other than runtimeRef. */
  spec?: Partial<TrainJob['spec']>;
}

/** A TrainJob `<namespace>/<name>`. */
export function trainJobObject(parts: TrainJobParts): TrainJob {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: {
      name: parts.name,
      namespace: parts.namespace ?? 'default',
      ...(parts.uid !== undefined ? { uid: parts.uid } : {}),
      ...(parts.labels !== undefined ? { labels: parts.labels } : {}),
      ...(parts.annotations !== undefined ? { annotations: parts.annotations } : {}),
    },
    spec: {
      runtimeRef: {
        name: parts.runtime,
        apiGroup: 'trainer.kubeflow.org',
        kind: parts.runtimeKind ?? 'ClusterTrainingRuntime',
      },
      ...parts.spec,
    },
  };
}

/** A TrainJob `<name>` (uid `<name>-uid`) in namespace `default` on the ClusterTrainingRuntime `runtimeName`. */
export function trainJob(
  name: string,
  runtimeName: string,
  trainer?: Trainer,
  extra?: Partial<TrainJob['spec']>,
): TrainJob {
  return trainJobObject({
    name,
    runtime: runtimeName,
    uid: `${name}-uid`,
    spec: { ...(trainer !== undefined ? { trainer } : {}), ...extra },
  });
}

/** Returns the rendered object of the given kind (and name, if given); throws if absent. */
export function objectOf(objects: KubeObject[], kind: string, name?: string): KubeObject {
  const found = objects.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (found === undefined) throw new Error(`no ${kind} ${name ?? ''} rendered`);
  return found;
}

/** The replicatedJob `job` of a rendered JobSet. */
export function jobOf(jobSet: KubeObject, job: string): ReplicatedJob {
  const spec = jobSet.spec as { replicatedJobs: ReplicatedJob[] };
  const found = spec.replicatedJobs.find((r) => r.name === job);
  if (found === undefined) throw new Error(`no replicatedJob ${job}`);
  return found;
}

/** The container `container` of replicatedJob `job` of a rendered JobSet. */
export function containerOf(jobSet: KubeObject, job: string, container: string): Container {
  const c = jobOf(jobSet, job).template?.spec?.template?.spec?.containers?.find((x) => x.name === container);
  if (c === undefined) throw new Error(`no container ${container} in ${job}`);
  return c;
}

/** The env of a container as a name → value map (valueFrom renders as its fieldPath). */
export function envMap(c: Container): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of c.env ?? []) out[e.name] = e.value ?? e.valueFrom?.fieldRef?.fieldPath ?? '';
  return out;
}

/** The env names of a container, in order. */
export function envNames(c: Container): string[] {
  return (c.env ?? []).map((e) => e.name);
}

/** A torch runtime with one trainer job `node` (container `node`) and optional resources. */
export function torchRuntime(resources?: Container['resources']): TrainingRuntime {
  return clusterRuntime('torch-distributed', { mlPolicy: { numNodes: 1, torch: {} } }, [
    replicatedJob(
      'node',
      [{ name: 'node', image: 'pytorch', ...(resources ? { resources } : {}) }],
      'trainer',
    ),
  ]);
}

/** What `run` throws; fails the test when it returns. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}
