// SPDX-License-Identifier: Apache-2.0
// RuntimeInfo: the only channel between plugins (upstream `pkg/runtime/runtime.go` Info). Each
// member names the code that owns it: only the owners write it, in the extension point named;
// everyone may read it.

import type { FailurePolicyInput } from '../workload/jobset/failure-policy.js';
import type { JobSetSpec, Trainer, TrainingRuntimeSpec, WorkloadBackend } from '@kubetrain/api/core';
import type { ContainerPort, EnvVar, Volume, VolumeMount } from '../types.js';
import type { Endpoints } from './endpoints.js';

/** What a plugin may change about one container of a pod set; the JobSet builder copies it back. */
export interface ContainerInfo {
  /** Container name, from the runtime template. Owner: core (newRuntimeInfo). */
  readonly name: string;
  /** Image; when set, the builder writes it over the template's. Owner: core; ML plugins may set it. */
  image?: string;
  /** Command; when non-empty, the builder writes it over the template's. Owner: core; Flux/torchtune. */
  command?: string[];
  /** Env, upserted by name into the container by the builder. Owners: ML plugins, enforcePodSpec plugins. */
  env: EnvVar[];
  /** Ports, upserted by containerPort or name. Owners: torch, jax, xgboost. */
  ports: ContainerPort[];
  /** Volume mounts, upserted by mountPath. Owners: mpi, flux, enforcePodSpec plugins. */
  volumeMounts: VolumeMount[];
}

/** One replicatedJob of the JobSet as the plugins see it (upstream `runtime.PodSet`). */
export interface PodSet {
  /** replicatedJob name. Owner: core. */
  readonly name: string;
  /** Value of the job template's `trainer.kubeflow.org/trainjob-ancestor-step` label. Owner: core. */
  readonly ancestor?: string;
  /**
   * Pods per replica; becomes `parallelism` and `completions` in preBuildSync. Owners: core (from
   * parallelism or mlPolicy.numNodes), then the ML plugins (from `spec.trainer.numNodes`).
   */
  count?: number;
  /** Init containers, index-aligned with the template's; extra entries are appended. Owners: flux, torch. */
  initContainers: ContainerInfo[];
  /** Containers, index-aligned with the template's. Owners: ML plugins, enforcePodSpec plugins. */
  containers: ContainerInfo[];
  /** Pod volumes, upserted by name by the builder. Owners: mpi, flux, enforcePodSpec plugins. */
  volumes: Volume[];
  /**
   * Pod DNS names `<tj>-<rjob>-<replica>-<pod>.<subdomain>`, in replica then pod order (upstream's
   * `iter.Seq[string]`). Lazy: each iteration makes the names anew, so a render costs nothing per
   * pod unless a plugin lists them (the MPI hostfile); their count and total length are known
   * without making them. Owner: the workload plugin's preBuildSync.
   */
  endpoints: Endpoints;
  /** Requests of one pod (Kubernetes PodRequests), resource name to quantity text. Owner: core. */
  readonly singlePodRequests: Readonly<Record<string, string>>;
}

/**
 * Pod-level metadata the gang-scheduler plugins ask for on every pod template; the JobSet builder
 * merges it in. Used when the gang is every pod set (upstream's case); otherwise the plugins mark
 * only the gang's pod templates, in {@link TemplateSpec.spec}.
 */
interface SchedulerInfo {
  /**
   * Labels merged into every replicatedJob's pod template. Owner: CoScheduling
   * (`scheduling.x-k8s.io/pod-group`).
   */
  podLabels: Record<string, string>;
  /**
   * Annotations merged into every replicatedJob's pod template. Owner: Volcano
   * (`scheduling.k8s.io/group-name`).
   */
  podAnnotations: Record<string, string>;
}

