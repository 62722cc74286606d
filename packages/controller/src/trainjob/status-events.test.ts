// SPDX-License-Identifier: Apache-2.0
import type { Condition, TrainJobStatus } from '@kubetrain/api';
import { statusTransitions } from './status-events.js';

const T = '2026-01-01T00:00:00Z';
const c = (type: string, status: 'True' | 'False', reason: string, message: string): Condition => ({
  type,
  status,
  lastTransitionTime: T,
  reason,
  message,
});
const st = (...conditions: Condition[]): TrainJobStatus => ({ conditions });

describe('statusTransitions', () => {
  const suspended = c('Suspended', 'True', 'Suspended', 'TrainJob is suspended');
  const resumed = c('Suspended', 'False', 'Resumed', 'TrainJob is resumed');
  const complete = c('Complete', 'True', 'AllJobsCompleted', 'jobset completed successfully');
  const failed = c('Failed', 'True', 'FailedJobs', 'jobset failed due to one or more job failures');
  const cases: Record<string, { prev?: TrainJobStatus; next: TrainJobStatus; want: unknown[] }> = {
    'nothing changed': { prev: st(suspended), next: st(suspended), want: [] },
    suspended: { next: st(suspended), want: [{ kind: 'suspended', message: 'TrainJob is suspended' }] },
    resumed: {
      prev: st(suspended),
      next: st(resumed),
      want: [{ kind: 'resumed', message: 'TrainJob is resumed' }],
    },
    'resumed long ago is not reported again': {
      prev: st(resumed),
      next: st(resumed, complete),
      want: [{ kind: 'completed', message: 'jobset completed successfully' }],
    },
    failed: {
      prev: st(),
      next: st(failed),
      want: [
        { kind: 'failed', reason: 'FailedJobs', message: 'jobset failed due to one or more job failures' },
      ],
    },
    'a Failed=False condition is no failure': { next: st(c('Failed', 'False', 'x', 'y')), want: [] },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(statusTransitions(tc.prev, tc.next)).toEqual(tc.want));
});
