// SPDX-License-Identifier: Apache-2.0
// A manager started fresh on a population (scale-population.ts): how long until it is ready, until
// it has reconciled a TrainJob created right after that (queued behind the relist of everything),
// what the relist cost the API server, and the manager's memory and CPU once it has settled.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiserverRequests } from './apiserver-requests.js';
import { kubeconfigPath, type KubeClient } from './kube-client.js';
import type { ManagerHandle, ManagerLauncher } from './manager.js';
import { managerCounters } from './manager-metrics.js';
import { waitFor } from './namespace.js';
import { httpGet } from './process.js';
import { procStats, sampleAnonPeak } from './proc-stats.js';
import { sumSamples } from './prom-text.js';
import { delta, subtract, type RequestCounts } from './request-counts.js';
import { inertTrainJob } from './scale-template.js';
import type { TrainJobWatch } from './trainjob-watch.js';

/** What one start on a population measured. */
export interface RelistResult {
  manager: string;
  n: number;
  /** Start of the launch → /readyz answered 200, s. */
  readySeconds: number;
  /** Start of the launch → the JobSet of a TrainJob created once ready, s. */
  firstReconcileSeconds: number;
  /** That TrainJob's create → JobSet, s. */
  probeCreateToJobSetSeconds: number;
  /** Start → reconciles stopped growing (5 s without one), s. */
  settledSeconds: number;
  /** TrainJob reconciles and their errors until settled. */
  reconciles: number;
  reconcileErrors: number;
  cpuSeconds: number;
  peakRssMiB: number;
  peakAnonRssMiB: number;
  settledRssMiB: number;
  settledAnonRssMiB: number;
  /** Heap in use once settled, MiB: V8's (nodejs_heap_size_used_bytes) or Go's (go_memstats_heap_inuse_bytes). */
  settledHeapMiB: number;
  /** The API server's requests from the launch until settled, all clients but the harness. */
  requests: RequestCounts;
}

const MIB = 1024 * 1024;

/** Heap in use in a Prometheus exposition, MiB: V8's for node, the Go runtime's for Go; NaN if neither. */
export function heapInUseMiB(metricsText: string): number {
  const v8 = sumSamples(metricsText, 'nodejs_heap_size_used_bytes');
  if (v8 > 0) return v8 / MIB;
  const go = sumSamples(metricsText, 'go_memstats_heap_inuse_bytes');
  return go > 0 ? go / MIB : NaN;
}

/**
 * Starts `launcher` on the population of `n` jobs and measures until it has settled. The manager
 * is returned still running (for the steady load); the caller stops it. `probe` is a namespace the
 * harness's `watch` already follows.
 */
export async function relistRun(
  client: KubeClient,
  launcher: ManagerLauncher,
  n: number,
  probe: { namespace: string; watch: TrainJobWatch },
  { settleQuietMs = 5000, settleTimeoutMs = 600_000 } = {},
): Promise<{ result: RelistResult; manager: ManagerHandle }> {
  const workDir = mkdtempSync(join(tmpdir(), `kubetrain-bench-scale-${launcher.name}-`));
  const before = await apiserverRequests(client);
  const ownBefore = new Map(client.sent);
  const t0 = performance.now();
  const manager = await launcher.start({ kubeconfig: kubeconfigPath(), workDir, readyTimeoutMs: 300_000 });
  try {
    const readySeconds = (performance.now() - t0) / 1000;
    const anonPeak = sampleAnonPeak(manager.pid);
    const probeName = `probe-${launcher.name.replace(/[^a-z0-9-]/g, '-')}-${n}`;
    await client.request(`/apis/trainer.kubeflow.org/v1alpha1/namespaces/${probe.namespace}/trainjobs`, {
      method: 'POST',
      body: inertTrainJob(probeName),
    });
    const created = performance.now();
    await waitFor(settleTimeoutMs, `the JobSet of ${probeName}`, () =>
      Promise.resolve(probe.watch.jobSetAt.has(probeName)),
    );
    const jobSetAt = probe.watch.jobSetAt.get(probeName) ?? NaN;
    // Settled: no reconcile for settleQuietMs.
    let last = await managerCounters(manager.metricsUrl);
    let quietSince = performance.now();
    while (performance.now() - quietSince < settleQuietMs) {
      if (performance.now() - t0 > settleTimeoutMs) break;
      await sleep(1000);
      const now = await managerCounters(manager.metricsUrl);
      if (now.reconciles !== last.reconciles) quietSince = performance.now();
      last = now;
    }
    const settledSeconds = (quietSince - t0) / 1000;
    const [after, metrics] = await Promise.all([apiserverRequests(client), httpGet(manager.metricsUrl)]);
    const stats = procStats(manager.pid);
    return {
      manager,
      result: {
        manager: launcher.name,
        n,
        readySeconds,
        firstReconcileSeconds: (jobSetAt - t0) / 1000,
        probeCreateToJobSetSeconds: (jobSetAt - created) / 1000,
        settledSeconds,
        reconciles: last.reconciles,
        reconcileErrors: last.reconcileErrors,
        cpuSeconds: stats.cpuSeconds,
        peakRssMiB: stats.peakRssMiB,
        peakAnonRssMiB: anonPeak.stop(),
        settledRssMiB: stats.rssMiB,
        settledAnonRssMiB: stats.anonRssMiB,
        settledHeapMiB: heapInUseMiB(metrics.body),
        requests: subtract(delta(before, after), delta(ownBefore, client.sent)),
      },
    };
  } catch (error) {
    await manager.stop();
    throw error;
  }
}
