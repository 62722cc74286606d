// SPDX-License-Identifier: Apache-2.0
import type { TrainJobObject } from '../cluster/trainjob-view.js';
import { restartsText } from './describe.js';

describe('restartsText', () => {
  const now = new Date('2026-12-04T15:00:00Z');
  const job = (status: TrainJobObject['status']): TrainJobObject =>
    ({ metadata: { name: 'tj' }, spec: {}, status }) as TrainJobObject;
  const cases: Record<string, { status: TrainJobObject['status']; want: string }> = {
    'never restarted: nothing (the output is as before)': { status: {}, want: '' },
    'restarts without a history': {
      status: { restarts: 2, restartsCountTowardsMax: 1 },
      want: 'Restarts:   2 (1 counted towards maxRestarts)\n',
    },
    'the history, cause escaped and cut at its first line': {
      status: {
        restarts: 2,
        restartsCountTowardsMax: 1,
        restartHistory: [
          {
            time: '2026-12-04T14:58:00Z',
            reason: 'RestartTrainJob',
            message: 'restart 1: Job tj-node-0 failed (PodFailurePolicy): exit code 3',
            countsTowardsMax: true,
          },
          {
            time: '2026-12-04T14:59:30Z',
            reason: 'RestartTrainJobAndIgnoreMaxRestarts',
            message: 'restart 2: \u001b[31mevicted\nsecond line',
            countsTowardsMax: false,
          },
        ],
      },
      want:
        'Restarts:   2 (1 counted towards maxRestarts)\n' +
        '  AGE   REASON                                COUNTED   MESSAGE\n' +
        '  2m    RestartTrainJob                       yes       restart 1: Job tj-node-0 failed (PodFailurePolicy): exit code 3\n' +
        '  30s   RestartTrainJobAndIgnoreMaxRestarts   no        restart 2: \\x1b[31mevicted\n',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(restartsText(job(tc.status), now)).toBe(tc.want));
  }
});
