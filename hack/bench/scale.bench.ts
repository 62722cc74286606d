// SPDX-License-Identifier: Apache-2.0
// Scale benchmark (issue 26): kubetrain and upstream Trainer v2.3.0 (tuned) in the same run, on the
// local control plane (hack/cluster), with thousands of TrainJobs kept in the cluster:
//   ceiling   the rate the API server accepts kubetrain's pair of writes per TrainJob (snapshot
//             ConfigMap + JobSet apply) from a plain client, and each manager's burst as a share;
//   rounds    per round and manager, a pair ceiling and right after it a backlog (TrainJobs created
//             before the manager starts): the share of that ceiling, the median over the rounds;
//   relist    each manager started fresh on a population of N TrainJobs (2 pods each, 10% running):
//             time to ready and to the JobSet of a new TrainJob, the relist's API requests, memory
//             (peak, settled, heap) and CPU; memory per settled TrainJob = the slope over N;
//   steady    at the largest N, TrainJobs created at each rate for a while: create→JobSet p50/p99/max
//             and whether the manager keeps up.
// Every figure is reported with its ratio against the baseline manager (upstream-tuned).
//
// Run: `make bench-scale` (in `make bench`), or on a running cluster:
//   node --import tsx hack/bench/scale.bench.ts [--n 1000,3000,10000] [--manager kubetrain,upstream-tuned]
//     [--rates 10,20,40] [--steady-seconds 180] [--burst 1000] [--concurrency 32] [--rounds 3]
//     [--json FILE] [--svg-dir DIR]
//   node --import tsx hack/bench/scale.bench.ts --report FILE [--svg-dir DIR]   (tables and plots from a run's JSON)
// The population stays in the cluster until the end of the run (all of it is removed then).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trainerBinary, upstreamLauncher } from '../baseline/run-trainer.js';
import { takeBenchLock } from './lib/bench-lock.js';
import { installBenchApi } from './lib/cluster-setup.js';
import { KubeClient } from './lib/kube-client.js';
import { compiledManagerTree, kubetrainLauncher, kubetrainVariant } from './lib/kubetrain-launcher.js';
import type { ManagerLauncher } from './lib/manager.js';
import { runManager } from './lib/manager-run.js';
import { createNamespace, deleteLeftovers, deleteNamespace } from './lib/namespace.js';
import { runPairCeiling } from './lib/pair-ceiling.js';
import { waitQuiet } from './lib/quiet.js';
import { relistRun } from './lib/relist-run.js';
import {
  ceilingTable,
  roundsTable,
  relistTables,
  scalePlots,
  slopeTable,
  steadyTable,
  type ScaleResults,
} from './lib/scale-report.js';
import { Population } from './lib/scale-population.js';
import { captureTemplates, inertTrainJob, installInertRuntime } from './lib/scale-template.js';
import { steadyLoad } from './lib/steady-load.js';
import { runThroughputRounds, shareOfCeiling, type ThroughputPair } from './lib/throughput-rounds.js';
import { TrainJobWatch } from './lib/trainjob-watch.js';

