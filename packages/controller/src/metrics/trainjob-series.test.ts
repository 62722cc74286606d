// SPDX-License-Identifier: Apache-2.0
import type { UsageRuntimeSpec } from '@kubetrain/runtime';
import { torchRuntime } from '@kubetrain/testing';
import { OTHER, trainJobSeries, type CachedTrainJob } from './trainjob-series.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const NOW = T0 + 10 * 3_600_000;

interface JobCase {
  ns: string;
  runtime?: string;
  queue?: string;
  gpus?: number;
  nodes?: number;
  start?: number;
  end?: number;
  done?: 'Complete' | 'Failed';
  suspend?: boolean;
  workload?: boolean;
  restarts?: [number, number];
}

function job(c: JobCase, i: number): CachedTrainJob & { metadata: { name: string } } {
  return {
    metadata: {
      name: `j${i}`,
      namespace: c.ns,
      ...(c.queue !== undefined ? { labels: { 'kueue.x-k8s.io/queue-name': c.queue } } : {}),
    },
    spec: {
      runtimeRef: { name: c.runtime ?? 'torch' },
      ...(c.suspend ? { suspend: true } : {}),
      trainer: {
        ...(c.nodes !== undefined ? { numNodes: c.nodes } : {}),
        ...(c.gpus !== undefined
          ? { resourcesPerNode: { limits: { 'nvidia.com/gpu': String(c.gpus) } } }
          : {}),
      },
    },
    status: {
      ...(c.start !== undefined ? { startTime: at(c.start) } : {}),
      ...(c.end !== undefined ? { completionTime: at(c.end) } : {}),
      ...(c.restarts ? { restarts: c.restarts[0], restartsCountTowardsMax: c.restarts[1] } : {}),
      conditions: c.done ? [{ type: c.done, status: 'True', lastTransitionTime: at(c.end ?? 0) }] : [],
    },
  };
}

/** The torch runtime: 2 nodes of 1 GPU each. */
const torch: UsageRuntimeSpec = {
  ...(torchRuntime({ limits: { 'nvidia.com/gpu': '1' } }).spec as UsageRuntimeSpec),
  mlPolicy: { numNodes: 2 },
};

function series(cases: JobCase[], maxSeries?: number) {
  const jobs = cases.map(job);
  const byName = new Map(jobs.map((j, i) => [j.metadata.name, cases[i]!]));
  return trainJobSeries({
    trainJobs: jobs,
    workloadExists: (j) => byName.get((j as { metadata: { name: string } }).metadata.name)?.workload ?? false,
    runtimeOf: (j) => (j.spec?.runtimeRef?.name === 'torch' ? torch : undefined),
    nowMs: NOW,
    ...(maxSeries !== undefined ? { maxSeries } : {}),
  });
}

const sorted = <T extends { labels: object }>(xs: T[]) =>
  [...xs].sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));

describe('trainJobSeries', () => {
  // Computed by hand: team-a runs 2 nodes × 4 GPUs from 1 h (9 h at NOW: 72 GPU-h); team-a's
  // finished job ran 2 × 1 GPU (the runtime's) from 0 to 3 h (6 GPU-h); team-b's queued job in
  // queue q-b ran 1 × 8 GPUs from 5 to 6 h (8 GPU-h); a suspended job has no startTime (0); a CPU
  // job counts as a job but not in the GPU series.
  const population: JobCase[] = [
    { ns: 'team-a', gpus: 4, nodes: 2, start: 1, workload: true, restarts: [3, 1] },
    { ns: 'team-a', start: 0, end: 3, done: 'Complete', workload: true, restarts: [1, 1] },
    { ns: 'team-b', runtime: 'deepspeed', queue: 'q-b', gpus: 8, nodes: 1, start: 5, end: 6, done: 'Failed' },
    { ns: 'team-b', runtime: 'deepspeed', queue: 'q-b', gpus: 8, suspend: true },
    { ns: 'team-b', runtime: 'cpu', start: 2 },
  ];

  it('counts jobs by state, namespace and runtime', () => {
    expect(sorted(series(population).trainJobs)).toEqual(
      sorted([
        { labels: { state: 'Running', namespace: 'team-a', runtime: 'torch' }, value: 1 },
        { labels: { state: 'Complete', namespace: 'team-a', runtime: 'torch' }, value: 1 },
        { labels: { state: 'Failed', namespace: 'team-b', runtime: 'deepspeed' }, value: 1 },
        { labels: { state: 'Suspended', namespace: 'team-b', runtime: 'deepspeed' }, value: 1 },
        { labels: { state: 'Created', namespace: 'team-b', runtime: 'cpu' }, value: 1 },
      ]),
    );
  });

  it('gives the running GPUs and the GPU-seconds computed by hand', () => {
    const s = series(population);
    expect(s.runningGpus).toEqual([
      { labels: { namespace: 'team-a', runtime: 'torch', queue: '' }, value: 8 },
    ]);
    expect(sorted(s.gpuSeconds)).toEqual(
      sorted([
        { labels: { namespace: 'team-a', runtime: 'torch', queue: '' }, value: (72 + 6) * 3600 },
        { labels: { namespace: 'team-b', runtime: 'deepspeed', queue: 'q-b' }, value: 8 * 3600 },
      ]),
    );
  });

  it('counts restarts by the action that restarted the job', () => {
    expect(sorted(series(population).restarts)).toEqual(
      sorted([
        { labels: { namespace: 'team-a', runtime: 'torch', reason: 'RestartTrainJob' }, value: 2 },
        {
          labels: { namespace: 'team-a', runtime: 'torch', reason: 'RestartTrainJobAndIgnoreMaxRestarts' },
          value: 2,
        },
      ]),
    );
  });

  it('bounds the label sets: past the bound, the rest are summed under <other>', () => {
    const many: JobCase[] = Array.from({ length: 5 }, (_, i) => ({
      ns: `ns-${i}`,
      gpus: 1,
      start: 9,
      workload: true,
    }));
    const s = series(many, 3);
    expect(s.trainJobs).toHaveLength(3);
    expect(s.trainJobs.at(-1)).toEqual({
      labels: { state: 'Running', namespace: OTHER, runtime: OTHER },
      value: 3,
    });
    expect(s.gpuSeconds.at(-1)).toEqual({
      labels: { namespace: OTHER, runtime: OTHER, queue: OTHER },
      value: 3 * 2 * 3600,
    });
  });
});
