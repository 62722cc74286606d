// SPDX-License-Identifier: Apache-2.0
// Scrape benchmark of the manager's /metrics (issue 24): the time of one scrape of the manager's
// registry (prom-client text, process metrics off) with N TrainJobs in the cache, each with GPUs, a
// Kueue queue and a progress report, against the same registry with an empty cache (the baseline:
// the controller-runtime and client metrics alone), and against one computation of the TrainJob
// series (trainjob-series.ts): a scrape computes them once for its 7 gauges.
//
// Run: `node --import tsx hack/bench/metrics-scrape.bench.ts [--runs N] [--json]`.

import { performance } from 'node:perf_hooks';
import { ManagerMetrics } from '@kubetrain/controller';

interface Result {
  name: string;
  jobs: number;
  p50Ms: number;
  maxMs: number;
  bytes: number;
}

const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `n` running TrainJobs in 50 namespaces, 10 queues, 5 runtimes, each with a progress report. */
function population(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    metadata: {
      namespace: `team-${i % 50}`,
      name: `job-${i}`,
      labels: { 'kueue.x-k8s.io/queue-name': `queue-${i % 10}` },
    },
    spec: {
      runtimeRef: { name: `runtime-${i % 5}` },
      trainer: {
        numNodes: 1 + (i % 4),
        resourcesPerNode: { limits: { 'nvidia.com/gpu': String(1 + (i % 8)) } },
      },
    },
    status: {
      startTime: iso(T0 + i * 1000),
      trainerStatus: {
        progressPercentage: i % 101,
        estimatedRemainingSeconds: 60 * (i % 100),
        lastUpdatedTime: iso(T0 + i * 1000),
      },
    },
  }));
}

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The median and the worst of `runs` scrapes (after 3 warm-ups) of a manager with `jobs` TrainJobs. */
async function scrape(name: string, jobs: number, runs: number): Promise<Result> {
  const metrics = new ManagerMetrics({ processMetrics: false });
  const trainJobs = population(jobs);
  metrics.collectTrainJobs(() => ({
    trainJobs,
    workloadExists: () => true,
    runtimeOf: () => undefined,
    nowMs: T0 + 86_400_000,
  }));
  let text = '';
  for (let i = 0; i < 3; i++) text = await metrics.registry.metrics();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    text = await metrics.registry.metrics();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return {
    name,
    jobs,
    p50Ms: samples[Math.floor(samples.length / 2)]!,
    maxMs: samples.at(-1)!,
    bytes: Buffer.byteLength(text),
  };
}

const runs = argValue('--runs', 20);
const results = [
  await scrape('baseline: no TrainJob', 0, runs),
  await scrape('1,000 TrainJobs', 1000, runs),
  await scrape('10,000 TrainJobs', 10_000, runs),
];
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  const base = results[0]!;
  for (const r of results)
    console.log(
      `${r.name.padEnd(22)} scrape p50 ${r.p50Ms.toFixed(1).padStart(7)} ms  max ${r.maxMs.toFixed(1).padStart(7)} ms  ` +
        `(x${(r.p50Ms / base.p50Ms).toFixed(1)} the baseline)  ${(r.bytes / 1024).toFixed(0)} KiB`,
    );
}
