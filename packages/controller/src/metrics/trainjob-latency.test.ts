// SPDX-License-Identifier: Apache-2.0
import { latenciesOf, type Latencies, type LatencyTrainJob } from './trainjob-latency.js';

const CREATED = '2026-01-01T00:00:00Z';
const NOW = Date.parse('2026-01-01T00:10:00Z');

function job(status: LatencyTrainJob['status']): LatencyTrainJob {
  return { metadata: { creationTimestamp: CREATED }, status };
}
const suspendedSince = (t: string) => [{ type: 'Suspended', status: 'True', lastTransitionTime: t }];
const resumedAt = (t: string) => [{ type: 'Suspended', status: 'False', lastTransitionTime: t }];
const ready = [{ name: 'node', ready: 1, active: 1 }];
const pending = [{ name: 'node', ready: 0, active: 1 }];

describe('latenciesOf', () => {
  const cases: Record<string, { old: LatencyTrainJob; next: LatencyTrainJob; want: Latencies }> = {
    'admitted by Kueue: from the suspension to the start (5 min)': {
      old: job({ conditions: suspendedSince('2026-01-01T00:00:01Z') }),
      next: job({ conditions: resumedAt('2026-01-01T00:05:01Z'), startTime: '2026-01-01T00:05:01Z' }),
      want: { queueWait: 300 },
    },
    'never suspended: startTime is the creation, no wait': {
      old: job({}),
      next: job({ startTime: CREATED }),
      want: { queueWait: 0 },
    },
    'pods first ready: creation to now (10 min)': {
      old: job({ startTime: CREATED, jobsStatus: pending }),
      next: job({ startTime: CREATED, jobsStatus: ready }),
      want: { createToRunning: 600 },
    },
    'ready again after a resume: not the first run': {
      old: job({ startTime: CREATED, conditions: resumedAt(CREATED), jobsStatus: pending }),
      next: job({ startTime: CREATED, conditions: resumedAt(CREATED), jobsStatus: ready }),
      want: {},
    },
    'ready again after a restart: not the first run': {
      old: job({ startTime: CREATED, restarts: 1, jobsStatus: pending }),
      next: job({ startTime: CREATED, restarts: 1, jobsStatus: ready }),
      want: {},
    },
    'an update that changes neither': {
      old: job({ startTime: CREATED, jobsStatus: ready }),
      next: job({ startTime: CREATED, jobsStatus: ready }),
      want: {},
    },
    'no creation time: nothing': {
      old: { status: { jobsStatus: pending } },
      next: { status: { jobsStatus: ready } },
      want: {},
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(latenciesOf(tc.old, tc.next, NOW)).toEqual(tc.want));
});
