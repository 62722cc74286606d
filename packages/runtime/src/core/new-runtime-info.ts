// SPDX-License-Identifier: Apache-2.0
// newRuntimeInfo (upstream `pkg/runtime/core/trainingruntime.go`): the RuntimeInfo every render and
// every validation starts from. JobSet metadata and runtimePatches are merged here, before any
// plugin runs; pod sets mirror the replicatedJobs one to one.

import {
  AncestorSteps,
  ContainerNames,
  KubetrainAnnotations,
  WorkloadBackends,
  type JobSetSpec,
  type WorkloadBackend,
} from '@kubetrain/api/core';
import { noEndpoints } from '../framework/endpoints.js';
import type { ContainerInfo, PodSet, RuntimeInfo, TrainerOverrides } from '../framework/runtime-info.js';
import type { Container, TrainJob, TrainingRuntime } from '../types.js';
import { ancestorOf } from '../util/replicated-job.js';
import { mergeResourceRequirements, podRequests } from './resources.js';
import { strategicMergeJobSetSpec } from './smp-adapter.js';

function toContainerInfo(c: Container): ContainerInfo {
  const info: ContainerInfo = {
    name: c.name,
    env: structuredClone(c.env ?? []),
    ports: structuredClone(c.ports ?? []),
    volumeMounts: structuredClone(c.volumeMounts ?? []),
  };
  if (c.image !== undefined) info.image = c.image;
  if (c.command !== undefined) info.command = [...c.command];
  return info;
}

/**
 * Applies the TrainJob's runtimePatches (`trainingRuntimeSpec.template.spec`) in list order as
 * strategic merge patches, then restores the runtime's replicatedJob order (a stable sort on the
 * original index; names the runtime does not have sort as index 0). Returns a new spec.
 */
export function mergeRuntimePatches(spec: JobSetSpec, trainJob: TrainJob): JobSetSpec {
  const patches = trainJob.spec.runtimePatches ?? [];
  let merged = structuredClone(spec);
  let patched = false;
  for (const patch of patches) {
    const patchSpec = patch.trainingRuntimeSpec?.template?.spec;
    if (patchSpec === undefined) continue;
    merged = strategicMergeJobSetSpec(merged, patchSpec);
    patched = true;
  }
  if (!patched) return merged;
  const order = new Map((spec.replicatedJobs ?? []).map((r, i) => [r.name, i] as const));
  const jobs = merged.replicatedJobs;
  if (jobs !== undefined) {
    merged.replicatedJobs = jobs
      .map((r, i) => ({ r, i }))
      .sort((a, b) => (order.get(a.r.name) ?? 0) - (order.get(b.r.name) ?? 0) || a.i - b.i)
      .map(({ r }) => r);
  }
  return merged;
}

function mergeMetadata(
  base: Record<string, string> | undefined,
  trainJob: TrainJob,
  member: 'labels' | 'annotations',
): Record<string, string> {
  const out: Record<string, string> = { ...base };
  for (const patch of trainJob.spec.runtimePatches ?? []) {
    Object.assign(out, patch.trainingRuntimeSpec?.template?.metadata?.[member]);
  }
  return out;
}

function trainerOverrides(trainJob: TrainJob): TrainerOverrides {
  const trainer = trainJob.spec.trainer;
  const out: TrainerOverrides = {};
  if (trainer?.image !== undefined) out.image = trainer.image;
  if (trainer?.command !== undefined) out.command = [...trainer.command];
  if (trainer?.args !== undefined) out.args = [...trainer.args];
  return out;
}

/** The backends every registry serves: JobSet only. */
const jobSetOnly: ReadonlySet<string> = new Set([WorkloadBackends.JobSet]);

/**
 * The runtime's workload backend: its `kubetrain.dev/workload` annotation when `backends` has it,
 * else `JobSet` (an unknown or unserved value renders as upstream does).
 */
function workloadBackendOf(runtime: TrainingRuntime, backends: ReadonlySet<string>): WorkloadBackend {
  const wanted = runtime.metadata.annotations?.[KubetrainAnnotations.Workload];
  return wanted === WorkloadBackends.LeaderWorkerSet && backends.has(wanted)
    ? WorkloadBackends.LeaderWorkerSet
    : WorkloadBackends.JobSet;
}

/**
 * Builds the RuntimeInfo for `trainJob` on `runtime` (CRD defaults already applied). JobSet
 * labels/annotations are the runtime's overlaid by every runtimePatch in order; the JobSet spec is
 * the runtime's with runtimePatches merged; `spec.trainer.resourcesPerNode` is merged into the
 * trainer `node` container (and the `node` job's with MPI runLauncherAsNode). Pod-set counts start
 * from parallelism, or `mlPolicy.numNodes` for the trainer step, at least 1. `backends` are the
 * workload backends the registry serves (see {@link workloadBackendOf}). Neither input changes.
 */
export function newRuntimeInfo(
  runtime: TrainingRuntime,
  trainJob: TrainJob,
  backends: ReadonlySet<string> = jobSetOnly,
): RuntimeInfo {
  const template = runtime.spec.template;
  const mlPolicy = runtime.spec.mlPolicy;
  const spec = mergeRuntimePatches(template.spec, trainJob);
  const resourcesPerNode = trainJob.spec.trainer?.resourcesPerNode;
  const podSets: PodSet[] = [];
  for (const rJob of spec.replicatedJobs ?? []) {
    const ancestor = ancestorOf(rJob);
    const isTrainer = ancestor === AncestorSteps.Trainer && mlPolicy !== undefined;
    let count = rJob.template?.spec?.parallelism ?? 1;
    if (isTrainer) count = mlPolicy.numNodes ?? 1;
    const pod = rJob.template?.spec?.template?.spec;
    const launcherAsNode = mlPolicy?.mpi?.runLauncherAsNode === true && rJob.name === ContainerNames.Node;
    if (resourcesPerNode !== undefined && (isTrainer || launcherAsNode)) {
      const node = pod?.containers?.find((c) => c.name === ContainerNames.Node);
      if (node !== undefined) node.resources = mergeResourceRequirements(node.resources, resourcesPerNode);
    }
    const podSet: PodSet = {
      name: rJob.name,
      count: Math.max(count, 1),
      initContainers: (pod?.initContainers ?? []).map(toContainerInfo),
      containers: (pod?.containers ?? []).map(toContainerInfo),
      volumes: structuredClone(pod?.volumes ?? []),
      endpoints: noEndpoints,
      singlePodRequests: podRequests(pod),
      ...(ancestor !== undefined ? { ancestor } : {}),
    };
    podSets.push(podSet);
  }
  const runtimePolicy = {
    ...(mlPolicy !== undefined ? { mlPolicy } : {}),
    ...(runtime.spec.podGroupPolicy !== undefined ? { podGroupPolicy: runtime.spec.podGroupPolicy } : {}),
    ...(runtime.spec.runPolicy?.failurePolicy !== undefined
      ? { failurePolicy: runtime.spec.runPolicy.failurePolicy }
      : {}),
  };
  return {
    labels: mergeMetadata(template.metadata?.labels, trainJob, 'labels'),
    annotations: mergeMetadata(template.metadata?.annotations, trainJob, 'annotations'),
    runtimePolicy,
    scheduler: { podLabels: {}, podAnnotations: {} },
    templateSpec: { spec, podSets },
    trainer: trainerOverrides(trainJob),
    workload: workloadBackendOf(runtime, backends),
    runtimeAnnotations: { ...runtime.metadata.annotations },
  };
}
