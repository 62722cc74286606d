// SPDX-License-Identifier: Apache-2.0
// Fluent builders of TrainingRuntime and ClusterTrainingRuntime objects for tests.

import { API_VERSION, AncestorSteps, Kinds, Labels } from '@kubetrain/api';
import type {
  ClusterTrainingRuntime,
  MLPolicy,
  PodGroupPolicy,
  ReplicatedJob,
  TrainingRuntime,
  TrainingRuntimeSpec,
} from '@kubetrain/api';

type Container = NonNullable<
  NonNullable<
    NonNullable<NonNullable<NonNullable<ReplicatedJob['template']['spec']>['template']>['spec']>['containers']
  >
>[number];

/** The image of the default `node` container, the one upstream's torch-distributed runtime ships. */
export const DEFAULT_TRAINER_IMAGE = 'pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime';

/**
 * A replicatedJob named `name` with one container `containerName` (default: the job name), labelled
 * with the ancestor step when `ancestor` is given.
 */
export function makeReplicatedJob(
  name: string,
  options: { ancestor?: string; image?: string; containerName?: string; replicas?: number } = {},
): ReplicatedJob {
  const container: Container = { name: options.containerName ?? name };
  if (options.image !== undefined) container.image = options.image;
  return {
    name,
    ...(options.replicas !== undefined ? { replicas: options.replicas } : {}),
    template: {
      ...(options.ancestor !== undefined
        ? { metadata: { labels: { [Labels.TrainJobAncestor]: options.ancestor } } }
        : {}),
      spec: { template: { spec: { containers: [container] } } },
    },
  } as ReplicatedJob;
}

/** The shared builder of both runtime kinds. */
abstract class RuntimeBuilder<T extends TrainingRuntime | ClusterTrainingRuntime> {
  protected abstract readonly runtime: T;

  /** The runtime's spec (always present). */
  protected get spec(): TrainingRuntimeSpec {
    return this.runtime.spec as TrainingRuntimeSpec;
  }

  /** The replicatedJobs of the JobSet template. */
  protected get replicatedJobs(): ReplicatedJob[] {
    const template = this.spec.template as { spec?: { replicatedJobs?: ReplicatedJob[] } };
    template.spec ??= {};
    template.spec.replicatedJobs ??= [];
    return template.spec.replicatedJobs;
  }

  /** The replicatedJob `name`; throws when the template has none by that name. */
  protected replicatedJob(name: string): ReplicatedJob {
    const job = this.replicatedJobs.find((j) => j.name === name);
    if (job === undefined) throw new Error(`the runtime template has no replicatedJob ${name}`);
    return job;
  }

  /** Adds `metadata.labels`. */
  labels(labels: Record<string, string>): this {
    this.runtime.metadata!.labels = { ...this.runtime.metadata!.labels, ...labels };
    return this;
  }

  /** Adds `metadata.annotations`. */
  annotations(annotations: Record<string, string>): this {
    this.runtime.metadata!.annotations = { ...this.runtime.metadata!.annotations, ...annotations };
    return this;
  }

  /** Sets `spec.mlPolicy` (replacing the default `{numNodes: 1, torch: {}}`); undefined removes it. */
  mlPolicy(mlPolicy: MLPolicy | undefined): this {
    if (mlPolicy === undefined) delete this.spec.mlPolicy;
    else this.spec.mlPolicy = mlPolicy;
    return this;
  }

  /** Sets `spec.mlPolicy.numNodes`. */
  numNodes(numNodes: number): this {
    this.spec.mlPolicy = { ...this.spec.mlPolicy, numNodes };
    return this;
  }

  /** Sets `spec.podGroupPolicy`. */
  podGroupPolicy(podGroupPolicy: PodGroupPolicy): this {
    this.spec.podGroupPolicy = podGroupPolicy;
    return this;
  }

