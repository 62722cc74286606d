// SPDX-License-Identifier: Apache-2.0
import type { TrainJobStatus } from '@kubetrain/api/core';
import { setRunTimes, type RunTimesView } from './run-times.js';

const CREATED = '2026-01-01T00:00:00Z';
const NOW = '2026-01-01T01:00:00Z';
const cond = (type: string, status: 'True' | 'False', lastTransitionTime = '2026-01-01T00:30:00Z') => ({
  type,
  status,
  reason: type,
  message: type,
  lastTransitionTime,
});

interface Case {
  /** The stored job (its status is `before`). */
  job: RunTimesView;
  /** The status computed for it this reconcile, before the times. */
  next: TrainJobStatus;
  want: Pick<TrainJobStatus, 'startTime' | 'completionTime'>;
  /** Whether the times alone make a write. */
  wantChanged: boolean;
}

describe('setRunTimes', () => {
  const job = (status?: RunTimesView['status'], suspend?: boolean): RunTimesView => ({
    metadata: { creationTimestamp: CREATED },
    ...(suspend === undefined ? {} : { spec: { suspend } }),
    ...(status === undefined ? {} : { status }),
  });
  const cases: Record<string, Case> = {
    'a running job never suspended: started at its creation; a backfill makes no write': {
      job: job(),
      next: {},
      want: { startTime: CREATED },
      wantChanged: false,
    },
    'a job created suspended (Kueue): no startTime': {
      job: job(undefined, true),
      next: { conditions: [cond('Suspended', 'True')] },
      want: {},
      wantChanged: false,
    },
    'suspended after running: startTime removed (a write)': {
      job: job({ startTime: CREATED }, true),
      next: { startTime: CREATED, conditions: [cond('Suspended', 'True')] },
      want: {},
      wantChanged: true,
    },
    'resumed in this reconcile: started at the resume': {
      job: job({ startTime: CREATED, conditions: [cond('Suspended', 'True')] }, false),
      next: { startTime: CREATED, conditions: [cond('Suspended', 'False', NOW)] },
      want: { startTime: NOW },
      wantChanged: true,
    },
    'running after a resume, startTime missing: the resume': {
      job: job({ conditions: [cond('Suspended', 'False', NOW)] }, false),
      next: { conditions: [cond('Suspended', 'False', NOW)] },
      want: { startTime: NOW },
      wantChanged: false,
    },
    'a startTime another manager wrote is kept': {
      job: job({ startTime: '2026-01-01T00:00:07Z' }),
      next: { startTime: '2026-01-01T00:00:07Z' },
      want: { startTime: '2026-01-01T00:00:07Z' },
      wantChanged: false,
    },
    "finishing now: completionTime is the condition's transition, startTime backfilled": {
      job: job(),
      next: { conditions: [cond('Complete', 'True', NOW)] },
      want: { startTime: CREATED, completionTime: NOW },
      wantChanged: false,
    },
    'Failed wins over Complete for the time': {
      job: job({ startTime: CREATED }),
      next: {
        startTime: CREATED,
        conditions: [cond('Complete', 'True', '2026-01-01T00:20:00Z'), cond('Failed', 'True', NOW)],
      },
      want: { startTime: CREATED, completionTime: NOW },
      wantChanged: false,
    },
    'finished and suspended afterwards: both kept': {
      job: job({ startTime: CREATED, completionTime: NOW }, true),
      next: { startTime: CREATED, completionTime: NOW, conditions: [cond('Complete', 'True', NOW)] },
      want: { startTime: CREATED, completionTime: NOW },
      wantChanged: false,
    },
    'a completionTime kept as written': {
      job: job({ completionTime: '2026-01-01T00:59:59Z' }),
      next: { completionTime: '2026-01-01T00:59:59Z', conditions: [cond('Failed', 'True', NOW)] },
      want: { startTime: CREATED, completionTime: '2026-01-01T00:59:59Z' },
      wantChanged: false,
    },
    'not finished: a stray completionTime removed (a write)': {
      job: job({ startTime: CREATED, completionTime: NOW }),
      next: { startTime: CREATED, completionTime: NOW, conditions: [cond('Complete', 'False')] },
      want: { startTime: CREATED },
      wantChanged: true,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const next = structuredClone(tc.next);
      const changed = setRunTimes(tc.job, next, NOW);
      expect({ startTime: next.startTime, completionTime: next.completionTime }).toEqual({
        startTime: tc.want.startTime,
        completionTime: tc.want.completionTime,
      });
      expect(changed).toBe(tc.wantChanged);
    });
  }
});
