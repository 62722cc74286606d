// SPDX-License-Identifier: Apache-2.0
// A fresh namespace per benchmark run, and a fast teardown: the benchmark deletes the
// collections itself (pods with no grace period) before the namespace, so the next run does not
// start while kube-controller-manager's garbage collector is still working through thousands of
// objects.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, type KubeClient } from './kube-client.js';

/** Label on every namespace the benchmark creates. */
export const BENCH_LABEL = 'kubetrain.dev/bench';

/**
 * Creates `<prefix>-<random>` and waits until kube-controller-manager has written what it writes
 * into every new namespace (the `default` ServiceAccount and the `kube-root-ca.crt` ConfigMap),
 * so those writes fall before the measurement window.
 */
export async function createNamespace(client: KubeClient, prefix: string): Promise<string> {
  const name = `${prefix}-${randomBytes(3).toString('hex')}`;
  await client.request('/api/v1/namespaces', {
    method: 'POST',
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { [BENCH_LABEL]: 'true' } } },
  });
  await waitFor(60_000, `namespace ${name} initialised`, async () => {
    const [sa, cm] = await Promise.all([
      exists(client, `/api/v1/namespaces/${name}/serviceaccounts/default`),
      exists(client, `/api/v1/namespaces/${name}/configmaps/kube-root-ca.crt`),
    ]);
    return sa && cm;
  });
  return name;
}

/** Collections removed before the namespace itself, in this order (owners first). */
const COLLECTIONS = [
  '/apis/trainer.kubeflow.org/v1alpha1/namespaces/NS/trainjobs',
  '/apis/jobset.x-k8s.io/v1alpha2/namespaces/NS/jobsets',
  '/apis/batch/v1/namespaces/NS/jobs',
  '/api/v1/namespaces/NS/pods',
  '/api/v1/namespaces/NS/services',
  '/api/v1/namespaces/NS/configmaps',
  '/api/v1/namespaces/NS/secrets',
];

/** Deletes everything in `name`, then the namespace, and waits until it is gone. */
export async function deleteNamespace(client: KubeClient, name: string, timeoutMs = 300_000): Promise<void> {
  for (const path of COLLECTIONS) {
    await client
      .request(`${path.replace('NS', name)}?propagationPolicy=Background&gracePeriodSeconds=0`, {
        method: 'DELETE',
      })
      .catch(ignoreNotFound);
  }
  await client
    .request(`/api/v1/namespaces/${name}?gracePeriodSeconds=0`, { method: 'DELETE' })
    .catch(ignoreNotFound);
  await waitFor(
    timeoutMs,
    `namespace ${name} deleted`,
    async () => !(await exists(client, `/api/v1/namespaces/${name}`)),
  );
}

/** Deletes the namespaces a previous, interrupted benchmark left behind. */
export async function deleteLeftovers(client: KubeClient): Promise<void> {
  const list = await client.request<{ items: { metadata: { name: string } }[] }>(
    `/api/v1/namespaces?labelSelector=${encodeURIComponent(`${BENCH_LABEL}=true`)}`,
  );
  for (const ns of list.items) await deleteNamespace(client, ns.metadata.name);
}

/** Whether GET `path` answers (false on 404). */
export async function exists(client: KubeClient, path: string): Promise<boolean> {
  try {
    await client.raw(path);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * A delete that is gone already (404) is fine; so is one the API server timed out on (504): a
 * DELETE of a large collection goes on on the server after the request's deadline, and the
 * namespace deletion that follows removes whatever is left.
 */
function ignoreNotFound(error: unknown): void {
  if (!(error instanceof ApiError && (error.status === 404 || error.status === 504))) throw error;
}

/** Polls `check` every 250 ms until it returns true; throws after `timeoutMs`. */
export async function waitFor(timeoutMs: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}