  /** Adds labels to the JobSet template (`spec.template.metadata.labels`). */
  templateLabels(labels: Record<string, string>): this {
    const template = this.spec.template as { metadata?: { labels?: Record<string, string> } };
    template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...labels } };
    return this;
  }

  /** Adds annotations to the JobSet template (`spec.template.metadata.annotations`). */
  templateAnnotations(annotations: Record<string, string>): this {
    const template = this.spec.template as { metadata?: { annotations?: Record<string, string> } };
    template.metadata = {
      ...template.metadata,
      annotations: { ...template.metadata?.annotations, ...annotations },
    };
    return this;
  }

  /** Replaces the template's replicatedJobs with `jobs` (see {@link makeReplicatedJob}). */
  replicatedJobsOf(...jobs: ReplicatedJob[]): this {
    this.replicatedJobs.splice(0, this.replicatedJobs.length, ...structuredClone(jobs));
    return this;
  }

  /** Adds `job` to the template, replacing a replicatedJob of the same name in place. */
  withReplicatedJob(job: ReplicatedJob): this {
    const index = this.replicatedJobs.findIndex((j) => j.name === job.name);
    if (index >= 0) this.replicatedJobs[index] = structuredClone(job);
    else this.replicatedJobs.push(structuredClone(job));
    return this;
  }

  /**
   * Sets image, command and args of container `containerName` in replicatedJob `jobName`, adding the
   * container when it is missing.
   */
  container(
    jobName: string,
    containerName: string,
    image: string,
    command?: string[],
    args?: string[],
  ): this {
    const pod = this.replicatedJob(jobName).template.spec!.template!.spec!;
    pod.containers ??= [];
    let container = pod.containers.find((c) => c.name === containerName);
    if (container === undefined) {
      container = { name: containerName };
      pod.containers.push(container);
    }
    container.image = image;
    if (command !== undefined) container.command = command;
    if (args !== undefined) container.args = args;
    return this;
  }

  /** Sets `replicas` of replicatedJob `jobName`. */
  replicas(jobName: string, replicas: number): this {
    this.replicatedJob(jobName).replicas = replicas;
    return this;
  }

  /** A deep copy of the runtime built so far (the builder can go on). */
  obj(): T {
    return structuredClone(this.runtime);
  }
}

/** The default spec: torch with one node, and one `node` replicatedJob (ancestor `trainer`, container `node`). */
function defaultSpec(): TrainingRuntimeSpec {
  return {
    mlPolicy: { numNodes: 1, torch: {} },
    template: {
      spec: {
        replicatedJobs: [
          makeReplicatedJob('node', { ancestor: AncestorSteps.Trainer, image: DEFAULT_TRAINER_IMAGE }),
        ],
      },
    },
  } as TrainingRuntimeSpec;
}

/** Builds a namespaced TrainingRuntime; starts as a one-node torch runtime shaped like `torch-distributed`. */
export class TrainingRuntimeBuilder extends RuntimeBuilder<TrainingRuntime> {
  protected readonly runtime: TrainingRuntime;

  constructor(namespace: string, name: string) {
    super();
    this.runtime = {
      apiVersion: API_VERSION,
      kind: Kinds.TrainingRuntime,
      metadata: { name, namespace },
      spec: defaultSpec(),
    } as TrainingRuntime;
  }
}

/** Builds a ClusterTrainingRuntime; starts as a one-node torch runtime shaped like `torch-distributed`. */
export class ClusterTrainingRuntimeBuilder extends RuntimeBuilder<ClusterTrainingRuntime> {
  protected readonly runtime: ClusterTrainingRuntime;

  constructor(name: string) {
    super();
    this.runtime = {
      apiVersion: API_VERSION,
      kind: Kinds.ClusterTrainingRuntime,
      metadata: { name },
      spec: defaultSpec(),
    } as ClusterTrainingRuntime;
  }
}

/** Starts a {@link TrainingRuntimeBuilder}: `makeTrainingRuntime('ns', 'name').numNodes(2).obj()`. */
export function makeTrainingRuntime(namespace: string, name: string): TrainingRuntimeBuilder {
  return new TrainingRuntimeBuilder(namespace, name);
}

/** Starts a {@link ClusterTrainingRuntimeBuilder}: `makeClusterTrainingRuntime('torch-distributed').obj()`. */
export function makeClusterTrainingRuntime(name: string): ClusterTrainingRuntimeBuilder {
  return new ClusterTrainingRuntimeBuilder(name);
}
