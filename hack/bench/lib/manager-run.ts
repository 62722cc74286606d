// SPDX-License-Identifier: Apache-2.0
// One measured run: a manager under test, N TrainJobs created from a parallel client in a fresh
// namespace, and what it cost until every TrainJob had a JobSet and (optionally) until every
// TrainJob finished.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiserverRequests } from './apiserver-requests.js';
import { benchTrainJob } from './cluster-setup.js';
import { kubeconfigPath, type KubeClient, type KubeObject } from './kube-client.js';
import { machineReading, machineWindow, type MachineReading, type MachineWindow } from './machine.js';
import type { ManagerLauncher } from './manager.js';
import { counterDelta, managerCounters, type ManagerCounters } from './manager-metrics.js';
import { createNamespace, deleteNamespace, waitFor } from './namespace.js';
import { runPool } from './pool.js';
import { procStats, sampleAnonPeak } from './proc-stats.js';
import { delta, filterRows, isManagerRow, subtract, type RequestCounts } from './request-counts.js';
import { percentile } from './stats.js';
import { TrainJobWatch } from './trainjob-watch.js';

/** Options of one run. */
export interface RunOptions {
  n: number;
  /** Create requests in flight. */
  concurrency: number;
  /** Also wait until every TrainJob finished and measure the whole lifecycle. */
  lifecycle: boolean;
  /** Give up waiting for JobSets / for finished TrainJobs after this long. */
  jobSetTimeoutMs: number;
  lifecycleTimeoutMs: number;
  /** The TrainJob named `name` to create; default the benchmark's 2-node torch TrainJob (benchTrainJob). */
  trainJob?: (name: string) => KubeObject;
}

/** The requests of one phase, all clients but the harness, and the manager's rows alone. */
export interface PhaseRequests {
  all: RequestCounts;
  manager: RequestCounts;
  /** The manager's own client-side count by HTTP method (rest_client_requests_total), if exported. */
  client: Map<string, number>;
  reconciles: number;
  reconcileErrors: number;
  cpuSeconds: number;
  /** The machine over the same window (all processes; kube-apiserver + etcd CPU). */
  machine: MachineWindow;
}

/** What one run measured. */
export interface RunResult {
  manager: string;
  n: number;
  /** First create request sent → last create response, in seconds: the bound on TrainJobs/s. */
  createSeconds: number;
  /** First create request sent → last TrainJob's JobSet seen, in seconds. */
  jobSetSeconds: number;
  trainJobsPerSecond: number;
  /** Create response → JobSet seen by the harness's watch, in ms. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  withJobSet: number;
  toJobSet: PhaseRequests;
  /** From the first create until every TrainJob finished (absent when not measured). */
  lifecycle?: PhaseRequests & { seconds: number; complete: number; failed: number };
  /** VmHWM once ready (before any TrainJob) and at the end of the run, MiB. */
  idlePeakRssMiB: number;
  peakRssMiB: number;
  /** The highest RssAnon sampled from the start of the window to the end of the run, MiB. */
  peakAnonRssMiB: number;
  /** Namespaces with TrainJobs of other work when the run started (see foreign-work.ts). */
  foreignNamespaces: string[];
}

interface Snapshot {
  apiserver: RequestCounts;
  own: RequestCounts;
  counters: ManagerCounters;
  cpuSeconds: number;
  machine: MachineReading;
}

async function snapshot(client: KubeClient, metricsUrl: string, pid: number): Promise<Snapshot> {
  const [apiserver, counters] = await Promise.all([apiserverRequests(client), managerCounters(metricsUrl)]);
  return {
    apiserver,
    own: new Map(client.sent),
    counters,
    cpuSeconds: procStats(pid).cpuSeconds,
    machine: machineReading(),
  };
}

function phase(from: Snapshot, to: Snapshot): PhaseRequests {
  const all = subtract(delta(from.apiserver, to.apiserver), delta(from.own, to.own));
  const counters = counterDelta(from.counters, to.counters);
  return {
    all,
    manager: filterRows(all, isManagerRow),
    client: counters.clientRequests,
    reconciles: counters.reconciles,
    reconcileErrors: counters.reconcileErrors,
    cpuSeconds: to.cpuSeconds - from.cpuSeconds,
    machine: machineWindow(from.machine, to.machine),
  };
}

