// SPDX-License-Identifier: Apache-2.0
// Other work on the shared control plane: TrainJobs outside the benchmark's namespaces (another
// checkout's e2e suites, say). Upstream's manager watches the whole cluster, so it would reconcile
// them too, and their requests would land in the benchmark's window; the benchmark waits until
// there are none, and says so when it gives up.
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeClient } from './kube-client.js';

/** Namespaces of TrainJobs that are not the benchmark's (`bench-*`). */
export async function foreignTrainJobNamespaces(client: KubeClient): Promise<string[]> {
  const list = await client.request<{ items: { metadata: { namespace?: string } }[] }>(
    '/apis/trainer.kubeflow.org/v1alpha1/trainjobs?limit=500',
  );
  const namespaces = new Set(list.items.map((i) => i.metadata.namespace ?? ''));
  return [...namespaces].filter((ns) => !ns.startsWith('bench-')).sort();
}

/** Waits up to `timeoutMs` until no foreign TrainJobs exist; returns the namespaces still holding some. */
export async function waitNoForeignTrainJobs(client: KubeClient, timeoutMs = 120_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let foreign = await foreignTrainJobNamespaces(client);
  while (foreign.length && Date.now() < deadline) {
    await sleep(2000);
    foreign = await foreignTrainJobNamespaces(client);
  }
  return foreign;
}
