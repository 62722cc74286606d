// SPDX-License-Identifier: Apache-2.0
// The objects of the Kueue suite: a namespaced TrainingRuntime whose pods run on kwok until the
// suite finishes them, a GPU ResourceFlavor, a ClusterQueue with a GPU quota, its LocalQueue,
// WorkloadPriorityClasses and 8-GPU-per-node TrainJobs queued on it.
import { GROUP, Kinds, VERSION, type TrainJob } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { cluster } from '../support/cluster.js';
import { JOBSET_NAME_LABEL } from '../support/jobset.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import {
  KUEUE_SCOPE_LABEL,
  PRIORITY_CLASS_LABEL,
  QUEUE_NAME_LABEL,
  type KueueObject,
} from '../support/kueue.js';
import { listPods } from '../support/pods.js';
import { PatchStrategy } from '@kubernetes/client-node';

/** The TrainingRuntime the suite's TrainJobs use. */
export const RUNTIME = 'gpu-node';
/** The LocalQueue the suite's TrainJobs name. */
export const LOCAL_QUEUE = 'gpu-queue';
/** The GPU node label the flavor selects (every kwok GPU node has it). */
export const GPU_PRODUCT = { 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-80GB' };
/** The toleration the flavor adds to admitted pods (no node has the taint: it only proves injection). */
export const FLAVOR_TOLERATION = {
  key: 'kubetrain.dev/kueue-flavor',
  operator: 'Exists',
  effect: 'NoSchedule',
};

/** A TrainingRuntime with one `node` step whose pods keep running on kwok until {@link finishPods}. */
export function gpuRuntime(namespace: string): Record<string, unknown> {
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: Kinds.TrainingRuntime,
    metadata: { name: RUNTIME, namespace },
    spec: {
      mlPolicy: { numNodes: 1 },
      template: {
        spec: {
          replicatedJobs: [
            {
              name: 'node',
              template: {
                metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
                spec: {
                  template: {
                    metadata: { annotations: keepRunning() },
                    spec: { containers: [{ name: 'node', image: 'registry.example/train:1' }] },
                  },
                },
              },
            },
          ],
        },
      },
    },
  };
}

/** The suite's cluster-scoped Kueue objects, named after the run. */
export interface QueueNames {
  readonly flavor: string;
  readonly clusterQueue: string;
  readonly low: string;
  readonly high: string;
}

/** Names of the cluster-scoped objects for the run `suffix`. */
export function queueNames(suffix: string): QueueNames {
  return {
    flavor: `e2e-gpu-${suffix}`,
    clusterQueue: `e2e-gpu-${suffix}`,
    low: `e2e-low-${suffix}`,
    high: `e2e-high-${suffix}`,
  };
}

const scoped = { [KUEUE_SCOPE_LABEL]: 'true' };

/** The Kueue objects, in creation order: flavor, ClusterQueue (`gpus` GPUs), LocalQueue, priorities. */
export function queueObjects(namespace: string, names: QueueNames, gpus: number): KueueObject[] {
  return [
    {
      kind: 'ResourceFlavor',
      metadata: { name: names.flavor, labels: scoped },
      spec: { nodeLabels: GPU_PRODUCT, tolerations: [FLAVOR_TOLERATION] },
    },
    {
      kind: 'ClusterQueue',
      metadata: { name: names.clusterQueue, labels: scoped },
      spec: {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
        preemption: { withinClusterQueue: 'LowerPriority' },
        resourceGroups: [
          {
            coveredResources: ['cpu', 'memory', 'nvidia.com/gpu'],
            flavors: [
              {
                name: names.flavor,
                resources: [
                  { name: 'cpu', nominalQuota: '1000' },
                  { name: 'memory', nominalQuota: '10Ti' },
                  { name: 'nvidia.com/gpu', nominalQuota: String(gpus) },
                ],
              },
            ],
          },
        ],
      },
    },
    {
      kind: 'LocalQueue',
      metadata: { name: LOCAL_QUEUE, namespace },
      spec: { clusterQueue: names.clusterQueue },
    },
    { kind: 'WorkloadPriorityClass', metadata: { name: names.low }, value: 100 } as KueueObject,
    { kind: 'WorkloadPriorityClass', metadata: { name: names.high }, value: 1000 } as KueueObject,
  ];
}

/** A TrainJob on the suite's LocalQueue: `numNodes` pods of 8 GPUs each (with `priority`, if given). */
export function queuedTrainJob(
  namespace: string,
  name: string,
  numNodes: number,
  priority?: string,
): TrainJob {
  return makeTrainJob(namespace, name)
    .runtimeRef(RUNTIME, Kinds.TrainingRuntime)
    .labels({ [QUEUE_NAME_LABEL]: LOCAL_QUEUE, ...(priority ? { [PRIORITY_CLASS_LABEL]: priority } : {}) })
    .numNodes(numNodes)
    .resourcesPerNode({ limits: { 'nvidia.com/gpu': '8' } })
    .obj();
}

/** The selector of the pods of the TrainJob (JobSet) `name`. */
export const podsOf = (name: string) => `${JOBSET_NAME_LABEL}=${name}`;

/** Lets the running pods of the TrainJob `name` succeed (the kwok outcome annotation), so it completes. */
export async function finishPods(namespace: string, name: string): Promise<number> {
  const pods = (await listPods(namespace, podsOf(name))).filter((p) => p.status?.phase === 'Running');
  for (const pod of pods) {
    await cluster().objects.patch(
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: pod.metadata!.name!, namespace, annotations: succeedAfter('1s') },
      },
      undefined,
      undefined,
      'kubetrain-e2e',
      undefined,
      PatchStrategy.MergePatch,
    );
  }
  return pods.length;
}