function arg(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const numbers = (flag: string, fallback: string): number[] =>
  (arg(flag) ?? fallback).split(',').filter(Boolean).map(Number);

const BASELINE = 'upstream-tuned';

function launcherFor(name: string): ManagerLauncher {
  if (name === 'kubetrain') return kubetrainLauncher;
  if (name === 'upstream-tuned') return upstreamLauncher(true, trainerBinary());
  if (name === 'upstream') return upstreamLauncher(false, trainerBinary());
  if (name.startsWith('kubetrain:')) return kubetrainVariant(name.slice('kubetrain:'.length));
  throw new Error(`unknown manager ${name} (kubetrain, upstream-tuned, upstream, kubetrain:SETTINGS)`);
}

/** Prints the tables and writes the plots into `svgDir` (when given). */
function report(res: ScaleResults, svgDir: string | undefined): void {
  console.log(`\n### Pair ceiling and bursts\n\n${ceilingTable(res)}`);
  const rounds = roundsTable(res);
  if (rounds) console.log(`\n### Throughput rounds (pair ceiling, then a backlog)\n\n${rounds}`);
  console.log(`\n### Relist\n\n${relistTables(res)}`);
  console.log(`\n### Memory per settled TrainJob\n\n${slopeTable(res)}`);
  console.log(`\n### Steady load\n\n${steadyTable(res)}\n`);
  if (svgDir) {
    const plots = scalePlots(res);
    writeFileSync(join(svgDir, 'scale-memory.svg'), plots.memory);
    writeFileSync(join(svgDir, 'scale-latency.svg'), plots.latency);
  }
}

async function main(): Promise<void> {
  const from = arg('--report');
  if (from) {
    // Tables and plots again from a run's JSON, without a cluster.
    const saved = JSON.parse(readFileSync(from, 'utf8')) as ScaleResults;
    saved.backlogs ??= []; // runs before the backlog was measured
    // The request counts were saved as objects (Maps do not survive JSON).
    for (const r of saved.relists) r.requests = new Map(Object.entries(r.requests as unknown as object));
    report(saved, arg('--svg-dir'));
    return;
  }
  const sizes = numbers('--n', '1000,3000,10000').sort((a, b) => a - b);
  const rates = numbers('--rates', '10,20,40');
  const steadySeconds = Number(arg('--steady-seconds') ?? 180);
  const burst = Number(arg('--burst') ?? 1000);
  const concurrency = Number(arg('--concurrency') ?? 32);
  const rounds = Number(arg('--rounds') ?? 3);
  if (arg('--rounds') === '' || !Number.isInteger(rounds) || rounds < 0)
    throw new Error(`--rounds: ${arg('--rounds')} is not a whole number ≥ 0`);
  const managers = (arg('--manager') ?? `kubetrain,${BASELINE}`).split(',').filter(Boolean);
  const jsonPath = arg('--json');
  const svgDir = arg('--svg-dir');

  const release = takeBenchLock();
  process.once('exit', release);
  const client = KubeClient.fromKubeconfig();
  const began = Date.now();
  const res: ScaleResults = {
    date: new Date().toISOString(),
    managers,
    baseline: BASELINE,
    populationSeconds: {},
    bursts: [],
    backlogs: [],
    relists: [],
    steady: [],
  };
  const save = () => {
    if (!jsonPath) return;
    const replacer = (_: string, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v);
    writeFileSync(jsonPath, JSON.stringify(res, replacer, 2));
  };
  if (managers.some((m) => m.startsWith('kubetrain'))) compiledManagerTree();
  const launchers = managers.map(launcherFor);

  await deleteLeftovers(client);
  await installBenchApi(client);
  await installInertRuntime(client);
  const templates = await captureTemplates(client, kubetrainVariant('window=0'));
  console.log(`templates captured (field manager ${templates.running.fieldManager})`);

  // The ceiling and the bursts, on an empty cluster.
  await waitQuiet(client);
  res.ceiling = await runPairCeiling(client, templates.running, burst, concurrency);
  console.log(`pair ceiling: ${res.ceiling.pairsPerSecond.toFixed(1)} pairs/s`);
  for (const launcher of launchers) {
    await waitQuiet(client);
    const run = await runManager(client, launcher, {
      n: burst,
      concurrency,
      lifecycle: false,
      jobSetTimeoutMs: 300_000,
      lifecycleTimeoutMs: 0,
      trainJob: inertTrainJob,
    });
    res.bursts.push(run);
    save();
    console.log(
      `burst ${launcher.name}: ${run.trainJobsPerSecond.toFixed(1)} TrainJobs/s, p99 ${run.latencyP99Ms.toFixed(0)} ms`,
    );
  }
  const pairs: ThroughputPair[] = [];
  res.throughputRounds = pairs;
  await runThroughputRounds(client, launchers, {
    rounds,
    n: burst,
    concurrency,
    template: templates.running,
    trainJob: inertTrainJob,
    onPair: (pair) => {
      pairs.push(pair);
      save();
      console.log(
        `round ${pair.round + 1} ${pair.backlog.manager}: ceiling ${pair.ceiling.pairsPerSecond.toFixed(1)} pairs/s,` +
          ` backlog ${pair.backlog.trainJobsPerSecond.toFixed(1)} TrainJobs/s (${(100 * shareOfCeiling(pair)).toFixed(0)}%)`,
      );
    },
  });
  save();

  const probeNs = await createNamespace(client, 'bench-scale-probe');
  const probe = { namespace: probeNs, watch: await TrainJobWatch.open(client, probeNs) };
  const population = new Population(client, templates);
  try {
    for (const n of [0, ...sizes]) {
      if (n > population.size) {
        const seconds = await population.growTo(n);
        res.populationSeconds[String(n)] = seconds;
        console.log(
          `population: ${n} TrainJobs in ${population.namespaces.length} namespaces (${seconds.toFixed(0)} s)`,
        );
      }
      const last = n === sizes[sizes.length - 1];
      for (const launcher of launchers) {
        await waitQuiet(client);
        const { result, manager } = await relistRun(client, launcher, n, probe);
        try {
          res.relists.push(result);
          console.log(
            `N=${n} ${launcher.name}: ready ${result.readySeconds.toFixed(2)} s, first JobSet ${result.firstReconcileSeconds.toFixed(2)} s,` +
              ` peak RSS ${result.peakRssMiB.toFixed(0)} MiB, settled RssAnon ${result.settledAnonRssMiB.toFixed(0)} MiB,` +
              ` heap ${result.settledHeapMiB.toFixed(0)} MiB, ${result.reconcileErrors} reconcile errors`,
          );
          save();
          if (last && rates.length) {
            const ns = await createNamespace(
              client,
              `bench-scale-steady-${launcher.name.replace(/[^a-z0-9-]/g, '-')}`,
            );
            const watch = await TrainJobWatch.open(client, ns);
            try {
              for (const rate of rates) {
                const s = await steadyLoad(client, launcher.name, ns, watch, {
                  rate,
                  seconds: steadySeconds,
                  prefix: `s${rate}`,
                });
                res.steady.push(s);
                console.log(
                  `steady ${launcher.name} ${rate}/s: p50 ${s.p50Ms.toFixed(0)} ms, p99 ${s.p99Ms.toFixed(0)} ms, max ${s.maxMs.toFixed(0)} ms,` +
                    ` backlog at end ${s.backlogAtEnd}, kept up: ${s.keptUp}`,
                );
                save();
              }
            } finally {
              watch.close();
              await manager.stop(); // before the clean-up, which it would otherwise reconcile
              await deleteNamespace(client, ns, 900_000);
            }
          }
        } finally {
          await manager.stop();
        }
      }
    }
  } finally {
    probe.watch.close();
    await deleteNamespace(client, probeNs);
    for (const ns of population.namespaces) await deleteNamespace(client, ns, 900_000);
  }

  save();
  report(res, svgDir);
  console.log(`bench took ${((Date.now() - began) / 1000).toFixed(0)} s`);
  client.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
