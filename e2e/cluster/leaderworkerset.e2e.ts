// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet controller (with its webhooks over TLS) creates a leader StatefulSet and a
// worker StatefulSet per group; kube-controller-manager creates the pods, kube-scheduler places
// them on kwok nodes and kwok runs them.
import type { KubernetesObject } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';

interface LeaderWorkerSet extends KubernetesObject {
  spec?: { leaderWorkerTemplate?: { size?: number; restartPolicy?: string } };
  status?: { conditions?: { type: string; status: string }[]; readyReplicas?: number };
}

const NAME_LABEL = 'leaderworkerset.sigs.k8s.io/name';

describe('LeaderWorkerSet on the local control plane', () => {
  let namespace: string;
  beforeAll(async () => {
    namespace = await createNamespace('e2e-lws');
  });
  afterAll(async () => {
    await deleteNamespace(namespace);
  });

  it('runs the leader and workers of a group of size 3 on kwok nodes', async () => {
    const { objects, core } = cluster();
    const template = {
      metadata: { annotations: keepRunning() },
      spec: {
        containers: [
          { name: 'node', image: 'registry.example/trainer:1', resources: { requests: { cpu: '1' } } },
        ],
      },
    };
    const created = await objects.create<LeaderWorkerSet>({
      apiVersion: 'leaderworkerset.x-k8s.io/v1',
      kind: 'LeaderWorkerSet',
      metadata: { name: 'group', namespace },
      spec: { replicas: 1, leaderWorkerTemplate: { size: 3, workerTemplate: template } },
    } as LeaderWorkerSet);
    // The mutating webhook defaulted the restart policy.
    expect(created.spec?.leaderWorkerTemplate?.restartPolicy).toBeDefined();

    const selector = `${NAME_LABEL}=group`;
    const pods = await waitFor(
      'three Running pods of LeaderWorkerSet group',
      async () => {
        const current = await listPods(namespace, selector);
        const running = current.filter((p) => p.status?.phase === 'Running');
        return running.length === 3 ? running : undefined;
      },
      () => describePods(namespace, selector),
    );

    const roles = pods.map((p) => p.metadata?.labels?.['leaderworkerset.sigs.k8s.io/worker-index']).sort();
    expect(roles).toEqual(['0', '1', '2']);
    for (const pod of pods) {
      const node = await core.readNode({ name: pod.spec?.nodeName ?? '' });
      expect(node.metadata?.labels?.['type']).toBe('kwok');
    }

    await waitFor(
      'LeaderWorkerSet group condition Available=True',
      async () => {
        const lws = await objects.read<LeaderWorkerSet>({
          apiVersion: 'leaderworkerset.x-k8s.io/v1',
          kind: 'LeaderWorkerSet',
          metadata: { name: 'group', namespace },
        });
        return lws.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True')
          ? lws
          : undefined;
      },
      () => describePods(namespace, selector),
    );
  });
});
