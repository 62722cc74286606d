// SPDX-License-Identifier: Apache-2.0
// The JobSet controller (v0.12.0, with its webhooks over TLS) drives JobSets to their terminal
// conditions on the kwok nodes: Jobs -> pods scheduled by kube-scheduler -> run by kwok ->
// Succeeded/Failed as the pods' kwok.kubetrain.dev annotations say.
import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { failAfter, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { JOBSET_NAME_LABEL, REPLICATED_JOB_LABEL, waitForJobSetCondition } from '../support/jobset.js';
import { listPods } from '../support/pods.js';

interface Condition {
  type: string;
  status: string;
  reason?: string;
}
interface JobSet extends KubernetesObject {
  spec?: { successPolicy?: { operator?: string }; network?: { enableDNSHostnames?: boolean } };
  status?: { conditions?: Condition[] };
}

function replicatedJob(
  name: string,
  replicas: number,
  podsPerJob: number,
  annotations: Record<string, string>,
) {
  return {
    name,
    replicas,
    template: {
      spec: {
        parallelism: podsPerJob,
        completions: podsPerJob,
        backoffLimit: 0,
        template: {
          metadata: { annotations },
          spec: {
            restartPolicy: 'Never',
            containers: [
              {
                name: 'trainer',
                image: 'registry.example/trainer:1',
                resources: { requests: { cpu: '1', memory: '1Gi' } },
              },
            ],
          },
        },
      },
    },
  };
}

async function createJobSet(namespace: string, name: string, replicatedJobs: unknown[]): Promise<JobSet> {
  return cluster().objects.create<JobSet>({
    apiVersion: 'jobset.x-k8s.io/v1alpha2',
    kind: 'JobSet',
    metadata: { name, namespace },
    spec: { failurePolicy: { maxRestarts: 0 }, replicatedJobs },
  } as JobSet);
}

function exitCodes(pod: V1Pod): number[] {
  return (pod.status?.containerStatuses ?? []).map((s) => s.state?.terminated?.exitCode ?? -1);
}

describe('JobSet on the local control plane', () => {
  let namespace: string;
  beforeAll(async () => {
    namespace = await createNamespace('e2e-jobset');
  });
  afterAll(async () => {
    await deleteNamespace(namespace);
  });

  it('completes a JobSet with two replicated jobs, every pod Succeeded', async () => {
    const created = await createJobSet(namespace, 'two-jobs', [
      replicatedJob('launcher', 1, 1, succeedAfter('1s')),
      replicatedJob('workers', 2, 2, succeedAfter('2s')),
    ]);
    // The mutating webhook defaulted what the controller needs (it would panic otherwise).
    expect(created.spec?.successPolicy?.operator).toBe('All');
    expect(created.spec?.network?.enableDNSHostnames).toBe(true);

    const done = await waitForJobSetCondition(namespace, 'two-jobs', 'Completed');
    expect(done.status?.conditions?.find((c) => c.type === 'Failed' && c.status === 'True')).toBeUndefined();

    const pods = await listPods(namespace, `${JOBSET_NAME_LABEL}=two-jobs`);
    expect(pods).toHaveLength(1 + 2 * 2);
    for (const pod of pods) {
      expect(pod.status?.phase).toBe('Succeeded');
      expect(exitCodes(pod)).toEqual([0]);
      expect(pod.spec?.nodeName).toMatch(/^(cpu|gpu)-node-\d+$/);
    }
    const jobs = new Set(pods.map((p) => p.metadata?.labels?.[REPLICATED_JOB_LABEL]));
    expect(jobs).toEqual(new Set(['launcher', 'workers']));
  });

  it('fails a JobSet whose pod fails, with the exit code the annotation chose', async () => {
    await createJobSet(namespace, 'one-fails', [
      replicatedJob('ok', 1, 1, succeedAfter('30s')),
      replicatedJob('broken', 1, 1, failAfter('1s', 3)),
    ]);

    await waitForJobSetCondition(namespace, 'one-fails', 'Failed');

    const broken = await listPods(namespace, `${JOBSET_NAME_LABEL}=one-fails,${REPLICATED_JOB_LABEL}=broken`);
    expect(broken.length).toBeGreaterThanOrEqual(1);
    const failed = broken.filter((p) => p.status?.phase === 'Failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(exitCodes(failed[0]!)).toEqual([3]);
  });
});