/** Starts the manager, runs N TrainJobs through it, stops it and removes the namespace. */
export async function runManager(
  client: KubeClient,
  launcher: ManagerLauncher,
  options: RunOptions,
  foreignNamespaces: string[] = [],
): Promise<RunResult> {
  const { n } = options;
  const workDir = mkdtempSync(join(tmpdir(), `kubetrain-bench-${launcher.name}-`));
  const manager = await launcher.start({ kubeconfig: kubeconfigPath(), workDir });
  let namespace: string | undefined;
  let closeWatch: (() => void) | undefined;
  let anonPeak: { stop: () => number } | undefined;
  try {
    // A variant name (`kubetrain:workers=64+semi=2`) is not a DNS label: its other characters become `-`.
    namespace = await createNamespace(client, `bench-${launcher.name.replace(/[^a-z0-9-]/g, '-')}-${n}`);
    const watch = await TrainJobWatch.open(client, namespace);
    closeWatch = () => watch.close();
    await sleep(2000); // the manager's start-up lists and the watch set-up settle before the window
    const idlePeakRssMiB = procStats(manager.pid).peakRssMiB;
    anonPeak = sampleAnonPeak(manager.pid);
    const start = await snapshot(client, manager.metricsUrl, manager.pid);
    const createdAt = new Map<string, number>();
    const t0 = performance.now();
    await runPool(n, options.concurrency, async (i) => {
      const name = `tj-${String(i).padStart(5, '0')}`;
      await client.request(`/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs`, {
        method: 'POST',
        body: (options.trainJob ?? benchTrainJob)(name),
      });
      createdAt.set(name, performance.now());
    });
    const createSeconds = (performance.now() - t0) / 1000;
    await waitFor(options.jobSetTimeoutMs, `${n} JobSets`, () =>
      Promise.resolve(watch.jobSetAt.size >= n),
    ).catch((error: unknown) =>
      console.error(`  ${launcher.name}: ${(error as Error).message} (have ${watch.jobSetAt.size})`),
    );
    const atJobSets = await snapshot(client, manager.metricsUrl, manager.pid);
    const seen = [...watch.jobSetAt.values()];
    const last = seen.length ? Math.max(...seen) : performance.now();
    const latencies = [...createdAt].flatMap(([name, at]) => {
      const js = watch.jobSetAt.get(name);
      return js === undefined ? [] : [js - at];
    });
    const result: RunResult = {
      manager: launcher.name,
      n,
      createSeconds,
      jobSetSeconds: (last - t0) / 1000,
      trainJobsPerSecond: watch.jobSetAt.size / ((last - t0) / 1000),
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      withJobSet: watch.jobSetAt.size,
      toJobSet: phase(start, atJobSets),
      idlePeakRssMiB,
      peakRssMiB: procStats(manager.pid).peakRssMiB,
      peakAnonRssMiB: 0,
      foreignNamespaces,
    };
    if (options.lifecycle) {
      await waitFor(options.lifecycleTimeoutMs, `${n} finished TrainJobs`, () =>
        Promise.resolve(watch.finished >= n),
      ).catch((error: unknown) =>
        console.error(`  ${launcher.name}: ${(error as Error).message} (have ${watch.finished})`),
      );
      const finishedAt = [...watch.completeAt.values(), ...watch.failedAt.values()];
      await sleep(1000); // the manager's last status writes land in the counters
      const end = await snapshot(client, manager.metricsUrl, manager.pid);
      result.lifecycle = {
        ...phase(start, end),
        seconds: ((finishedAt.length ? Math.max(...finishedAt) : performance.now()) - t0) / 1000,
        complete: watch.completeAt.size,
        failed: watch.failedAt.size,
      };
      result.peakRssMiB = procStats(manager.pid).peakRssMiB;
    }
    result.peakAnonRssMiB = anonPeak.stop();
    return result;
  } finally {
    // Also when the namespace or the watch could not be made: the manager must not outlive the run.
    closeWatch?.();
    anonPeak?.stop();
    await manager.stop();
    // A failed clean-up is reported but does not throw away what the run measured.
    if (namespace !== undefined)
      await deleteNamespace(client, namespace).catch((error: unknown) =>
        console.error(`  ${launcher.name}: clean-up of ${namespace}: ${(error as Error).message}`),
      );
  }
}
