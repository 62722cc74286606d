// SPDX-License-Identifier: Apache-2.0
// readUsage, the one computation of `kubetrain usage` and the dashboard's usage page: every page of
// TrainJobs read, the runtimes' GPUs for jobs that set none, runtimes the user may not list skipped.
import { errorFromStatus } from '@kubetrain/kube';
import { torchRuntime } from '@kubetrain/testing';
import { readUsage, USAGE_PAGE_SIZE, type UsageJob, type UsageRuntime, type UsageSource } from './usage.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A job of `gpus` GPUs per node (none: the runtime's), 1 node, running one hour from `T0`. */
const job = (namespace: string, gpus?: number): UsageJob => ({
  metadata: { namespace },
  spec: {
    runtimeRef: { name: 'torch-distributed' },
    trainer: gpus !== undefined ? { resourcesPerNode: { limits: { 'nvidia.com/gpu': String(gpus) } } } : {},
  },
  status: { startTime: iso(T0), completionTime: iso(T0 + H) },
});

/** The runtime giving its jobs 2 GPUs per node. */
const torch = torchRuntime({ limits: { 'nvidia.com/gpu': '2' } }) as UsageRuntime;

const forbidden = () => errorFromStatus({ kind: 'Status', code: 403, reason: 'Forbidden', message: 'no' });

/** A source over `jobs`, paged; the pages it was asked for are counted. */
function source(jobs: UsageJob[], runtimes: 'listed' | 'forbidden', pages: { n: number }): UsageSource {
  return {
    listRuntimes: (kind) =>
      runtimes === 'forbidden'
        ? Promise.reject(forbidden())
        : Promise.resolve(kind === 'ClusterTrainingRuntime' ? [torch] : []),
    listTrainJobs(limit, next) {
      pages.n++;
      const start = Number(next ?? 0);
      const more = start + limit < jobs.length;
      return Promise.resolve({
        items: jobs.slice(start, start + limit),
        continue: more ? String(start + limit) : undefined,
      });
    },
  };
}

describe('readUsage', () => {
  const many = [...Array.from({ length: USAGE_PAGE_SIZE * 2 + 3 }, () => job('team-a', 1)), job('team-b')];
  it.each<[string, UsageJob[], 'listed' | 'forbidden', number, object]>([
    [
      'every page read; the runtime gives 2 GPUs to the job that sets none',
      many,
      'listed',
      3,
      {
        namespace: [
          { key: 'team-a', jobs: USAGE_PAGE_SIZE * 2 + 3, gpuHours: USAGE_PAGE_SIZE * 2 + 3 },
          { key: 'team-b', jobs: 1, gpuHours: 2 },
        ],
        runtime: [
          { key: 'torch-distributed', jobs: USAGE_PAGE_SIZE * 2 + 4, gpuHours: USAGE_PAGE_SIZE * 2 + 5 },
        ],
      },
    ],
    [
      'runtimes the user may not list: the job that sets no GPUs counts none',
      [job('team-a', 4), job('team-b')],
      'forbidden',
      1,
      {
        namespace: [
          { key: 'team-a', jobs: 1, gpuHours: 4 },
          { key: 'team-b', jobs: 1, gpuHours: 0 },
        ],
      },
    ],
  ])('%s', async (_, jobs, runtimes, pageCount, expected) => {
    const pages = { n: 0 };
    const usage = await readUsage(source(jobs, runtimes, pages), ['namespace', 'runtime'], T0 + 2 * H, {
      toMs: T0 + 2 * H,
    });
    expect(pages.n).toBe(pageCount);
    for (const [by, rows] of Object.entries(expected)) expect(usage.get(by as never)).toEqual(rows);
  });

  it('rejects with the refusal when the TrainJobs cannot be listed', async () => {
    const refusing: UsageSource = {
      listRuntimes: () => Promise.resolve([]),
      listTrainJobs: () => Promise.reject(forbidden()),
    };
    await expect(readUsage(refusing, ['namespace'], T0, { toMs: T0 })).rejects.toThrow('no');
  });
});
