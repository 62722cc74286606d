// SPDX-License-Identifier: Apache-2.0
// The memory check (kubeflow/trainer#3374): each manager's peak RSS once it has settled, first in
// the cluster as it is, then with 700 unrelated 200 KB ConfigMaps in another namespace. A manager
// that caches every ConfigMap in the cluster grows by the ConfigMaps' size (and more); one that
// watches only its own grows by nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { kubeconfigPath, type KubeClient } from './kube-client.js';
import type { ManagerLauncher } from './manager.js';
import { createNamespace, deleteNamespace } from './namespace.js';
import { runPool } from './pool.js';
import { procStats } from './proc-stats.js';

/** Peak RSS of one manager without and with the unrelated ConfigMaps, MiB. */
export interface MemoryResult {
  manager: string;
  withoutMiB: number;
  withMiB: number;
  growthMiB: number;
}

/** Options of the check. */
export interface MemoryOptions {
  configMaps: number;
  configMapBytes: number;
}

/** Starts the manager, waits until its peak RSS has stopped growing (5-30 s), returns it, stops it. */
async function settledPeakRss(launcher: ManagerLauncher): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), `kubetrain-bench-mem-${launcher.name}-`));
  const manager = await launcher.start({ kubeconfig: kubeconfigPath(), workDir });
  try {
    const start = Date.now();
    let peak = procStats(manager.pid).peakRssMiB;
    let changedAt = Date.now();
    while (Date.now() - start < 30_000) {
      await sleep(1000);
      const now = procStats(manager.pid).peakRssMiB;
      if (now !== peak) {
        peak = now;
        changedAt = Date.now();
      }
      if (Date.now() - start >= 5000 && Date.now() - changedAt >= 3000) break;
    }
    return peak;
  } finally {
    await manager.stop();
  }
}

/** Runs the check for every launcher; the ConfigMaps are removed afterwards. */
export async function runMemoryCheck(
  client: KubeClient,
  launchers: ManagerLauncher[],
  options: MemoryOptions,
): Promise<MemoryResult[]> {
  const without = new Map<string, number>();
  const working: ManagerLauncher[] = [];
  for (const l of launchers) {
    try {
      without.set(l.name, await settledPeakRss(l));
      working.push(l);
    } catch (error) {
      console.error(`  memory: ${l.name} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const namespace = await createNamespace(client, 'bench-memory');
  try {
    const blob = 'x'.repeat(options.configMapBytes);
    const t0 = Date.now();
    await runPool(options.configMaps, 8, async (i) => {
      await client.request(`/api/v1/namespaces/${namespace}/configmaps`, {
        method: 'POST',
        body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `unrelated-${i}` }, data: { blob } },
      });
    });
    console.log(
      `  memory: ${options.configMaps} ConfigMaps of ${options.configMapBytes / 1000} KB in ${namespace} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const results: MemoryResult[] = [];
    for (const l of working) {
      const withMiB = await settledPeakRss(l);
      const withoutMiB = without.get(l.name) ?? NaN;
      results.push({ manager: l.name, withoutMiB, withMiB, growthMiB: withMiB - withoutMiB });
    }
    return results;
  } finally {
    await deleteNamespace(client, namespace);
  }
}
