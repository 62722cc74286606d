// SPDX-License-Identifier: Apache-2.0
import { activeDeadline, type DeadlineView } from './deadline.js';

const created = '2026-01-01T00:00:00Z';
/** int64 max seconds from `created`, in float64 arithmetic as the API server's JSON is read. */
const int64MaxLeftMs = Date.parse(created) + Number('9223372036854775807') * 1000 - Date.parse(created);

describe('activeDeadline', () => {
  const job = (spec: DeadlineView['spec'], conditions?: DeadlineView['status']): DeadlineView => ({
    metadata: { creationTimestamp: created },
    spec,
    ...(conditions !== undefined ? { status: conditions } : {}),
  });
  const cases: Record<string, { job: DeadlineView; now: string; want: ReturnType<typeof activeDeadline> }> = {
    'no activeDeadlineSeconds: none': { job: job({}), now: created, want: undefined },
    'zero: none': { job: job({ activeDeadlineSeconds: 0 }), now: created, want: undefined },
    'suspended: none': {
      job: job({ activeDeadlineSeconds: 60, suspend: true }),
      now: created,
      want: undefined,
    },
    'finished: none': {
      job: job({ activeDeadlineSeconds: 60 }, { conditions: [{ type: 'Complete', status: 'True' }] }),
      now: created,
      want: undefined,
    },
    'running: the time left from creation': {
      job: job({ activeDeadlineSeconds: 60 }),
      now: '2026-01-01T00:00:20Z',
      want: { deadline: '2026-01-01T00:01:00Z', expired: false, remainingMs: 40_000, requeueAfterMs: 40_000 },
    },
    'at the deadline: not yet expired, requeued after at least a second': {
      job: job({ activeDeadlineSeconds: 60 }),
      now: '2026-01-01T00:01:00Z',
      want: { deadline: '2026-01-01T00:01:00Z', expired: false, remainingMs: 0, requeueAfterMs: 1000 },
    },
    'past the deadline: expired': {
      job: job({ activeDeadlineSeconds: 60 }),
      now: '2026-01-01T00:01:01Z',
      want: { deadline: '2026-01-01T00:01:00Z', expired: true, remainingMs: 0, requeueAfterMs: 1000 },
    },
    'resumed: the timer restarts at the resume': {
      job: job(
        { activeDeadlineSeconds: 60 },
        { conditions: [{ type: 'Suspended', status: 'False', lastTransitionTime: '2026-01-01T01:00:00Z' }] },
      ),
      now: '2026-01-01T01:00:30Z',
      want: { deadline: '2026-01-01T01:01:00Z', expired: false, remainingMs: 30_000, requeueAfterMs: 30_000 },
    },
    '30 days: the whole wait, longer than one Node timer holds': {
      job: job({ activeDeadlineSeconds: 30 * 86_400 }),
      now: created,
      want: {
        deadline: '2026-01-31T00:00:00Z',
        expired: false,
        remainingMs: 30 * 86_400_000,
        requeueAfterMs: 30 * 86_400_000,
      },
    },
    'int64 max: running, no date to name (past year 275760), no throw': {
      job: job({ activeDeadlineSeconds: Number('9223372036854775807') }),
      now: created,
      want: {
        expired: false,
        remainingMs: int64MaxLeftMs,
        requeueAfterMs: int64MaxLeftMs,
      },
    },
    'int64 max as read losslessly (a bigint): the same, no throw': {
      job: job({ activeDeadlineSeconds: 9223372036854775807n }),
      now: created,
      want: {
        expired: false,
        remainingMs: int64MaxLeftMs,
        requeueAfterMs: int64MaxLeftMs,
      },
    },
    'no creation time (an object read from a file): none': {
      job: { spec: { activeDeadlineSeconds: 60 } },
      now: created,
      want: undefined,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(activeDeadline(tc.job, tc.now)).toEqual(tc.want));
  }
});
