// SPDX-License-Identifier: Apache-2.0
import { ttlAfterFinished, type RunPolicyTtlView, type TtlAfterFinishedView } from './ttl-after-finished.js';

interface Case {
  job: TtlAfterFinishedView;
  runPolicy?: RunPolicyTtlView;
  want: { seconds: number; finishedAt: string; expiresAt: string } | undefined;
}

const T0 = '2026-01-01T00:00:00Z';
const complete = (lastTransitionTime = T0) => ({ type: 'Complete', status: 'True', lastTransitionTime });
const failed = (lastTransitionTime = T0) => ({ type: 'Failed', status: 'True', lastTransitionTime });

describe('ttlAfterFinished', () => {
  const cases: Record<string, Case> = {
    'no TTL anywhere: kept': { job: { status: { conditions: [complete()] } }, want: undefined },
    'not finished: no TTL runs': {
      job: { spec: { ttlSecondsAfterFinished: 5 }, status: { conditions: [] } },
      want: undefined,
    },
    'Failed=False is not finished': {
      job: {
        spec: { ttlSecondsAfterFinished: 5 },
        status: { conditions: [{ ...failed(), status: 'False' }] },
      },
      want: undefined,
    },
    "the job's own TTL from completionTime": {
      job: {
        spec: { ttlSecondsAfterFinished: 60 },
        status: { completionTime: '2026-01-01T00:00:10Z', conditions: [complete()] },
      },
      want: { seconds: 60, finishedAt: '2026-01-01T00:00:10Z', expiresAt: '2026-01-01T00:01:10.000Z' },
    },
    "no completionTime (finished before it was written): the condition's transition": {
      job: { spec: { ttlSecondsAfterFinished: 1 }, status: { conditions: [failed('2026-01-01T00:00:05Z')] } },
      want: { seconds: 1, finishedAt: '2026-01-01T00:00:05Z', expiresAt: '2026-01-01T00:00:06.000Z' },
    },
    "the runtime's default when the job sets none": {
      job: { status: { conditions: [complete()] } },
      runPolicy: { ttlSecondsAfterFinished: 30 },
      want: { seconds: 30, finishedAt: T0, expiresAt: '2026-01-01T00:00:30.000Z' },
    },
    "the job's own value wins, even smaller": {
      job: { spec: { ttlSecondsAfterFinished: 0 }, status: { conditions: [complete()] } },
      runPolicy: { ttlSecondsAfterFinished: 3600 },
      want: { seconds: 0, finishedAt: T0, expiresAt: '2026-01-01T00:00:00.000Z' },
    },
    'a TTL of a year (int32 max is 68 years): no overflow': {
      job: { spec: { ttlSecondsAfterFinished: 2147483647 }, status: { conditions: [complete()] } },
      want: { seconds: 2147483647, finishedAt: T0, expiresAt: '2094-01-19T03:14:07.000Z' },
    },
    'an unparseable time: none': {
      job: {
        spec: { ttlSecondsAfterFinished: 1 },
        status: { completionTime: 'x', conditions: [complete()] },
      },
      want: undefined,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = ttlAfterFinished(tc.job, tc.runPolicy);
      expect(
        got === undefined
          ? undefined
          : {
              seconds: got.seconds,
              finishedAt: got.finishedAt,
              expiresAt: new Date(got.expiresAtMs).toISOString(),
            },
      ).toEqual(tc.want);
    });
  }
});
