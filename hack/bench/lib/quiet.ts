// SPDX-License-Identifier: Apache-2.0
// Waiting until the control plane is quiet between runs: the writes of the previous run's
// background work (Jobs and pods still being created or deleted by kube-controller-manager, the
// scheduler and kwok) must not land in the next run's window. Nor its GETs: once a run's namespace
// is gone, kube-controller-manager's garbage collector still GETs each deleted dependent of every
// deleted owner (the snapshot ConfigMap and the JobSet of each TrainJob, the Jobs of each JobSet),
// one by one at its client's 20 requests/s, for a minute or more after a 1,000-job run (issue 26:
// those 404 GETs were counted in the next manager's window as 0.36 GETs of JobSets and of
// ConfigMaps per TrainJob).
import { setTimeout as sleep } from 'node:timers/promises';
import { apiserverRequests } from './apiserver-requests.js';
import type { KubeClient } from './kube-client.js';
import { delta, sum, subtract } from './request-counts.js';

/** Requests that are not activity: every component re-opens its lists and watches now and then. */
const READS = /^(LIST|WATCH) /;

/**
 * Resolves once the API server has taken fewer than `maxWritesPerSecond` writes and GETs per
 * second (all clients but this one) over a `windowMs` window, or after `timeoutMs`. Returns the
 * last rate.
 */
export async function waitQuiet(
  client: KubeClient,
  { maxWritesPerSecond = 15, windowMs = 3000, timeoutMs = 120_000 } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let rate = Infinity;
  while (Date.now() < deadline) {
    const before = await apiserverRequests(client);
    const ownBefore = new Map(client.sent);
    await sleep(windowMs);
    const after = await apiserverRequests(client);
    const writes = subtract(delta(before, after), delta(ownBefore, client.sent));
    for (const key of [...writes.keys()]) if (READS.test(key)) writes.delete(key);
    rate = sum(writes) / (windowMs / 1000);
    if (rate < maxWritesPerSecond) return rate;
  }
  return rate;
}
