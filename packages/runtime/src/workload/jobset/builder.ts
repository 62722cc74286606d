// SPDX-License-Identifier: Apache-2.0
// The JobSet builder (upstream `plugins/jobset/builder.go`): copies pod-set data back into the
// replicatedJobs, applies the initializer and trainer overrides, the scheduler pod metadata, suspend
// and the owner reference. The spec in RuntimeInfo is changed in place; call it once per render.

import {
  AncestorSteps,
  ContainerNames,
  DEFAULT_JOB_REPLICAS,
  ForeignKinds,
  InitializerEnv,
  type DatasetInitializer,
  type ModelInitializer,
  type ReplicatedJob,
} from '@kubetrain/api/core';
import { RenderError } from '../../framework/errors.js';
import { defaultedField } from '../../core/runtime-defaults.js';
import { renderFailurePolicy } from './failure-policy.js';
import type { ContainerInfo, PodSet, RuntimeInfo } from '../../framework/runtime-info.js';
import type { Container, RenderedJobSet, TrainJob } from '../../types.js';
import { trainJobOwnerReference } from '../../util/owner-reference.js';
import { ancestorOf, mergePodMetadata, ensurePodSpec } from '../../util/replicated-job.js';
import { upsertEnv, upsertPorts, upsertVolumeMounts, upsertVolumes } from '../../util/upsert.js';

function copyContainer(target: Container, from: ContainerInfo): void {
  if (from.command !== undefined && from.command.length > 0) target.command = [...from.command];
  if (from.image !== undefined && from.image !== '') target.image = from.image;
  if (from.env.length > 0) target.env = upsertEnv(target.env ?? [], from.env);
  if (from.ports.length > 0) target.ports = upsertPorts(target.ports ?? [], from.ports);
  if (from.volumeMounts.length > 0) {
    target.volumeMounts = upsertVolumeMounts(target.volumeMounts ?? [], from.volumeMounts);
  }
}

function copyContainers(targets: Container[], from: readonly ContainerInfo[], appendExtra: boolean): void {
  from.forEach((c, i) => {
    let target = targets[i];
    if (target === undefined) {
      if (!appendExtra) return;
      target = { name: c.name };
      targets.push(target);
    }
    copyContainer(target, c);
  });
}

/** Copies a pod set's volumes, containers and init containers (extra init containers appended). */
function copyPodSet(rJob: ReplicatedJob, podSet: PodSet): void {
  const pod = ensurePodSpec(rJob);
  if (podSet.volumes.length > 0) pod.volumes = upsertVolumes(pod.volumes ?? [], podSet.volumes);
  if (podSet.containers.length > 0) copyContainers((pod.containers ??= []), podSet.containers, false);
  if (podSet.initContainers.length > 0) {
    copyContainers((pod.initContainers ??= []), podSet.initContainers, true);
  }
}

function containersOf(rJob: ReplicatedJob): Container[] {
  return rJob.template?.spec?.template?.spec?.containers ?? [];
}

/** Initializer overrides: STORAGE_URI, the initializer env, then envFrom the secret. */
function applyInitializer(
  rJob: ReplicatedJob,
  containerName: string,
  source: DatasetInitializer | ModelInitializer | undefined,
): void {
  rJob.replicas = DEFAULT_JOB_REPLICAS;
  if (source === undefined) return;
  const container = containersOf(rJob).find((c) => c.name === containerName);
  if (container === undefined) return;
  if (source.storageUri !== undefined) {
    container.env = upsertEnv(container.env ?? [], [
      { name: InitializerEnv.StorageUri, value: source.storageUri },
    ]);
  }
  if (source.env !== undefined && source.env.length > 0)
    container.env = upsertEnv(container.env ?? [], source.env);
  if (source.secretRef !== undefined) {
    container.envFrom = [...(container.envFrom ?? []), { secretRef: { name: source.secretRef.name } }];
  }
}

/** Trainer overrides on the `node` container: image, command, args, then env. */
function applyTrainer(rJob: ReplicatedJob, info: RuntimeInfo, trainJob: TrainJob, isTrainer: boolean): void {
  const node = containersOf(rJob).find((c) => c.name === ContainerNames.Node);
  if (isTrainer) {
    rJob.replicas = DEFAULT_JOB_REPLICAS;
    if (node !== undefined) {
      if (info.trainer.image !== undefined) node.image = info.trainer.image;
      if (info.trainer.command !== undefined) node.command = [...info.trainer.command];
      if (info.trainer.args !== undefined) node.args = [...info.trainer.args];
    }
  }
  const env = trainJob.spec.trainer?.env;
  if (node !== undefined && env !== undefined && env.length > 0) node.env = upsertEnv(node.env ?? [], env);
}

/**
 * Builds the JobSet `<tj>` in the TrainJob's namespace from `info` (after preBuildSync). Throws
 * {@link RenderError} if the template has fewer replicatedJobs than pod sets. Changes
 * `info.templateSpec.spec` in place and returns it inside the JobSet.
 */
export function buildJobSet(info: RuntimeInfo, trainJob: TrainJob): RenderedJobSet {
  const spec = info.templateSpec.spec;
  const jobs = spec.replicatedJobs ?? [];
  const podSets = info.templateSpec.podSets;
  if (jobs.length < podSets.length) {
    throw new RenderError(
      `runtime template has ${jobs.length} replicatedJobs but runtime info has ${podSets.length} podSets`,
    );
  }
  podSets.forEach((podSet, i) => copyPodSet(jobs[i] as ReplicatedJob, podSet));
  const initializer = trainJob.spec.initializer;
  const launcherAsNode = info.runtimePolicy.mlPolicy?.mpi?.runLauncherAsNode === true;
  for (const rJob of jobs) {
    const ancestor = ancestorOf(rJob);
    if (ancestor === AncestorSteps.DatasetInitializer)
      applyInitializer(rJob, ContainerNames.DatasetInitializer, initializer?.dataset);
    if (ancestor === AncestorSteps.ModelInitializer)
      applyInitializer(rJob, ContainerNames.ModelInitializer, initializer?.model);
    const isTrainer = ancestor === AncestorSteps.Trainer;
    if (isTrainer || (launcherAsNode && rJob.name === ContainerNames.Node))
      applyTrainer(rJob, info, trainJob, isTrainer);
    mergePodMetadata(rJob, info.scheduler.podLabels, info.scheduler.podAnnotations);
  }
  renderFailurePolicy(spec, info.runtimePolicy.failurePolicy, trainJob.spec.failurePolicy?.maxRestarts);
  spec.suspend = defaultedField(trainJob.spec.suspend, 'spec.suspend');
  const metadata: RenderedJobSet['metadata'] = {
    name: trainJob.metadata.name ?? '',
    ownerReferences: [trainJobOwnerReference(trainJob)],
  };
  if (trainJob.metadata.namespace !== undefined) metadata.namespace = trainJob.metadata.namespace;
  if (Object.keys(info.labels).length > 0) metadata.labels = { ...info.labels };
  if (Object.keys(info.annotations).length > 0) metadata.annotations = { ...info.annotations };
  return { apiVersion: ForeignKinds.JobSet.apiVersion, kind: ForeignKinds.JobSet.kind, metadata, spec };
}
