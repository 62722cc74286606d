// SPDX-License-Identifier: Apache-2.0
import { torchRuntime } from '@kubetrain/testing';
import type { UsageRuntimeSpec } from '@kubetrain/runtime';
import {
  formatUsage,
  parsePeriod,
  parseTimeBound,
  usageRows,
  UsageSums,
  usageWindow,
  type UsageGrouping,
  type UsageJob,
  type UsageOptions,
  type UsageRow,
} from './usage.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const H = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * H).toISOString().replace(/\.\d{3}Z$/, 'Z');
const NOW = T0 + 48 * H;

/** A job of `nodes` × `gpus` (resourcesPerNode; none: the runtime's) running from `start` to `end` hours. */
function job(
  ns: string,
  o: {
    runtime?: string;
    kind?: string;
    queue?: string;
    nodes?: number;
    gpus?: number;
    start?: number;
    end?: number;
  },
): UsageJob {
  return {
    metadata: {
      namespace: ns,
      ...(o.queue !== undefined ? { labels: { 'kueue.x-k8s.io/queue-name': o.queue } } : {}),
    },
    spec: {
      runtimeRef: {
        name: o.runtime ?? 'torch-distributed',
        ...(o.kind !== undefined ? { kind: o.kind } : {}),
      },
      trainer: {
        ...(o.nodes !== undefined ? { numNodes: o.nodes } : {}),
        ...(o.gpus !== undefined
          ? { resourcesPerNode: { limits: { 'nvidia.com/gpu': String(o.gpus) } } }
          : {}),
      },
    },
    status: {
      ...(o.start !== undefined ? { startTime: at(o.start) } : {}),
      ...(o.end !== undefined ? { completionTime: at(o.end) } : {}),
    },
  };
}

/** The shipped-like runtime: 1 node of 2 GPUs (for jobs that set no resourcesPerNode). */
const torch: UsageRuntimeSpec = {
  ...(torchRuntime({ limits: { 'nvidia.com/gpu': '2' } }).spec as UsageRuntimeSpec),
  mlPolicy: { numNodes: 1 },
};
const runtimeOf = (j: UsageJob) => (j.spec?.runtimeRef?.name === 'torch-distributed' ? torch : undefined);

// The population, GPU-hours by hand:
//  a1  team-a q-a   4 nodes × 8 GPUs,  0 h → 10 h          32 GPUs × 10 h = 320
//  a2  team-a q-a   runtime's 1 × 2,  20 h → 23.5 h         2 GPUs × 3.5 h =   7
//  a3  team-a       CPU only (deepspeed), 5 h → 6 h          0 GPUs         =   0
//  b1  team-b q-b   2 × 4, running since 40 h (NOW = 48 h)   8 GPUs × 8 h   =  64
//  b2  team-b q-b   1 × 1, TrainingRuntime team-b/mine, 30 h → 31 h         =   1
//  b3  team-b q-b   2 × 4, never started                                     =   0 (not counted)
const population: UsageJob[] = [
  job('team-a', { queue: 'q-a', nodes: 4, gpus: 8, start: 0, end: 10 }),
  job('team-a', { queue: 'q-a', start: 20, end: 23.5 }),
  job('team-a', { runtime: 'deepspeed', start: 5, end: 6 }),
  job('team-b', { queue: 'q-b', nodes: 2, gpus: 4, start: 40 }),
  job('team-b', {
    queue: 'q-b',
    runtime: 'mine',
    kind: 'TrainingRuntime',
    nodes: 1,
    gpus: 1,
    start: 30,
    end: 31,
  }),
  job('team-b', { queue: 'q-b', nodes: 2, gpus: 4 }),
];

describe('usageRows on a known population (GPU-hours by hand)', () => {
  const cases: Record<string, { by: UsageGrouping; from?: number; to?: number; want: UsageRow[] }> = {
    'by namespace, all time': {
      by: 'namespace',
      want: [
        { key: 'team-a', jobs: 3, gpuHours: 327 },
        { key: 'team-b', jobs: 2, gpuHours: 65 },
      ],
    },
    'by queue, all time': {
      by: 'queue',
      want: [
        { key: '<none>', jobs: 1, gpuHours: 0 },
        { key: 'q-a', jobs: 2, gpuHours: 327 },
        { key: 'q-b', jobs: 2, gpuHours: 65 },
      ],
    },
    'by runtime, all time (a TrainingRuntime by namespace/name)': {
      by: 'runtime',
      want: [
        { key: 'deepspeed', jobs: 1, gpuHours: 0 },
        { key: 'team-b/mine', jobs: 1, gpuHours: 1 },
        { key: 'torch-distributed', jobs: 3, gpuHours: 391 },
      ],
    },
    // [5 h, 21 h): a1 5 h × 32 = 160, a2 1 h × 2 = 2, a3 1 h × 0; team-b ran nothing then.
    'by namespace, 5 h to 21 h': {
      by: 'namespace',
      from: 5,
      to: 21,
      want: [{ key: 'team-a', jobs: 3, gpuHours: 162 }],
    },
    // [30 h, 44 h): b1 4 h × 8 = 32, b2 1 h × 1 = 1.
    'by queue, 30 h to 44 h': {
      by: 'queue',
      from: 30,
      to: 44,
      want: [{ key: 'q-b', jobs: 2, gpuHours: 33 }],
    },
    'a period where nothing ran': { by: 'namespace', from: 11, to: 19, want: [] },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const window = {
        ...(tc.from !== undefined ? { fromMs: T0 + tc.from * H } : {}),
        ...(tc.to !== undefined ? { toMs: T0 + tc.to * H } : {}),
      };
      expect(usageRows(population, runtimeOf, tc.by, NOW, window)).toEqual(tc.want);
    });
});

