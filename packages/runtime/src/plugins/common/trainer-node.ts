// SPDX-License-Identifier: Apache-2.0
// What the ML policies share about the trainer step: its pod set and count, its `node` container,
// the address of its first pod, the node-rank env var and the trainer port.

import {
  AncestorSteps,
  CONTAINER_TRAINER_PORT,
  ContainerNames,
  JOB_COMPLETION_INDEX_FIELD_PATH,
  LWS_WORKER_INDEX_FIELD_PATH,
  WorkloadBackends,
} from '@kubetrain/api/core';
import { leaderHost, leaderWorkerSetName } from '../../workload/leaderworkerset/naming.js';
import {
  findContainer,
  findPodSetByAncestor,
  type ContainerInfo,
  type PodSet,
  type RuntimeInfo,
} from '../../framework/runtime-info.js';
import type { EnvVar, TrainJob } from '../../types.js';
import { upsertPorts } from '../../util/upsert.js';

/**
 * Sets the count of the trainer step's pod set (ancestor `trainer`) to `spec.trainer.numNodes` when
 * the TrainJob gives one, as every ML policy does, and returns the pod set; undefined when the
 * runtime has no trainer step.
 */
export function applyTrainerNumNodes(info: RuntimeInfo, trainJob: TrainJob): PodSet | undefined {
  const podSet = findPodSetByAncestor(info, AncestorSteps.Trainer);
  const numNodes = trainJob.spec.trainer?.numNodes;
  if (podSet !== undefined && numNodes !== undefined) podSet.count = numNodes;
  return podSet;
}

/**
 * Runs {@link applyTrainerNumNodes}, then returns the trainer pod set with its `node` container;
 * undefined when the TrainJob has no `spec.trainer` or there is no such container (the count is
 * set all the same).
 */
export function resolveTrainerNode(
  info: RuntimeInfo,
  trainJob: TrainJob,
): { podSet: PodSet; node: ContainerInfo } | undefined {
  const podSet = applyTrainerNumNodes(info, trainJob);
  if (podSet === undefined) return undefined;
  const node = findContainer(podSet, ContainerNames.Node);
  if (trainJob.spec.trainer === undefined || node === undefined) return undefined;
  return { podSet, node };
}

/** The `node` container of the trainer step, as the runtime (and earlier plugins) left it; no count is set. */
export function findTrainerNodeContainer(info: RuntimeInfo): ContainerInfo | undefined {
  const podSet = findPodSetByAncestor(info, AncestorSteps.Trainer);
  return podSet !== undefined ? findContainer(podSet, ContainerNames.Node) : undefined;
}

/** `<tj>-node-0-0`: the hostname of the first trainer pod. */
export function firstNodePod(trainJob: TrainJob): string {
  return `${trainJob.metadata.name ?? ''}-${ContainerNames.Node}-0-0`;
}

/**
 * The host of the trainer's rank 0 (torch's master, JAX's coordinator, XGBoost's tracker):
 * `<tj>-node-0-0.<tj>` on a JobSet, the leader `<tj>-0.<tj>` on a LeaderWorkerSet.
 */
export function firstNodeHost(info: RuntimeInfo, trainJob: TrainJob): string {
  if (info.workload === WorkloadBackends.LeaderWorkerSet) return leaderHost(leaderWorkerSetName(trainJob));
  return `${firstNodePod(trainJob)}.${trainJob.metadata.name ?? ''}`;
}

/**
 * An env var set to the pod's node rank through the downward API: the Job completion index on a
 * JobSet, the `leaderworkerset.sigs.k8s.io/worker-index` label (0 on the leader) on a LeaderWorkerSet.
 */
export function nodeRankEnv(info: RuntimeInfo, name: string): EnvVar {
  const fieldPath =
    info.workload === WorkloadBackends.LeaderWorkerSet
      ? LWS_WORKER_INDEX_FIELD_PATH
      : JOB_COMPLETION_INDEX_FIELD_PATH;
  return { name, valueFrom: { fieldRef: { fieldPath } } };
}

/** Opens the trainer port (29500) on `container`. */
export function openTrainerPort(container: ContainerInfo): void {
  upsertPorts(container.ports, [{ containerPort: CONTAINER_TRAINER_PORT }]);
}
