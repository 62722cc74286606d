// SPDX-License-Identifier: Apache-2.0
// The usage page's data: the period from the URL, and the rows `kubetrain usage` computes (the same
// readUsage and formatGpuHours), with the namespace fallback of the jobs list.
import { errorFromStatus, type KubeObject } from '@kubetrain/kube';
import { FakeCluster } from './fake-cluster.js';
import { UsageParamError, usageView, usageWindowOf } from './usage-view.js';

const NOW = Date.parse('2026-03-10T00:00:00Z');
const H = 3_600_000;
const D = 24 * H;

describe('usageWindowOf', () => {
  it.each<[string, string, { fromMs?: number; toMs: number } | string]>([
    ['no parameter: the last 7 days', '', { fromMs: NOW - 7 * D, toMs: NOW }],
    ['period=24h', 'period=24h', { fromMs: NOW - D, toMs: NOW }],
    ['period=30d', 'period=30d', { fromMs: NOW - 30 * D, toMs: NOW }],
    ['a period the page does not offer', 'period=90m', 'period: use one of 24h, 7d, 30d'],
    [
      'from and to (RFC 3339 and a date)',
      'from=2026-01-01T00:00:00Z&to=2026-01-02',
      { fromMs: Date.parse('2026-01-01T00:00:00Z'), toMs: Date.parse('2026-01-02T00:00:00Z') },
    ],
    ['from alone: until now', 'from=2026-03-01', { fromMs: Date.parse('2026-03-01T00:00:00Z'), toMs: NOW }],
    ['to alone: from the beginning', 'to=2026-03-01', { toMs: Date.parse('2026-03-01T00:00:00Z') }],
    ['a bad from', 'from=yesterday', 'from "yesterday": use an RFC 3339 time or a date (2026-01-02)'],
    [
      'a period ending before it starts',
      'from=2026-03-02&to=2026-03-01',
      'from: the period ends before it starts',
    ],
    ['period with from', 'period=7d&from=2026-03-01', 'period: cannot be used with from and to'],
  ])('%s', (_, query, expected) => {
    const got = (() => {
      try {
        return usageWindowOf(new URLSearchParams(query), NOW);
      } catch (e) {
        if (e instanceof UsageParamError) return e.message;
        throw e;
      }
    })();
    expect(got).toEqual(expected);
  });
});

/** A TrainJob of `nodes` × `gpus` running from `start` to `end` hours before NOW. */
const trainJob = (namespace: string, name: string, nodes: number, gpus: number, start: number, end: number) =>
  ({
    metadata: { namespace, name, labels: { 'kueue.x-k8s.io/queue-name': `q-${namespace}` } },
    spec: {
      runtimeRef: { name: 'torch-distributed' },
      trainer: { numNodes: nodes, resourcesPerNode: { limits: { 'nvidia.com/gpu': String(gpus) } } },
    },
    status: {
      startTime: new Date(NOW - start * H).toISOString(),
      completionTime: new Date(NOW - end * H).toISOString(),
    },
  }) as KubeObject;

describe('usageView', () => {
  const forbidden = errorFromStatus({
    kind: 'Status',
    code: 403,
    reason: 'Forbidden',
    message: 'trainjobs is forbidden',
  });
  const window = { fromMs: NOW - D, toMs: NOW };

  it.each<[string, (string | undefined)[], boolean, object]>([
    [
      'every namespace: a row per namespace, queue and runtime, GPU-hours as the CLI prints them',
      [undefined, 'team-a'],
      false,
      {
        since: '2026-03-09T00:00:00Z',
        until: '2026-03-10T00:00:00Z',
        namespace: '',
        notes: [],
        // team-a: 2 × 4 GPUs × 2 h = 16; team-b: 1 × 1 GPU × 20 min = 0.333.
        namespaces: [
          { key: 'team-a', jobs: 1, gpuHours: '16' },
          { key: 'team-b', jobs: 1, gpuHours: '0.333' },
        ],
        queues: [
          { key: 'q-team-a', jobs: 1, gpuHours: '16' },
          { key: 'q-team-b', jobs: 1, gpuHours: '0.333' },
        ],
        runtimes: [{ key: 'torch-distributed', jobs: 2, gpuHours: '16.333' }],
        total: { key: 'TOTAL', jobs: 2, gpuHours: '16.333' },
      },
    ],
    [
      'not allowed in every namespace: the fallback one, with a note',
      [undefined, 'team-a'],
      true,
      {
        namespace: 'team-a',
        notes: ['namespace team-a only: you may not list TrainJobs in every namespace'],
        namespaces: [{ key: 'team-a', jobs: 1, gpuHours: '16' }],
      },
    ],
  ])('%s', async (_, scopes, refuseAll, expected) => {
    const cluster = new FakeCluster();
    cluster.listed.trainjobs.push(
      trainJob('team-a', 'a', 2, 4, 3, 1),
      trainJob('team-b', 'b', 1, 1, 2, 5 / 3),
      // Ended before the period: not counted.
      trainJob('team-b', 'old', 8, 8, 50, 40),
    );
    if (refuseAll) cluster.refusals.set('trainjobs *', forbidden);
    expect(await usageView(cluster, scopes, window, NOW)).toMatchObject(expected);
  });

  it('rejects with the refusal of the last namespace', async () => {
    const cluster = new FakeCluster();
    cluster.refusals.set('trainjobs team-a', forbidden);
    await expect(usageView(cluster, ['team-a'], window, NOW)).rejects.toBe(forbidden);
  });
});
