// SPDX-License-Identifier: Apache-2.0
import { mergeRestartCounters, type RestartCounters } from './restarts.js';

describe('mergeRestartCounters', () => {
  it.each<[string, RestartCounters | undefined, RestartCounters | undefined, RestartCounters]>([
    ['nothing restarted: no field at all', undefined, undefined, {}],
    ['zeros stay absent', { restarts: 0 }, { restarts: 0, restartsCountTowardsMax: 0 }, {}],
    [
      'the JobSet counted a restart',
      {},
      { restarts: 1, restartsCountTowardsMax: 1 },
      { restarts: 1, restartsCountTowardsMax: 1 },
    ],
    [
      'a preemption restart does not count',
      { restarts: 1, restartsCountTowardsMax: 1 },
      { restarts: 2, restartsCountTowardsMax: 1 },
      { restarts: 2, restartsCountTowardsMax: 1 },
    ],
    [
      'a recreated JobSet does not lower them',
      { restarts: 3, restartsCountTowardsMax: 2 },
      { restarts: 0 },
      { restarts: 3, restartsCountTowardsMax: 2 },
    ],
    ['the JobSet gone keeps them', { restarts: 2 }, undefined, { restarts: 2 }],
  ])('%s', (_name, trainJob, jobSet, want) => {
    expect(mergeRestartCounters(trainJob, jobSet)).toEqual(want);
  });
});
