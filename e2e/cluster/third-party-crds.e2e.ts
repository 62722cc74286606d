// SPDX-License-Identifier: Apache-2.0
// The cluster serves the APIs kubetrain renders objects for but whose controllers do not run:
// Volcano PodGroup and Queue, scheduler-plugins PodGroup, and Kueue's queues. Objects are stored
// under the upstream CRD schemas (read from the projects' Go modules by hack/cluster/crds.sh).
import { randomBytes } from 'node:crypto';
import type { KubernetesObject } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';

type Obj = KubernetesObject & { spec?: Record<string, unknown> };

describe('third-party CRDs', () => {
  const suffix = randomBytes(3).toString('hex');
  const clusterScoped: Obj[] = [];
  let namespace: string;
  beforeAll(async () => {
    namespace = await createNamespace('e2e-crds');
  });
  afterAll(async () => {
    for (const obj of clusterScoped) await cluster().objects.delete(obj);
    await deleteNamespace(namespace);
  });

  async function create(obj: Obj): Promise<Obj> {
    const created = await cluster().objects.create<Obj>(obj);
    if (!obj.metadata?.namespace) clusterScoped.push(obj);
    return created;
  }

  it('stores a Volcano Queue and PodGroup', async () => {
    const queue = `e2e-${suffix}`;
    await create({
      apiVersion: 'scheduling.volcano.sh/v1beta1',
      kind: 'Queue',
      metadata: { name: queue },
      spec: { weight: 1 },
    });
    const group = await create({
      apiVersion: 'scheduling.volcano.sh/v1beta1',
      kind: 'PodGroup',
      metadata: { name: 'trainer', namespace },
      spec: { minMember: 3, queue, minResources: { cpu: '3' } },
    });
    expect(group.spec).toMatchObject({ minMember: 3, queue });
  });

  it('stores a scheduler-plugins PodGroup and rejects one that breaks the schema', async () => {
    const group = await create({
      apiVersion: 'scheduling.x-k8s.io/v1alpha1',
      kind: 'PodGroup',
      metadata: { name: 'trainer', namespace },
      spec: { minMember: 4, scheduleTimeoutSeconds: 60 },
    });
    expect(group.spec).toMatchObject({ minMember: 4, scheduleTimeoutSeconds: 60 });
    await expect(
      create({
        apiVersion: 'scheduling.x-k8s.io/v1alpha1',
        kind: 'PodGroup',
        metadata: { name: 'bad', namespace },
        spec: { minMember: 'four' },
      }),
    ).rejects.toMatchObject({ code: 422 });
  });

  it('stores Kueue ResourceFlavor, ClusterQueue and LocalQueue', async () => {
    const flavor = `e2e-${suffix}`;
    const clusterQueue = `e2e-${suffix}`;
    await create({
      apiVersion: 'kueue.x-k8s.io/v1beta2',
      kind: 'ResourceFlavor',
      metadata: { name: flavor },
    });
    await create({
      apiVersion: 'kueue.x-k8s.io/v1beta2',
      kind: 'ClusterQueue',
      metadata: { name: clusterQueue },
      spec: {
        namespaceSelector: {},
        resourceGroups: [
          {
            coveredResources: ['cpu'],
            flavors: [{ name: flavor, resources: [{ name: 'cpu', nominalQuota: '8' }] }],
          },
        ],
      },
    });
    const local = await create({
      apiVersion: 'kueue.x-k8s.io/v1beta2',
      kind: 'LocalQueue',
      metadata: { name: 'team', namespace },
      spec: { clusterQueue },
    });
    expect(local.spec).toMatchObject({ clusterQueue });
  });
});
