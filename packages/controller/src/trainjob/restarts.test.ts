// SPDX-License-Identifier: Apache-2.0
import type { TrainJobStatus } from '@kubetrain/api/core';
import {
  failedJobDetail,
  restartChange,
  restartRecord,
  withRestartRecord,
  type FailedJobView,
  type RestartChange,
} from './restarts.js';

describe('restartChange', () => {
  const cases: Record<string, { prev?: TrainJobStatus; next: TrainJobStatus; want?: RestartChange }> = {
    'no counters: no restart': { next: {} },
    'unchanged counters: no restart': {
      prev: { restarts: 2, restartsCountTowardsMax: 1 },
      next: { restarts: 2, restartsCountTowardsMax: 1 },
    },
    'a first counted restart': {
      prev: {},
      next: { restarts: 1, restartsCountTowardsMax: 1 },
      want: { restarts: 1, added: 1, counted: 1 },
    },
    'a restart that does not count (preemption)': {
      prev: { restarts: 1, restartsCountTowardsMax: 1 },
      next: { restarts: 2, restartsCountTowardsMax: 1 },
      want: { restarts: 2, added: 1, counted: 0 },
    },
    'two restarts seen at once': {
      prev: { restarts: 1 },
      next: { restarts: 3, restartsCountTowardsMax: 1 },
      want: { restarts: 3, added: 2, counted: 1 },
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(restartChange(tc.prev, tc.next)).toEqual(tc.want));
  }
});

describe('restartRecord', () => {
  const now = new Date('2026-12-04T15:00:00Z');
  const cases: Record<string, { change: RestartChange; detail?: string; want: object }> = {
    'counted, with its cause': {
      change: { restarts: 1, added: 1, counted: 1 },
      detail: 'Job tj-node-0 failed (PodFailurePolicy): Container node for pod ns/p failed with exit code 3',
      want: {
        time: '2026-12-04T15:00:00Z',
        reason: 'RestartTrainJob',
        message:
          'restart 1: Job tj-node-0 failed (PodFailurePolicy): Container node for pod ns/p failed with exit code 3',
        countsTowardsMax: true,
      },
    },
    'not counted, two at once, cause gone': {
      change: { restarts: 4, added: 2, counted: 0 },
      want: {
        time: '2026-12-04T15:00:00Z',
        reason: 'RestartTrainJobAndIgnoreMaxRestarts',
        message: 'restarts 3 to 4: the failed Job is gone; its cause is unknown',
        countsTowardsMax: false,
      },
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(restartRecord(tc.change, tc.detail, now)).toEqual(tc.want));
  }

  it('withRestartRecord keeps the newest 5, newest last', () => {
    let status: TrainJobStatus = { restarts: 7 };
    for (let i = 1; i <= 7; i++)
      status = withRestartRecord(status, restartRecord({ restarts: i, added: 1, counted: 1 }, `c${i}`, now));
    expect(status.restartHistory?.map((r) => r.message)).toEqual([
      'restart 3: c3',
      'restart 4: c4',
      'restart 5: c5',
      'restart 6: c6',
      'restart 7: c7',
    ]);
  });
});

describe('failedJobDetail', () => {
  const job = (
    name: string,
    attempt: string | undefined,
    failed?: { reason?: string; message: string },
  ): FailedJobView => {
    const labels: Record<string, string> = {};
    if (attempt !== undefined) labels['jobset.sigs.k8s.io/restart-attempt'] = attempt;
    const conditions = failed ? [{ type: 'Failed', status: 'True', ...failed }] : [];
    return { metadata: { name, labels }, status: { conditions } };
  };
  const cases: Record<string, { jobs: FailedJobView[]; restarts: number; want?: string }> = {
    'no Jobs left': { jobs: [], restarts: 1 },
    'the failed Job of the attempt before': {
      jobs: [
        job('tj-node-0', '0', {
          reason: 'PodFailurePolicy',
          message: 'Container node for pod ns/p failed with exit code 3 matching FailJob rule at index 0',
        }),
        job('tj-node-1', '0'),
      ],
      restarts: 1,
      want: 'Job tj-node-0 failed (PodFailurePolicy): Container node for pod ns/p failed with exit code 3 matching FailJob rule at index 0',
    },
    'the latest failed attempt, not the new one nor an older one': {
      jobs: [
        job('old', '0', { message: 'older' }),
        job('mid', '1', { message: 'the cause' }),
        job('new', '2', { message: 'not yet a restart' }),
      ],
      restarts: 2,
      want: 'Job mid failed: the cause',
    },
    'a Job only marked FailureTarget yet': {
      jobs: [
        {
          metadata: { name: 'tj-node-0', labels: {} },
          status: {
            conditions: [{ type: 'FailureTarget', status: 'True', reason: 'PodFailurePolicy', message: 'm' }],
          },
        },
      ],
      restarts: 1,
      want: 'Job tj-node-0 failed (PodFailurePolicy): m',
    },
    'no label: attempt 0': {
      jobs: [
        job('tj-node-0', undefined, {
          reason: 'BackoffLimitExceeded',
          message: 'Job has reached the specified backoff limit',
        }),
      ],
      restarts: 1,
      want: 'Job tj-node-0 failed (BackoffLimitExceeded): Job has reached the specified backoff limit',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(failedJobDetail(tc.jobs, tc.restarts)).toEqual(tc.want));
  }
});
