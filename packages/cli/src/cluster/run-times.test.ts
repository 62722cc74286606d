// SPDX-License-Identifier: Apache-2.0
import { runTimeRows } from './run-times.js';
import type { TrainJobObject } from './trainjob-view.js';

const NOW = new Date('2026-01-01T01:00:00Z');
const complete = { type: 'Complete', status: 'True', lastTransitionTime: '2026-01-01T00:50:00Z' };

interface Case {
  job: TrainJobObject;
  runPolicy?: { ttlSecondsAfterFinished?: number };
  want: Array<[string, string]>;
}

describe('runTimeRows', () => {
  const job = (spec: TrainJobObject['spec'], status: TrainJobObject['status']): TrainJobObject => ({
    metadata: { name: 'j' },
    ...(spec === undefined ? {} : { spec }),
    ...(status === undefined ? {} : { status }),
  });
  const cases: Record<string, Case> = {
    'nothing set: no rows': { job: job(undefined, undefined), want: [] },
    'running: started, and the TTL to come': {
      job: job({ ttlSecondsAfterFinished: 600 }, { startTime: '2026-01-01T00:59:00Z' }),
      want: [
        ['Started', '2026-01-01T00:59:00Z (60s ago)'],
        ['TTL', '600s after finishing'],
      ],
    },
    "finished: the time left of the job's own TTL": {
      job: job(
        { ttlSecondsAfterFinished: 3600 },
        { startTime: '2026-01-01T00:00:00Z', completionTime: '2026-01-01T00:50:00Z', conditions: [complete] },
      ),
      want: [
        ['Started', '2026-01-01T00:00:00Z (60m ago)'],
        ['Completed', '2026-01-01T00:50:00Z (10m ago)'],
        ['TTL', '3600s after finishing; deleted in 50m'],
      ],
    },
    "the runtime's default, marked as such": {
      job: job(undefined, { completionTime: '2026-01-01T00:50:00Z', conditions: [complete] }),
      runPolicy: { ttlSecondsAfterFinished: 86_400 * 30 },
      want: [
        ['Completed', '2026-01-01T00:50:00Z (10m ago)'],
        ['TTL', '2592000s after finishing (runtime default); deleted in 29d23h'],
      ],
    },
    "the job's own wins over the runtime's": {
      job: job(
        { ttlSecondsAfterFinished: 0 },
        { completionTime: '2026-01-01T00:50:00Z', conditions: [complete] },
      ),
      runPolicy: { ttlSecondsAfterFinished: 60 },
      want: [
        ['Completed', '2026-01-01T00:50:00Z (10m ago)'],
        ['TTL', '0s after finishing; due for deletion'],
      ],
    },
    'finished before completionTime was written: the TTL counts from the condition': {
      job: job({ ttlSecondsAfterFinished: 1200 }, { conditions: [complete] }),
      want: [['TTL', '1200s after finishing; deleted in 10m']],
    },
    'a hostile time is shown as text (describe escapes every value)': {
      job: job(undefined, { startTime: '\u001b[31mred' }),
      want: [['Started', '\u001b[31mred (<unknown> ago)']],
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(runTimeRows(tc.job, tc.runPolicy, NOW)).toEqual(tc.want));
});
