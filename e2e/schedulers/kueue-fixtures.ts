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
  describeConditions,
  KUEUE_SCOPE_LABEL,
  PRIORITY_CLASS_LABEL,
  QUEUE_NAME_LABEL,
  workloadOf,
  type KueueObject,
} from '../support/kueue.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
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

/** The toleration of the GPU nodes' taint. */
export const GPU_TOLERATION = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };

/** The TrainingRuntime whose pod template asks Kueue for one topology domain (a zone) per PodSet. */
export const ZONE_RUNTIME = 'gpu-node-one-zone';
/** The TAS annotation on that runtime's pod template (upstream key), and the LocalQueue of the TAS ClusterQueue. */
export const REQUIRED_TOPOLOGY = { 'kueue.x-k8s.io/podset-required-topology': 'topology.kubernetes.io/zone' };
export const TAS_QUEUE = 'gpu-tas-queue';

/**
 * A TrainingRuntime `name` with one `node` step whose pods keep running on kwok until
 * {@link finishPods}; `annotations` go on its pod template too.
 */
export function gpuRuntime(
  namespace: string,
  name = RUNTIME,
  annotations: Record<string, string> = {},
): Record<string, unknown> {
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: Kinds.TrainingRuntime,
    metadata: { name, namespace },
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
                    metadata: { annotations: { ...keepRunning(), ...annotations } },
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
  readonly topology: string;
  readonly tasFlavor: string;
  readonly tasClusterQueue: string;
}

/** Names of the cluster-scoped objects for the run `suffix`. */
export function queueNames(suffix: string): QueueNames {
  return {
    flavor: `e2e-gpu-${suffix}`,
    clusterQueue: `e2e-gpu-${suffix}`,
    low: `e2e-low-${suffix}`,
    high: `e2e-high-${suffix}`,
    topology: `e2e-zones-${suffix}`,
    tasFlavor: `e2e-gpu-tas-${suffix}`,
    tasClusterQueue: `e2e-gpu-tas-${suffix}`,
  };
}

const scoped = { [KUEUE_SCOPE_LABEL]: 'true' };

/** The resource groups of a ClusterQueue: `gpus` GPUs of `flavor` (CPU and memory without limit). */
export function gpuResourceGroups(flavor: string, gpus: number): unknown[] {
  return [
    {
      coveredResources: ['cpu', 'memory', 'nvidia.com/gpu'],
      flavors: [
        {
          name: flavor,
          resources: [
            { name: 'cpu', nominalQuota: '1000' },
            { name: 'memory', nominalQuota: '10Ti' },
            { name: 'nvidia.com/gpu', nominalQuota: String(gpus) },
          ],
        },
      ],
    },
  ];
}

/** A ClusterQueue `name` for the suite's namespace: `gpus` GPUs of `flavor`, preemption by priority. */
function gpuClusterQueue(namespace: string, name: string, flavor: string, gpus: number): KueueObject {
  return {
    kind: 'ClusterQueue',
    metadata: { name, labels: scoped },
    spec: {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
      preemption: { withinClusterQueue: 'LowerPriority' },
      resourceGroups: gpuResourceGroups(flavor, gpus),
    },
  };
}

/**
 * The Kueue objects, in creation order: the flavor, a ClusterQueue of `gpus` GPUs and its LocalQueue,
 * two WorkloadPriorityClasses; and for topology-aware scheduling a Topology (zone, host), a flavor
 * bound to it, and a ClusterQueue of `gpus` GPUs of that flavor with its LocalQueue.
 */
export function queueObjects(namespace: string, names: QueueNames, gpus: number): KueueObject[] {
  return [
    {
      kind: 'ResourceFlavor',
      metadata: { name: names.flavor, labels: scoped },
      spec: { nodeLabels: GPU_PRODUCT, tolerations: [FLAVOR_TOLERATION] },
    },
    gpuClusterQueue(namespace, names.clusterQueue, names.flavor, gpus),
    {
      kind: 'LocalQueue',
      metadata: { name: LOCAL_QUEUE, namespace },
      spec: { clusterQueue: names.clusterQueue },
    },
    { kind: 'WorkloadPriorityClass', metadata: { name: names.low }, value: 100 } as KueueObject,
    { kind: 'WorkloadPriorityClass', metadata: { name: names.high }, value: 1000 } as KueueObject,
    {
      kind: 'Topology',
      metadata: { name: names.topology, labels: scoped },
      spec: {
        levels: [{ nodeLabel: 'topology.kubernetes.io/zone' }, { nodeLabel: 'kubernetes.io/hostname' }],
      },
    },
    {
      kind: 'ResourceFlavor',
      metadata: { name: names.tasFlavor, labels: scoped },
      // Kueue's TAS places pods by their template, before admission plugins add the GPU toleration:
      // the flavor tolerates the GPU nodes' taint (as upstream's TAS GPU sample does).
      spec: { nodeLabels: GPU_PRODUCT, topologyName: names.topology, tolerations: [GPU_TOLERATION] },
    },
    gpuClusterQueue(namespace, names.tasClusterQueue, names.tasFlavor, gpus),
    {
      kind: 'LocalQueue',
      metadata: { name: TAS_QUEUE, namespace },
      spec: { clusterQueue: names.tasClusterQueue },
    },
  ];
}

/**
 * A TrainJob on the LocalQueue `queue` (default: the suite's): `numNodes` pods of 8 GPUs each, with
 * `priority` if given, of the TrainingRuntime `runtime`.
 */
export function queuedTrainJob(
  namespace: string,
  name: string,
  numNodes: number,
  {
    priority,
    queue = LOCAL_QUEUE,
    runtime = RUNTIME,
  }: { priority?: string; queue?: string; runtime?: string } = {},
): TrainJob {
  return makeTrainJob(namespace, name)
    .runtimeRef(runtime, Kinds.TrainingRuntime)
    .labels({ [QUEUE_NAME_LABEL]: queue, ...(priority ? { [PRIORITY_CLASS_LABEL]: priority } : {}) })
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

/** Waits until the Workload of the TrainJob `name` satisfies `ok` (`what` says how); returns it. */
export const waitForWorkload = (
  namespace: string,
  name: string,
  what: string,
  ok: (w: KueueObject) => boolean,
) =>
  waitFor(
    `Workload of TrainJob ${name}: ${what}`,
    async () => {
      const wl = await workloadOf(namespace, name);
      return wl && ok(wl) ? wl : undefined;
    },
    async () => `conditions: ${describeConditions(await workloadOf(namespace, name))}`,
  );

/** Waits until exactly `count` pods of the TrainJob `name` are Running; returns them. */
export const waitForRunningPods = (namespace: string, name: string, count: number) =>
  waitFor(
    `${count} Running pods of TrainJob ${name}`,
    async () => {
      const pods = await listPods(namespace, podsOf(name));
      const running = pods.filter((p) => p.status?.phase === 'Running' && !p.metadata?.deletionTimestamp);
      return running.length === count && pods.length === count ? running : undefined;
    },
    async () => describePods(namespace, podsOf(name)),
  );
