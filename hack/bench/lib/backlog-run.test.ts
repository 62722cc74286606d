// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { drainRate } from './backlog-run.js';

describe('drainRate', () => {
  it.each<[string, number[], number]>([
    ['none', [], NaN],
    ['one JobSet: no span', [5], NaN],
    ['all at the same instant: no span', [7, 7, 7], NaN],
    ['11 JobSets over 2 s: 5/s', [1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000], 5],
    ['order does not matter', [3000, 1000, 2000], 1],
  ])('%s', (_name, times, want) => {
    expect(drainRate(times)).toEqual(want);
  });
});
