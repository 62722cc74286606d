// SPDX-License-Identifier: Apache-2.0
// Upstream's cases (`pkg/webhooks/trainjob_webhook_test.go`), in our words.
import type { RuntimePatch } from '@kubetrain/api';
import { trainJob } from '@kubetrain/testing';
import { defaultTrainJob } from './trainjob-defaulter.js';

const NOW = '2026-03-01T12:00:00Z';
const EARLIER = '2026-01-01T00:00:00Z';
const USER = '2025-06-01T00:00:00Z';

const patch = (manager: string, sa: string, time?: string): RuntimePatch => ({
  manager,
  ...(time !== undefined ? { time } : {}),
  trainingRuntimeSpec: {
    template: {
      spec: {
        replicatedJobs: [
          { name: 'node', template: { spec: { template: { spec: { serviceAccountName: sa } } } } },
        ],
      },
    },
  },
});
const jobWith = (patches: RuntimePatch[]) => trainJob('j', 'rt', undefined, { runtimePatches: patches });
const times = (job: ReturnType<typeof defaultTrainJob>) => job.spec?.runtimePatches?.map((p) => p.time);

describe('defaultTrainJob', () => {
  const cases: Record<
    string,
    { old?: RuntimePatch[]; next: RuntimePatch[]; want: Array<string | undefined> }
  > = {
    'CREATE: all patches get timestamped': {
      next: [patch('a.io/x', 'a'), patch('b.io/y', 'b')],
      want: [NOW, NOW],
    },
    'CREATE: externally-set Time is preserved': { next: [patch('a.io/x', 'a', USER)], want: [USER] },
    'UPDATE, patch unchanged: Time preserved': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'a')],
      want: [EARLIER],
    },
    'UPDATE, only the time changed: the stored time is put back': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'a', USER)],
      want: [EARLIER],
    },
    'UPDATE, patch changed: Time updated': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'b')],
      want: [NOW],
    },
    'UPDATE, patch changed with pre-existing Time: Time updated': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'b', EARLIER)],
      want: [NOW],
    },
    'UPDATE, new patch added alongside unchanged patch': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'a', EARLIER), patch('b.io/y', 'b')],
      want: [EARLIER, NOW],
    },
    'UPDATE, new patch added with externally-set Time: Time preserved': {
      old: [patch('a.io/x', 'a', EARLIER)],
      next: [patch('a.io/x', 'a', EARLIER), patch('b.io/y', 'b', USER)],
      want: [EARLIER, USER],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const next = jobWith(tc.next);
      const before = structuredClone(next);
      const got = defaultTrainJob(tc.old !== undefined ? jobWith(tc.old) : undefined, next, NOW);
      expect(times(got)).toEqual(tc.want);
      expect(next).toEqual(before);
    });
  }

  it('a TrainJob without runtimePatches is returned as a copy, unchanged', () => {
    const job = trainJob('j', 'rt');
    expect(defaultTrainJob(undefined, job, NOW)).toEqual(job);
  });
});
