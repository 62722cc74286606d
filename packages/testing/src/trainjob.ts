// SPDX-License-Identifier: Apache-2.0
// A fluent builder of TrainJob objects for tests (upstream's MakeTrainJobWrapper, in TypeScript).

import { API_VERSION, GROUP, Kinds } from '@kubetrain/api';
import type {
  Condition,
  JobSetSpecPatch,
  JobStatus,
  PodSpecPatch,
  RuntimePatch,
  TrainJob,
  Trainer,
  TrainingRuntimeSpecPatch,
} from '@kubetrain/api';

type EnvVar = NonNullable<Trainer['env']>[number];
type ResourceRequirements = NonNullable<Trainer['resourcesPerNode']>;
type InitializerSource = NonNullable<NonNullable<NonNullable<TrainJob['spec']>['initializer']>['dataset']>;

/** Builds a TrainJob step by step; every method returns the builder, {@link TrainJobBuilder.obj} the object. */
export class TrainJobBuilder {
  private readonly job: TrainJob;

  /**
   * Starts a TrainJob `<namespace>/<name>` whose runtimeRef is the ClusterTrainingRuntime
   * `torch-distributed`, with `apiGroup` and `kind` spelled out as the API server defaults them.
   */
  constructor(namespace: string, name: string) {
    this.job = {
      apiVersion: API_VERSION,
      kind: Kinds.TrainJob,
      metadata: { name, namespace },
      spec: {
        runtimeRef: { name: 'torch-distributed', apiGroup: GROUP, kind: Kinds.ClusterTrainingRuntime },
      },
    } as TrainJob;
  }

  private get spec(): NonNullable<TrainJob['spec']> {
    return this.job.spec!;
  }

  private get trainer(): Trainer {
    this.spec.trainer ??= {};
    return this.spec.trainer;
  }

  /** Sets `metadata.uid`. */
  uid(uid: string): this {
    this.job.metadata!.uid = uid;
    return this;
  }

  /** Sets `metadata.creationTimestamp` (RFC 3339). */
  creationTimestamp(time: string): this {
    // The API types the timestamp as client-node's Date; on the wire (and in YAML) it is a string.
    (this.job.metadata as Record<string, unknown>).creationTimestamp = time;
    return this;
  }

  /** Adds `metadata.labels`. */
  labels(labels: Record<string, string>): this {
    this.job.metadata!.labels = { ...this.job.metadata!.labels, ...labels };
    return this;
  }

  /** Adds `metadata.annotations`. */
  annotations(annotations: Record<string, string>): this {
    this.job.metadata!.annotations = { ...this.job.metadata!.annotations, ...annotations };
    return this;
  }

  /** Sets `spec.runtimeRef`; `kind` defaults to ClusterTrainingRuntime and `apiGroup` to trainer.kubeflow.org. */
  runtimeRef(name: string, kind: string = Kinds.ClusterTrainingRuntime, apiGroup: string = GROUP): this {
    this.spec.runtimeRef = { name, apiGroup, kind };
    return this;
  }

  /** Sets `spec.trainer.numNodes`. */
  numNodes(numNodes: number): this {
    this.trainer.numNodes = numNodes;
    return this;
  }

  /** Sets `spec.trainer.numProcPerNode`. */
  numProcPerNode(numProcPerNode: number): this {
    this.trainer.numProcPerNode = numProcPerNode;
    return this;
  }

  /** Sets `spec.trainer.image`. */
  image(image: string): this {
    this.trainer.image = image;
    return this;
  }

  /** Sets `spec.trainer.command`. */
  command(...command: string[]): this {
    this.trainer.command = command;
    return this;
  }

  /** Sets `spec.trainer.args`. */
  args(...args: string[]): this {
    this.trainer.args = args;
    return this;
  }

  /** Appends to `spec.trainer.env`. */
  env(...env: EnvVar[]): this {
    this.trainer.env = [...(this.trainer.env ?? []), ...env];
    return this;
  }

  /** Sets `spec.trainer.resourcesPerNode`. */
  resourcesPerNode(resources: ResourceRequirements): this {
    this.trainer.resourcesPerNode = resources;
    return this;
  }

  /** Sets `spec.initializer.dataset`. */
  datasetInitializer(source: InitializerSource): this {
    this.spec.initializer = { ...this.spec.initializer, dataset: source };
    return this;
  }

  /** Sets `spec.initializer.model`. */
  modelInitializer(source: InitializerSource): this {
    this.spec.initializer = { ...this.spec.initializer, model: source };
    return this;
  }

  /** Appends a `spec.runtimePatches` entry for `manager` (replacing one of the same manager). */
  runtimePatch(manager: string, trainingRuntimeSpec?: TrainingRuntimeSpecPatch, time?: string): this {
    const patch: RuntimePatch = { manager, ...(time !== undefined ? { time } : {}) };
    if (trainingRuntimeSpec !== undefined) patch.trainingRuntimeSpec = trainingRuntimeSpec;
    const others = (this.spec.runtimePatches ?? []).filter((p) => p.manager !== manager);
    this.spec.runtimePatches = [...others, patch];
    return this;
  }

  /** Sets `spec.suspend`. */
  suspend(suspend: boolean): this {
    this.spec.suspend = suspend;
    return this;
  }

  /** Sets `spec.managedBy`. */
  managedBy(managedBy: string): this {
    this.spec.managedBy = managedBy;
    return this;
  }

  /** Sets `spec.ttlSecondsAfterFinished`. */
  ttlSecondsAfterFinished(seconds: number): this {
    this.spec.ttlSecondsAfterFinished = seconds;
    return this;
  }

  /** Sets `spec.activeDeadlineSeconds`. */
  activeDeadlineSeconds(seconds: number): this {
    this.spec.activeDeadlineSeconds = seconds;
    return this;
  }

  /** Sets `status.conditions`. */
  conditions(...conditions: Condition[]): this {
    this.job.status = { ...this.job.status, conditions };
    return this;
  }

  /** Sets `status.jobsStatus`. */
  jobsStatus(...jobsStatus: JobStatus[]): this {
    this.job.status = { ...this.job.status, jobsStatus };
    return this;
  }

  /** A deep copy of the TrainJob built so far (the builder can go on). */
  obj(): TrainJob {
    return structuredClone(this.job);
  }
}

/**
 * A JobSet spec patch that patches the pod spec of replicatedJob `jobName` only (the shape of Kueue's
 * admission patch and of most platform patches), for {@link TrainJobBuilder.runtimePatch}.
 */
export function replicatedJobPodPatch(jobName: string, podSpec: PodSpecPatch): JobSetSpecPatch {
  return { replicatedJobs: [{ name: jobName, template: { spec: { template: { spec: podSpec } } } }] };
}

/** Starts a {@link TrainJobBuilder}: `makeTrainJob('ns', 'name').numNodes(2).obj()`. */
export function makeTrainJob(namespace: string, name: string): TrainJobBuilder {
  return new TrainJobBuilder(namespace, name);
}
