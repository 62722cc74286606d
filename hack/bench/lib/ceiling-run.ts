// SPDX-License-Identifier: Apache-2.0
// The ceiling: with no Trainer manager running, how fast the API server accepts server-side
// applied JobSets (the JobSet a manager would write for a benchmark TrainJob) from a plain
// parallel client. No manager can create JobSets faster than this on the same control plane.
import { setTimeout as sleep } from 'node:timers/promises';
import { FIELD_MANAGER, KWOK_SUCCEED } from './cluster-setup.js';
import type { KubeClient, KubeObject } from './kube-client.js';
import { createNamespace, deleteNamespace } from './namespace.js';
import { timedPool } from './pool.js';

/** What the ceiling run measured. */
export interface CeilingResult {
  n: number;
  seconds: number;
  jobSetsPerSecond: number;
  /** Latency of one apply request, ms. */
  applyP50Ms: number;
  applyP99Ms: number;
}

/**
 * The JobSet of a 2-node benchmark TrainJob named `name`, as upstream's manager renders it from
 * the benchmark runtime (the Torch plugin's PET_* environment and port, JobSet networking); no
 * owner reference, since there is no TrainJob.
 */
export function ceilingJobSet(name: string, namespace: string, numNodes = 2): KubeObject {
  return {
    apiVersion: 'jobset.x-k8s.io/v1alpha2',
    kind: 'JobSet',
    metadata: { name, namespace },
    spec: {
      network: { enableDNSHostnames: true, publishNotReadyAddresses: true },
      replicatedJobs: [
        {
          name: 'node',
          replicas: 1,
          template: {
            metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
            spec: {
              parallelism: numNodes,
              completions: numNodes,
              template: {
                metadata: { annotations: KWOK_SUCCEED },
                spec: {
                  containers: [
                    {
                      name: 'node',
                      image: 'pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime',
                      command: ['torchrun', 'train.py'],
                      env: [
                        { name: 'PET_NNODES', value: String(numNodes) },
                        { name: 'PET_NPROC_PER_NODE', value: '1' },
                        {
                          name: 'PET_NODE_RANK',
                          valueFrom: {
                            fieldRef: {
                              fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']",
                            },
                          },
                        },
                        { name: 'PET_MASTER_ADDR', value: `${name}-node-0-0.${name}` },
                        { name: 'PET_MASTER_PORT', value: '29500' },
                      ],
                      ports: [{ containerPort: 29500 }],
                    },
                  ],
                },
              },
            },
          },
        },
      ],
    },
  };
}

/** Applies `n` JobSets into a fresh namespace with `concurrency` in flight; removes them afterwards. */
export async function runCeiling(client: KubeClient, n: number, concurrency: number): Promise<CeilingResult> {
  const namespace = await createNamespace(client, `bench-ceiling-${n}`);
  try {
    await sleep(1000);
    const timing = await timedPool(n, concurrency, async (i) => {
      const name = `tj-${String(i).padStart(5, '0')}`;
      await client.request(
        `/apis/jobset.x-k8s.io/v1alpha2/namespaces/${namespace}/jobsets/${name}?fieldManager=${FIELD_MANAGER}&force=true`,
        {
          method: 'PATCH',
          contentType: 'application/apply-patch+yaml',
          body: ceilingJobSet(name, namespace),
        },
      );
    });
    return {
      n,
      seconds: timing.seconds,
      jobSetsPerSecond: n / timing.seconds,
      applyP50Ms: timing.p50Ms,
      applyP99Ms: timing.p99Ms,
    };
  } finally {
    await deleteNamespace(client, namespace);
  }
}
