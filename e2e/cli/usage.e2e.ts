// SPDX-License-Identifier: Apache-2.0
// `kubetrain usage` through bin/kubetrain (a child process) against the local control plane, on a
// known population of finished TrainJobs whose GPU-hours are computed by hand.
//
// How the statuses stay as written: see finished-jobs.ts. The last test reads the timestamps back to
// show it.
import { randomBytes } from 'node:crypto';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { installCrdsAndShippedRuntimes, readTrainJob, removeClusterRuntimes } from '../controller/harness.js';
import { createFinishedTrainJob, type Finished } from './finished-jobs.js';
import { kubetrain } from './kubetrain-cli.js';

const SINCE = '2026-01-01T00:00:00Z';
const UNTIL = '2026-01-02T00:00:00Z';

// By hand, within [SINCE, UNTIL):
//   a: 2 nodes x 4 GPUs, 01:00 to 03:30           = 8 x 2.5 h             = 20 GPU-h
//   b: 1 node x 8 GPUs, 12-31 23:00 to 01-01 01:00 = 8 x 1 h (clipped)     =  8 GPU-h
//   c: 3 nodes x 1 GPU, 10:00 to 10:20 (Failed)    = 3 x 1/3 h             =  1 GPU-h
//   d: 1 CPU node, 05:00 to 06:00                  = 0 GPU-h, one job
//   e: 2 nodes x 2 GPUs, 01-02 05:00 to 06:00      = after the period: not counted
const POPULATION: Finished[] = [
  {
    name: 'a',
    runtime: 'torch-distributed',
    queue: 'q-a',
    nodes: 2,
    gpus: 4,
    start: '2026-01-01T01:00:00Z',
    end: '2026-01-01T03:30:00Z',
    outcome: 'Complete',
  },
  {
    name: 'b',
    runtime: 'torch-distributed',
    queue: 'q-a',
    nodes: 1,
    gpus: 8,
    start: '2025-12-31T23:00:00Z',
    end: '2026-01-01T01:00:00Z',
    outcome: 'Complete',
  },
  {
    name: 'c',
    runtime: 'deepspeed-distributed',
    queue: 'q-b',
    nodes: 3,
    gpus: 1,
    start: '2026-01-01T10:00:00Z',
    end: '2026-01-01T10:20:00Z',
    outcome: 'Failed',
  },
  {
    name: 'd',
    runtime: 'torch-distributed',
    nodes: 1,
    gpus: 0,
    start: '2026-01-01T05:00:00Z',
    end: '2026-01-01T06:00:00Z',
    outcome: 'Complete',
  },
  {
    name: 'e',
    runtime: 'torch-distributed',
    queue: 'q-b',
    nodes: 2,
    gpus: 2,
    start: '2026-01-02T05:00:00Z',
    end: '2026-01-02T06:00:00Z',
    outcome: 'Complete',
  },
];

/** The rows computed by hand: [key, jobs, GPU-hours]. */
const EXPECTED: Record<'namespace' | 'queue' | 'runtime', (ns: string) => [string, number, number][]> = {
  namespace: (ns) => [[ns, 4, 29]],
  queue: () => [
    ['<none>', 1, 0],
    ['q-a', 2, 28],
    ['q-b', 1, 1],
  ],
  runtime: () => [
    ['deepspeed-distributed', 1, 1],
    ['torch-distributed', 3, 28],
  ],
};

describe('kubetrain usage on finished TrainJobs (bin/kubetrain, GPU-hours by hand)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installed: string[] = [];
  let namespace: string;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-usage');
    installed.push(...(await installCrdsAndShippedRuntimes('kubetrain-e2e')));
    for (const job of POPULATION) await createFinishedTrainJob(namespace, job, `-${suffix}`);
  });

  afterAll(async () => {
    await removeClusterRuntimes(installed);
    if (namespace) await deleteNamespace(namespace);
  });

  const usage = (by: string, output: string) =>
    kubetrain(['usage', '-n', namespace, '--by', by, '--since', SINCE, '--until', UNTIL, '-o', output]);

  it.each(['namespace', 'queue', 'runtime'] as const)(
    '--by %s -o json: the GPU-hours by hand',
    async (by) => {
      const run = await usage(by, 'json');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({
        since: SINCE,
        until: UNTIL,
        by,
        items: EXPECTED[by](namespace).map(([key, jobs, gpuHours]) => ({ [by]: key, jobs, gpuHours })),
      });
    },
  );

  it.each(['namespace', 'queue', 'runtime'] as const)('--by %s -o csv: the GPU-hours by hand', async (by) => {
    const run = await usage(by, 'csv');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [`${by},jobs,gpu_hours`, ...EXPECTED[by](namespace).map((row) => row.join(','))]
        .map((l) => `${l}\n`)
        .join(''),
    );
  });

  it.each(['namespace', 'queue', 'runtime'] as const)(
    '--by %s -o table: the rows and the total',
    async (by) => {
      const run = await usage(by, 'table');
      expect(run.code).toBe(0);
      const rows = run.stdout
        .trim()
        .split('\n')
        .map((line) => line.trim().split(/\s+/));
      const expected = EXPECTED[by](namespace).map((row) => row.map(String));
      const total = expected.length > 1 ? [['TOTAL', '4', '29']] : [];
      expect(rows).toEqual([[by.toUpperCase(), 'JOBS', 'GPU-HOURS'], ...expected, ...total]);
    },
  );

  it('a period that holds only part of a job counts only that part', async () => {
    // a alone, 02:00 to 03:00: 8 GPUs x 1 h.
    const run = await kubetrain([
      'usage',
      '-n',
      namespace,
      '--since',
      '2026-01-01T02:00:00Z',
      '--until',
      '2026-01-01T03:00:00Z',
      '-o',
      'csv',
    ]);
    expect(run.stdout).toBe(`namespace,jobs,gpu_hours\n${namespace},1,8\n`);
  });

  it('the statuses are still the ones the suite wrote (nothing reconciled them)', async () => {
    for (const job of POPULATION) {
      const stored = await readTrainJob(namespace, `${job.name}-${suffix}`);
      expect({ name: job.name, start: stored.status?.startTime, end: stored.status?.completionTime }).toEqual(
        {
          name: job.name,
          start: job.start,
          end: job.end,
        },
      );
    }
  });
});
