// SPDX-License-Identifier: Apache-2.0
// The backlog run: N TrainJobs created while no manager runs, then the manager started on them.
// The API server then sees only the manager's own work, the pair per TrainJob that the pair ceiling
// (pair-ceiling.ts) measures, and none of the harness's TrainJob POSTs, which in a burst
// (manager-run.ts) are a third write per job on the same API server. Throughput is the drain rate:
// JobSets per second from the first to the last.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigPath, type KubeClient, type KubeObject } from './kube-client.js';
import type { ManagerLauncher } from './manager.js';
import { machineReading, machineWindow, type MachineWindow } from './machine.js';
import { managerCounters } from './manager-metrics.js';
import { createNamespace, deleteNamespace, waitFor } from './namespace.js';
import { runPool } from './pool.js';
import { procStats } from './proc-stats.js';
import { TrainJobWatch } from './trainjob-watch.js';

/** What one backlog run measured. */
export interface BacklogResult {
  manager: string;
  n: number;
  /** JobSets per second, from the first JobSet seen to the last. */
  trainJobsPerSecond: number;
  /** From the launch of the manager to the last JobSet, s. */
  launchToLastSeconds: number;
  withJobSet: number;
  reconcileErrors: number;
  /** The manager's CPU seconds from its launch to the last JobSet (start-up and list included). */
  managerCpuSeconds: number;
  /** The machine over the same window: how busy, and the control plane's CPU. */
  machine: MachineWindow;
}

/** The drain rate of JobSets seen at `times` (ms): (count − 1) over the first-to-last span, per second. */
export function drainRate(times: readonly number[]): number {
  if (times.length < 2) return NaN;
  const first = Math.min(...times);
  const last = Math.max(...times);
  return last > first ? ((times.length - 1) * 1000) / (last - first) : NaN;
}

/** Creates `n` TrainJobs from `trainJob` in a fresh namespace, then starts the manager and waits for their JobSets. */
export async function runBacklog(
  client: KubeClient,
  launcher: ManagerLauncher,
  n: number,
  concurrency: number,
  trainJob: (name: string) => KubeObject,
  timeoutMs = 300_000,
): Promise<BacklogResult> {
  const namespace = await createNamespace(
    client,
    `bench-backlog-${launcher.name.replace(/[^a-z0-9-]/g, '-')}-${n}`,
  );
  let watch: TrainJobWatch | undefined;
  try {
    watch = await TrainJobWatch.open(client, namespace);
    const seen = watch.jobSetAt;
    await runPool(n, concurrency, async (i) => {
      await client.request(`/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs`, {
        method: 'POST',
        body: trainJob(`tj-${String(i).padStart(5, '0')}`),
      });
    });
    const before = machineReading();
    const launched = performance.now();
    const workDir = mkdtempSync(join(tmpdir(), `kubetrain-bench-backlog-${launcher.name}-`));
    const manager = await launcher.start({ kubeconfig: kubeconfigPath(), workDir });
    try {
      await waitFor(timeoutMs, `${n} JobSets`, () => Promise.resolve(seen.size >= n)).catch(
        (error: unknown) =>
          console.error(`  ${launcher.name}: ${(error as Error).message} (have ${seen.size})`),
      );
      const times = [...seen.values()];
      const machine = machineWindow(before, machineReading());
      const managerCpuSeconds = procStats(manager.pid).cpuSeconds;
      const counters = await managerCounters(manager.metricsUrl);
      return {
        manager: launcher.name,
        n,
        trainJobsPerSecond: drainRate(times),
        launchToLastSeconds: times.length ? (Math.max(...times) - launched) / 1000 : NaN,
        withJobSet: times.length,
        reconcileErrors: counters.reconcileErrors,
        managerCpuSeconds,
        machine,
      };
    } finally {
      await manager.stop();
    }
  } finally {
    watch?.close();
    await deleteNamespace(client, namespace).catch((error: unknown) =>
      console.error(`  ${launcher.name}: clean-up of ${namespace}: ${(error as Error).message}`),
    );
  }
}
