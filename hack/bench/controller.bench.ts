// SPDX-License-Identifier: Apache-2.0
// Controller benchmark (issue 9): N torch TrainJobs (2 nodes, CPU-only, pods finished by kwok)
// created from a parallel client against the local control plane (hack/cluster), through each
// manager under test, one at a time, each started fresh:
//   upstream        Kubeflow Trainer v2.3.0's manager at its shipped Configuration (hack/baseline)
//   upstream-tuned  the same with clientConnection qps 1000 / burst 2000
//   kubetrain       packages/controller (skipped while packages/controller/src/main.ts is missing)
//   ceiling         no manager: server-side applied JobSets from a plain parallel client
//   kubetrain:workers=N+semi=M  the compiled kubetrain with N TrainJob workers and/or
//                   node --max-semi-space-size=M (also kubetrain-small-heap, kubetrain-tsx)
// Profiling: KUBETRAIN_BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' adds node options to
// every kubetrain launcher.
// and then the memory check (700 unrelated 200 KB ConfigMaps; each manager's settled peak RSS).
// Every figure is reported with its ratio against `upstream` measured in the same run.
//
// Run: `make bench`, or
//   node --import tsx hack/bench/controller.bench.ts [--manager a,b,...] [--n 100,1000]
//     [--lifecycle-max-n 100] [--concurrency 32] [--no-memory] [--json FILE]
// --lifecycle-max-n: the whole lifecycle (until every TrainJob is Complete) is measured only for
// N up to this; kube-controller-manager's client limiter (20 qps) makes a 1000-job lifecycle take
// many minutes on this control plane.
import { writeFileSync } from 'node:fs';
import { upstreamLauncher } from '../baseline/run-trainer.js';
import { takeBenchLock } from './lib/bench-lock.js';
import { runCeiling } from './lib/ceiling-run.js';
import { installBenchApi } from './lib/cluster-setup.js';
import { KubeClient } from './lib/kube-client.js';
import {
  kubetrainDefaultV8Launcher,
  kubetrainLauncher,
  kubetrainSmallHeapLauncher,
  kubetrainTsxLauncher,
  kubetrainVariant,
} from './lib/kubetrain-launcher.js';
import type { ManagerLauncher } from './lib/manager.js';
import { runManager } from './lib/manager-run.js';
import { runMemoryCheck, type MemoryResult } from './lib/memory-check.js';
import { waitNoForeignTrainJobs } from './lib/foreign-work.js';
import { deleteLeftovers } from './lib/namespace.js';
import { waitQuiet } from './lib/quiet.js';
import { memoryTable, nTable, type NResults } from './lib/report.js';

const ALL = ['ceiling', 'upstream', 'upstream-tuned', 'kubetrain'];

function arg(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function launcherFor(name: string): ManagerLauncher {
  if (name === 'upstream') return upstreamLauncher(false);
  if (name === 'upstream-tuned') return upstreamLauncher(true);
  if (name === 'kubetrain') return kubetrainLauncher;
  if (name === 'kubetrain-small-heap') return kubetrainSmallHeapLauncher;
  if (name === 'kubetrain-tsx') return kubetrainTsxLauncher;
  if (name === 'kubetrain-default-v8') return kubetrainDefaultV8Launcher;
  if (name.startsWith('kubetrain:')) return kubetrainVariant(name.slice('kubetrain:'.length));
  throw new Error(
    `unknown manager ${name} (one of ${[...ALL, 'kubetrain-small-heap', 'kubetrain-default-v8', 'kubetrain-tsx', 'kubetrain:workers=N+semi=MIB'].join(', ')})`,
  );
}

async function main(): Promise<void> {
  const selected = (arg('--manager') ?? ALL.join(',')).split(',').filter(Boolean);
  const ns = (arg('--n') ?? '100,1000').split(',').map(Number);
  const lifecycleMaxN = Number(arg('--lifecycle-max-n') ?? 100);
  const concurrency = Number(arg('--concurrency') ?? 32);
  const launchers: ManagerLauncher[] = [];
  for (const name of selected.filter((m) => m !== 'ceiling')) {
    const launcher = launcherFor(name);
    const why = launcher.unavailable();
    if (why) console.log(`skipping ${name}: ${why}`);
    else launchers.push(launcher);
  }

  const release = takeBenchLock();
  process.once('exit', release);
  const client = KubeClient.fromKubeconfig();
  const began = Date.now();
  await deleteLeftovers(client);
  await installBenchApi(client);
  const results: NResults[] = [];
  for (const n of ns) {
    const at: NResults = { n, runs: [] };
    results.push(at);
    if (selected.includes('ceiling')) {
      await waitQuiet(client);
      at.ceiling = await runCeiling(client, n, concurrency);
      console.log(`N=${n} ceiling: ${at.ceiling.jobSetsPerSecond.toFixed(1)} JobSets/s`);
    }
    for (const launcher of launchers) {
      const foreign = await waitNoForeignTrainJobs(client, 20_000);
      const quiet = await waitQuiet(client);
      try {
        const run = await runManager(
          client,
          launcher,
          {
            n,
            concurrency,
            lifecycle: n <= lifecycleMaxN,
            jobSetTimeoutMs: 300_000,
            lifecycleTimeoutMs: 300_000,
          },
          foreign,
        );
        at.runs.push(run);
        console.log(
          `N=${n} ${launcher.name}: ${run.trainJobsPerSecond.toFixed(1)} TrainJobs/s, p99 ${run.latencyP99Ms.toFixed(0)} ms` +
            `, created in ${run.createSeconds.toFixed(1)} s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB` +
            ` (background before: ${quiet.toFixed(1)} writes/s)`,
        );
      } catch (error) {
        // One manager that does not start (or breaks) must not cost the others' results.
        console.error(
          `N=${n} ${launcher.name} FAILED: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    console.log(`\n${nTable(at)}\n`);
  }
  let memory: MemoryResult[] = [];
  if (!process.argv.includes('--no-memory') && launchers.length) {
    await waitQuiet(client);
    memory = await runMemoryCheck(client, launchers, { configMaps: 700, configMapBytes: 200_000 });
    console.log(`\n### Memory check: 700 unrelated 200 KB ConfigMaps\n\n${memoryTable(memory)}\n`);
  }
  console.log(`bench took ${((Date.now() - began) / 1000).toFixed(0)} s`);
  const json = arg('--json');
  if (json) {
    const replacer = (_: string, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v);
    writeFileSync(json, JSON.stringify({ date: new Date().toISOString(), results, memory }, replacer, 2));
  }
  client.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