describe('UsageSums', () => {
  it('page by page gives the rows of the whole population', () => {
    const sums = new UsageSums(runtimeOf, 'runtime', NOW, {});
    for (let i = 0; i < population.length; i += 2) sums.add(population.slice(i, i + 2));
    expect(sums.rows()).toEqual(usageRows(population, runtimeOf, 'runtime', NOW, {}));
  });
});

describe('formatUsage', () => {
  const rows: UsageRow[] = [
    { key: 'team-a', jobs: 3, gpuHours: 327 },
    { key: 'team-b', jobs: 2, gpuHours: 1 / 3 },
  ];
  const period = { since: '2026-03-01T00:00:00Z', until: '2026-03-03T00:00:00Z' };

  it('table, with a total', () =>
    expect(formatUsage(rows, 'namespace', 'table', period)).toBe(
      'NAMESPACE   JOBS   GPU-HOURS\n' +
        'team-a      3      327\n' +
        'team-b      2      0.333\n' +
        'TOTAL       5      327.333\n',
    ));

  it('csv', () =>
    expect(formatUsage(rows, 'namespace', 'csv', period)).toBe(
      'namespace,jobs,gpu_hours\nteam-a,3,327\nteam-b,2,0.333\n',
    ));

  it('json, with the period', () =>
    expect(JSON.parse(formatUsage(rows, 'queue', 'json', period))).toEqual({
      since: '2026-03-01T00:00:00Z',
      until: '2026-03-03T00:00:00Z',
      by: 'queue',
      items: [
        { queue: 'team-a', jobs: 3, gpuHours: 327 },
        { queue: 'team-b', jobs: 2, gpuHours: 0.333 },
      ],
    }));

  const hostile: UsageRow[] = [{ key: 'a,"b"\n\u001b[31mred', jobs: 1, gpuHours: 1 }];
  it('csv quotes and escapes a hostile value', () =>
    expect(formatUsage(hostile, 'queue', 'csv', period)).toBe(
      'queue,jobs,gpu_hours\n"a,""b""\\n\\x1b[31mred",1,1\n',
    ));
  it('table escapes a hostile value', () =>
    expect(formatUsage(hostile, 'queue', 'table', period)).toBe(
      'QUEUE                JOBS   GPU-HOURS\n' + 'a,"b"\\n\\x1b[31mred   1      1\n',
    ));
  it('json escapes a hostile value', () =>
    expect(formatUsage(hostile, 'queue', 'json', period)).not.toContain('\u001b'));
});

describe('usageWindow', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const cases: Record<
    string,
    {
      o: Pick<UsageOptions, 'since' | 'until' | 'period'>;
      want?: { fromMs?: number; toMs: number };
      error?: string;
    }
  > = {
    'no bounds: up to now': { o: {}, want: { toMs: now } },
    '--period back from now': { o: { period: '7d' }, want: { fromMs: now - 7 * 24 * H, toMs: now } },
    '--period back from --until': {
      o: { period: '24h', until: '2026-03-02' },
      want: { fromMs: Date.parse('2026-03-01T00:00:00Z'), toMs: Date.parse('2026-03-02T00:00:00Z') },
    },
    '--since RFC 3339 with an offset': {
      o: { since: '2026-03-01T02:00:00+02:00' },
      want: { fromMs: Date.parse('2026-03-01T00:00:00Z'), toMs: now },
    },
    '--period with --since': {
      o: { period: '1d', since: '2026-03-01' },
      error: '--period and --since cannot be used together',
    },
    'a period ending before it starts': {
      o: { since: '2026-03-05', until: '2026-03-01' },
      error: 'the period ends before it starts',
    },
    'a malformed --since': {
      o: { since: 'last week' },
      error: '--since "last week": use an RFC 3339 time or a date (2026-01-02)',
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const run = () => usageWindow({ by: 'namespace', output: 'table', ...tc.o }, now);
      if (tc.error !== undefined) expect(run).toThrow(tc.error);
      else expect(run()).toEqual(tc.want);
    });

  it('parsePeriod and parseTimeBound refuse what they cannot read', () => {
    expect(() => parsePeriod('0d')).toThrow('--period "0d"');
    expect(() => parsePeriod('1w')).toThrow('use e.g. 90m, 24h, 7d');
    expect(() => parseTimeBound('--until', '2026-02-30T99:00:00Z')).toThrow('--until');
    expect(parsePeriod('90m')).toBe(90 * 60_000);
  });
});
