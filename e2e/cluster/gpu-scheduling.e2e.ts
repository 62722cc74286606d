// SPDX-License-Identifier: Apache-2.0
// The kwok nodes look like a GPU cluster: GPU nodes have nvidia.com/gpu capacity and the
// nvidia.com/gpu=present:NoSchedule taint; kube-scheduler places pods by those, and the
// ExtendedResourceToleration admission plugin lets GPU-requesting pods onto the tainted nodes.
import type { V1Pod } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';

function pod(namespace: string, name: string, gpus?: number): V1Pod {
  const resources =
    gpus === undefined ? { requests: { cpu: '1' } } : { limits: { 'nvidia.com/gpu': String(gpus) } };
  return {
    metadata: { name, namespace, annotations: keepRunning() },
    spec: { containers: [{ name: 'c', image: 'registry.example/cuda:1', resources }] },
  };
}

async function waitForPhase(namespace: string, name: string, phase: string): Promise<V1Pod> {
  const { core } = cluster();
  let last: V1Pod | undefined;
  return waitFor(
    `pod ${namespace}/${name} ${phase}`,
    async () => {
      last = await core.readNamespacedPod({ name, namespace });
      return last.status?.phase === phase ? last : undefined;
    },
    async () => `phase ${last?.status?.phase}, node ${last?.spec?.nodeName ?? 'none'}`,
  );
}

async function nodeLabels(name: string | undefined): Promise<Record<string, string>> {
  const node = await cluster().core.readNode({ name: name ?? '' });
  return node.metadata?.labels ?? {};
}

describe('GPU scheduling on the kwok nodes', () => {
  let namespace: string;
  beforeAll(async () => {
    namespace = await createNamespace('e2e-gpu');
  });
  afterAll(async () => {
    await deleteNamespace(namespace);
  });

  it('places a GPU pod only on a GPU node', async () => {
    const { core } = cluster();
    await core.createNamespacedPod({ namespace, body: pod(namespace, 'gpu-pod', 4) });
    const running = await waitForPhase(namespace, 'gpu-pod', 'Running');

    const labels = await nodeLabels(running.spec?.nodeName);
    expect(labels['nvidia.com/gpu.present']).toBe('true');
    expect(running.spec?.nodeName).toMatch(/^gpu-node-\d$/);
    // Admission added the toleration for the GPU taint.
    expect(running.spec?.tolerations).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'nvidia.com/gpu', operator: 'Exists' })]),
    );
  });

  it('keeps a CPU-only pod off the tainted GPU nodes', async () => {
    const { core } = cluster();
    await core.createNamespacedPod({ namespace, body: pod(namespace, 'cpu-pod') });
    const running = await waitForPhase(namespace, 'cpu-pod', 'Running');

    const labels = await nodeLabels(running.spec?.nodeName);
    expect(labels['nvidia.com/gpu.present']).toBeUndefined();
    expect(running.spec?.nodeName).toMatch(/^cpu-node-\d$/);
  });

  it('leaves a pod that asks for more GPUs than any node has unschedulable', async () => {
    const { core } = cluster();
    await core.createNamespacedPod({ namespace, body: pod(namespace, 'too-big', 16) });
    const unschedulable = await waitFor('pod too-big PodScheduled=False (Unschedulable)', async () => {
      const current = await core.readNamespacedPod({ name: 'too-big', namespace });
      const scheduled = current.status?.conditions?.find((c) => c.type === 'PodScheduled');
      return scheduled?.status === 'False' && scheduled.reason === 'Unschedulable' ? current : undefined;
    });
    expect(unschedulable.spec?.nodeName).toBeUndefined();
    expect(unschedulable.status?.phase).toBe('Pending');
  });
});
