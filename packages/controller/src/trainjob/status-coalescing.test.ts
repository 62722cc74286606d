// SPDX-License-Identifier: Apache-2.0
import type { TrainJobStatus } from '@kubetrain/api';
import { isUrgentStatusChange, StatusCoalescer } from './status-coalescing.js';

const counters = (active: number, ready = 0, succeeded = 0): TrainJobStatus => ({
  jobsStatus: [{ name: 'node', active, ready, succeeded, failed: 0, suspended: 0 }],
});
const complete: TrainJobStatus = {
  ...counters(0, 0, 1),
  conditions: [
    {
      type: 'Complete',
      status: 'True',
      reason: 'JobSetCompleted',
      message: 'jobset completed successfully',
      lastTransitionTime: '2026-12-01T00:00:00Z',
    },
  ],
};

describe('isUrgentStatusChange', () => {
  const cases: [string, TrainJobStatus | undefined, TrainJobStatus, boolean][] = [
    ['first counters of a new job', undefined, counters(0), false],
    ['the first Job becomes active', counters(0), counters(1), false],
    ['a second Job becomes active', counters(1), counters(2), false],
    ['a Job becomes ready', counters(1), counters(1, 1), false],
    ['the last active Job stops', counters(1, 1), counters(0, 0), false],
    ['a condition appears', counters(1, 1), complete, true],
    [
      'a condition message changes',
      complete,
      { ...complete, conditions: [{ ...complete.conditions![0]!, message: 'x' }] },
      true,
    ],
    ['counters go away with an active job', counters(1), {}, false],
    [
      'the first counters with a startTime the status lacked (a backfill)',
      undefined,
      { ...counters(1), startTime: '2026-12-01T00:00:00Z' },
      false,
    ],
    [
      'a startTime changed (a resume)',
      { ...counters(1), startTime: '2026-12-01T00:00:00Z' },
      { ...counters(1), startTime: '2026-12-01T01:00:00Z' },
      true,
    ],
    [
      'a startTime removed (a suspend)',
      { ...counters(0), startTime: '2026-12-01T00:00:00Z' },
      counters(0),
      true,
    ],
    ['counters go away without one', counters(0), {}, false],
    [
      'the same condition with its members in another order',
      complete,
      {
        ...counters(0, 1, 1),
        conditions: [Object.fromEntries(Object.entries(complete.conditions![0]!).reverse())],
      } as TrainJobStatus,
      false,
    ],
  ];
  it.each(cases)('%s', (_name, current, next, urgent) => {
    expect(isUrgentStatusChange(current, next)).toBe(urgent);
  });

  const kueueCases: [string, TrainJobStatus | undefined, TrainJobStatus, boolean][] = [
    ['first counters of a new job', undefined, counters(0), false],
    ['the first Job becomes active', counters(0), counters(1), true],
    ['the last active Job stops (Kueue waits for it)', counters(1, 0, 1), counters(0, 0, 2), true],
    ['counters go away with an active job', counters(1), {}, true],
    ['a condition appears', counters(1, 1), complete, true],
    ['a second Job becomes active', counters(1), counters(2), false],
    ['a Job becomes ready (PodsReady)', counters(1), counters(1, 1), true],
    ['a ready Job succeeds (ready + succeeded unchanged)', counters(2, 1, 0), counters(1, 0, 1), false],
    ['a Job succeeds that was not ready', counters(1, 0, 0), counters(1, 0, 1), true],
  ];
  it.each(kueueCases)('queued by Kueue: %s', (_name, current, next, urgent) => {
    expect(isUrgentStatusChange(current, next, true)).toBe(urgent);
  });
});

describe('StatusCoalescer', () => {
  it('writes urgent changes at once, whatever is pending', () => {
    const c = new StatusCoalescer(5000);
    expect(c.decide('a/b', false, 1000)).toEqual({ write: false, retryAfterMs: 5000 });
    expect(c.decide('a/b', true, 1001)).toEqual({ write: true });
  });

  it('holds counter changes for the window from the first one, then writes', () => {
    const c = new StatusCoalescer(5000);
    expect(c.decide('a/b', false, 1000)).toEqual({ write: false, retryAfterMs: 5000 });
    expect(c.decide('a/b', false, 3000)).toEqual({ write: false, retryAfterMs: 3000 });
    expect(c.decide('a/b', false, 6000)).toEqual({ write: true });
    expect(c.size).toBe(1);
    c.settled('a/b');
    expect(c.size).toBe(0);
    expect(c.decide('a/b', false, 7000)).toEqual({ write: false, retryAfterMs: 5000 });
  });

  it('keeps one window per TrainJob', () => {
    const c = new StatusCoalescer(5000);
    c.decide('a/one', false, 1000);
    expect(c.decide('a/two', false, 4000)).toEqual({ write: false, retryAfterMs: 5000 });
    expect(c.decide('a/one', false, 4000)).toEqual({ write: false, retryAfterMs: 2000 });
  });

  it('writes every change at once with a window of 0', () => {
    const c = new StatusCoalescer(0);
    expect(c.decide('a/b', false, 1000)).toEqual({ write: true });
    expect(c.size).toBe(0);
  });
});