/** The policies of the runtime in force (after CRD defaults). Read-only for every plugin. Owner: core. */
type RuntimePolicy = Readonly<
  Pick<TrainingRuntimeSpec, 'mlPolicy' | 'podGroupPolicy'> & {
    /** The runtime's `spec.runPolicy.failurePolicy` (KEP-4162). */
    failurePolicy?: FailurePolicyInput;
  }
>;

/**
 * The trainer overrides that end up on the trainer step's `node` container. Initialised by core
 * from `spec.trainer`; torchtune appends to `command`, Flux wraps `command` and clears `args`.
 * `undefined` means "keep the template's value".
 */
export type TrainerOverrides = Pick<Trainer, 'image' | 'command' | 'args'>;

/** The workload template being built and its pod sets. */
interface TemplateSpec {
  /**
   * The JobSet spec: the runtime template with CRD defaults and runtimePatches applied. Owners:
   * core (newRuntimeInfo); in enforcePodGroupPolicy, the scheduling plugins write pod-template
   * fields: CoScheduling and Volcano merge their gang label/annotation into the pod-template
   * metadata of the gang's members when the gang leaves a pod set out (`markGangPods`), and KAI
   * sets `schedulerName: kai-scheduler` on pod templates that name no scheduler; then the workload
   * plugin (parallelism and completions in preBuildSync, the pod sets and overrides in build).
   */
  spec: JobSetSpec;
  /** One pod set per replicatedJob, same order. See {@link PodSet} for member owners. */
  podSets: PodSet[];
}

/**
 * Everything the plugins share while a TrainJob is rendered. Built by `newRuntimeInfo`, then
 * changed by the extension points in their fixed order (see framework.ts).
 */
export interface RuntimeInfo {
  /**
   * JobSet labels. Owners: core (runtime template labels overlaid by runtimePatches); then, in
   * enforcePodGroupPolicy, KAI (adds `kai.scheduler/queue` from the TrainJob when unset) and Kueue
   * (removes `kueue.x-k8s.io/queue-name` and `kueue.x-k8s.io/priority-class`).
   */
  labels: Record<string, string>;
  /**
   * JobSet annotations. Owners: core (runtime template annotations overlaid by runtimePatches);
   * then KAI in enforcePodGroupPolicy (adds `kai.scheduler/batch-min-member` and the
   * `kai.scheduler/topology*` annotations when unset).
   */
  annotations: Record<string, string>;
  /** The runtime's policies. Owner: core. */
  readonly runtimePolicy: RuntimePolicy;
  /** Pod labels/annotations for gang scheduling. Owners: CoScheduling, Volcano (see {@link SchedulerInfo}). */
  scheduler: SchedulerInfo;
  /** The JobSet spec and its pod sets. */
  templateSpec: TemplateSpec;
  /** Trainer image/command/args overrides. Owners: core, torch (torchtune), flux. */
  trainer: TrainerOverrides;
  /**
   * The workload backend that renders the job: the runtime's `kubetrain.dev/workload` annotation
   * when a registered workload plugin serves that backend, else `JobSet`. It fixes the pod names the
   * ML plugins write (rendezvous host, node-rank field). Owner: core.
   */
  readonly workload: WorkloadBackend;
  /** The runtime object's own `metadata.annotations` (not its template's). Owner: core. */
  readonly runtimeAnnotations: Readonly<Record<string, string>>;
}

/** Returns the first pod set whose ancestor label is `ancestor`, or undefined. */
export function findPodSetByAncestor(info: RuntimeInfo, ancestor: string): PodSet | undefined {
  return info.templateSpec.podSets.find((ps) => ps.ancestor === ancestor);
}

/** Returns the pod set named `name`, or undefined. */
export function findPodSetByName(info: RuntimeInfo, name: string): PodSet | undefined {
  return info.templateSpec.podSets.find((ps) => ps.name === name);
}

/** Returns the container named `name` of a pod set (regular containers only), or undefined. */
export function findContainer(podSet: PodSet, name: string): ContainerInfo | undefined {
  return podSet.containers.find((c) => c.name === name);
}
