// SPDX-License-Identifier: Apache-2.0
// Render benchmark: how many torch-distributed TrainJobs (4 nodes, one runtime patch) the engine
// renders per second on one core, with p50/p99 latency, and the ratio against a baseline measured in
// the same run (structuredClone of the runtime + JSON serialisation of the clone, i.e. the cheapest
// "copy the template and emit it" an engine could do). The bar is >= 2,000 renders/s.
//
// Run: `make bench`, or `node --import tsx hack/bench/render.bench.ts [--seconds N] [--json]`.

import { performance } from 'node:perf_hooks';
import { render, type TrainJobInput } from '@kubetrain/runtime';
import { makeClusterTrainingRuntime, makeTrainJob, replicatedJobPodPatch } from '@kubetrain/testing';

/** A torch runtime shaped like the shipped `torch-distributed` one. */
const runtime = makeClusterTrainingRuntime('bench-torch')
  .labels({ 'trainer.kubeflow.org/framework': 'torch' })
  .container('node', 'node', 'example.com/torch:bench')
  .obj();

function trainJob(i: number): TrainJobInput {
  return makeTrainJob('bench', `bench-${i}`)
    .uid(`00000000-0000-0000-0000-${String(i).padStart(12, '0')}`)
    .runtimeRef('bench-torch')
    .numNodes(4)
    .command('torchrun', 'train.py')
    .env({ name: 'NCCL_DEBUG', value: 'INFO' })
    .resourcesPerNode({ limits: { 'nvidia.com/gpu': '8' }, requests: { cpu: '32', memory: '256Gi' } })
    .runtimePatch('kueue.x-k8s.io/manager', {
      template: {
        metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'team-a' } },
        spec: replicatedJobPodPatch('node', {
          nodeSelector: { 'node.kubernetes.io/instance-type': 'p5.48xlarge' },
          tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
        }),
      },
    })
    .obj();
}

interface Result {
  name: string;
  opsPerSecond: number;
  p50Micros: number;
  p99Micros: number;
  iterations: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Runs `op` for about `seconds` (after a warm-up) and measures each call. */
function measure(name: string, seconds: number, op: (i: number) => unknown): Result {
  for (let i = 0; i < 2000; i++) op(i);
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let sink = 0;
  let i = 0;
  while (performance.now() < end) {
    const t0 = performance.now();
    const out = op(i++);
    samples.push(performance.now() - t0);
    if (out !== undefined) sink++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(samples).sort();
  if (sink === 0) throw new Error('benchmark produced nothing');
  return {
    name,
    opsPerSecond: samples.length / elapsed,
    p50Micros: percentile(sorted, 0.5) * 1000,
    p99Micros: percentile(sorted, 0.99) * 1000,
    iterations: samples.length,
  };
}

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const seconds = argValue('--seconds', 5);
const jobs = Array.from({ length: 1024 }, (_, i) => trainJob(i));
const baseline = measure('baseline: structuredClone(runtime) + JSON.stringify', seconds, () =>
  JSON.stringify(structuredClone(runtime)),
);
const engine = measure(
  'render: torch-distributed, 4 nodes, 1 runtime patch',
  seconds,
  (i) => render(jobs[i % jobs.length] as TrainJobInput, runtime).objects,
);
const ratio = engine.opsPerSecond / baseline.opsPerSecond;
const bar = 2000;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ baseline, engine, ratio, bar, pass: engine.opsPerSecond >= bar }, null, 2));
} else {
  for (const r of [baseline, engine]) {
    console.log(
      `${r.name}\n  ${r.opsPerSecond.toFixed(0)} ops/s  p50 ${r.p50Micros.toFixed(1)} µs  p99 ${r.p99Micros.toFixed(1)} µs  (${r.iterations} runs)`,
    );
  }
  console.log(`ratio render/baseline: ${ratio.toFixed(3)}`);
  console.log(`bar: >= ${bar} renders/s on one core: ${engine.opsPerSecond >= bar ? 'PASS' : 'FAIL'}`);
}
if (engine.opsPerSecond < bar) process.exitCode = 1;
