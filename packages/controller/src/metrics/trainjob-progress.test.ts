// SPDX-License-Identifier: Apache-2.0
import type { TrainJobState } from '@kubetrain/api/core';
import { progressSeries, type ProgressTrainJob } from './trainjob-progress.js';

interface Case {
  name: string;
  state?: TrainJobState;
  progress?: number;
  remaining?: number;
  /** Minutes past 00:00 of the lastUpdatedTime. */
  updated?: number;
}

function jobs(cases: Case[]): { job: ProgressTrainJob; state: TrainJobState }[] {
  return cases.map((c) => ({
    state: c.state ?? 'Running',
    job: {
      metadata: { namespace: 'ns', name: c.name },
      status: {
        trainerStatus: {
          ...(c.progress !== undefined ? { progressPercentage: c.progress } : {}),
          ...(c.remaining !== undefined ? { estimatedRemainingSeconds: c.remaining } : {}),
          lastUpdatedTime: `2026-01-01T00:${String(c.updated ?? 0).padStart(2, '0')}:00Z`,
        },
      },
    },
  }));
}

const label = (name: string) => ({ namespace: 'ns', name });

describe('progressSeries', () => {
  it.each<
    [string, Case[], number, { progress: [string, number][]; remaining: [string, number][]; omitted: number }]
  >([
    [
      'one series per unfinished job that reported',
      [
        { name: 'a', progress: 40, remaining: 600 },
        { name: 'b', progress: 90 },
        { name: 'eta-only', remaining: 30 },
        { name: 'silent' },
      ],
      10,
      {
        progress: [
          ['a', 40],
          ['b', 90],
        ],
        remaining: [
          ['a', 600],
          ['eta-only', 30],
        ],
        omitted: 0,
      },
    ],
    [
      'finished jobs have no series; suspended ones keep theirs',
      [
        { name: 'done', state: 'Complete', progress: 100 },
        { name: 'failed', state: 'Failed', progress: 12 },
        { name: 'paused', state: 'Suspended', progress: 30 },
      ],
      10,
      { progress: [['paused', 30]], remaining: [], omitted: 0 },
    ],
    [
      'past the bound, the most recently reported are kept and the rest counted',
      [
        { name: 'old', progress: 1, updated: 1 },
        { name: 'new', progress: 2, updated: 9 },
        { name: 'mid', progress: 3, updated: 5 },
      ],
      2,
      {
        progress: [
          ['new', 2],
          ['mid', 3],
        ],
        remaining: [],
        omitted: 1,
      },
    ],
    [
      'values outside the schema are clamped, not exported as given',
      [
        { name: 'x', progress: 250, remaining: -5 },
        { name: 'nan', progress: Number.NaN },
      ],
      10,
      { progress: [['x', 100]], remaining: [['x', 0]], omitted: 0 },
    ],
  ])('%s', (_name, cases, max, want) => {
    const got = progressSeries(jobs(cases), max);
    expect(got).toEqual({
      progress: want.progress.map(([n, value]) => ({ labels: label(n), value })),
      remaining: want.remaining.map(([n, value]) => ({ labels: label(n), value })),
      omitted: want.omitted,
    });
  });
});
