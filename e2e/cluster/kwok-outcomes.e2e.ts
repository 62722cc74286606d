// SPDX-License-Identifier: Apache-2.0
// The contract of the kwok.kubetrain.dev pod annotations (hack/cluster/config/kwok-outcome-stages.yaml):
// succeed after a delay, fail with a chosen exit code, or keep running; without them, pods of a Job
// succeed.
import { BatchV1Api, type V1Pod } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';

function pod(name: string, annotations: Record<string, string>): V1Pod {
  return {
    metadata: { name, annotations },
    spec: {
      restartPolicy: 'Never',
      containers: [
        { name: 'main', image: 'registry.example/app:1' },
        { name: 'sidecar', image: 'registry.example/sidecar:1' },
      ],
    },
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
    async () => `phase ${last?.status?.phase}`,
  );
}

function exitCodes(p: V1Pod): (number | undefined)[] {
  return (p.status?.containerStatuses ?? []).map((s) => s.state?.terminated?.exitCode);
}

describe('kwok pod outcomes driven by annotations', () => {
  let namespace: string;
  beforeAll(async () => {
    namespace = await createNamespace('e2e-kwok');
  });
  afterAll(async () => {
    await deleteNamespace(namespace);
  });

  it('runs, then succeeds with exit code 0 in every container', async () => {
    await cluster().core.createNamespacedPod({ namespace, body: pod('succeeds', succeedAfter('1s')) });
    const done = await waitForPhase(namespace, 'succeeds', 'Succeeded');
    expect(done.status?.startTime).toBeDefined();
    expect(exitCodes(done)).toEqual([0, 0]);
  });

  it('runs, then fails with the exit code of the annotation', async () => {
    await cluster().core.createNamespacedPod({ namespace, body: pod('fails', failAfter('1s', 42)) });
    const done = await waitForPhase(namespace, 'fails', 'Failed');
    expect(exitCodes(done)).toEqual([42, 42]);
    expect(done.status?.containerStatuses?.[0]?.state?.terminated?.reason).toBe('Error');
  });

  it('completes a Job whose pods carry no annotations', async () => {
    const batch = cluster().kubeConfig.makeApiClient(BatchV1Api);
    await batch.createNamespacedJob({
      namespace,
      body: {
        metadata: { name: 'plain-job' },
        spec: {
          completions: 2,
          parallelism: 2,
          backoffLimit: 0,
          template: {
            spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'registry.example/app:1' }] },
          },
        },
      },
    });
    const job = await waitFor('Job plain-job condition Complete=True', async () => {
      const current = await batch.readNamespacedJob({ name: 'plain-job', namespace });
      return current.status?.conditions?.some((c) => c.type === 'Complete' && c.status === 'True')
        ? current
        : undefined;
    });
    expect(job.status?.succeeded).toBe(2);
    expect(job.status?.failed ?? 0).toBe(0);
  });

  it('keeps running with outcome "run", and without annotations when no Job owns the pod', async () => {
    const { core } = cluster();
    await core.createNamespacedPod({ namespace, body: pod('runs', keepRunning()) });
    await core.createNamespacedPod({ namespace, body: pod('plain', {}) });
    await core.createNamespacedPod({ namespace, body: pod('witness', succeedAfter('2s')) });
    await waitForPhase(namespace, 'runs', 'Running');
    await waitForPhase(namespace, 'plain', 'Running');
    // The witness started after the other two and has finished: they had as long and did not.
    await waitForPhase(namespace, 'witness', 'Succeeded');
    for (const name of ['runs', 'plain']) {
      const current = await core.readNamespacedPod({ name, namespace });
      expect(current.status?.phase).toBe('Running');
      expect(current.status?.containerStatuses?.every((s) => s.ready && s.state?.running)).toBe(true);
    }
  });
});
