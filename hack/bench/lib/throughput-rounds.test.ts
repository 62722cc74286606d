// SPDX-License-Identifier: Apache-2.0
import { rotate, shareOfCeiling, summarizeShares, type ThroughputPair } from './throughput-rounds.js';

const machine = { busyShare: 0.9, controlPlaneCpuSeconds: 5, loadAverage: 2 };
const pair = (
  round: number,
  manager: string,
  ceiling: number,
  backlog: number | null,
  withJobSet = 100,
): ThroughputPair => ({
  round,
  ceiling: { n: 100, seconds: 1, pairsPerSecond: ceiling, pairP50Ms: 1, pairP99Ms: 2, machine },
  backlog: {
    manager,
    n: 100,
    trainJobsPerSecond: backlog as number,
    launchToLastSeconds: 1,
    withJobSet,
    reconcileErrors: 0,
    managerCpuSeconds: 1,
    machine,
  },
});

describe('rotate', () => {
  it.each<[string[], number, string[]]>([
    [['a', 'b', 'c'], 0, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 1, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 4, ['b', 'c', 'a']],
    [[], 2, []],
  ])('%j by %d', (items, by, want) => expect(rotate(items, by)).toEqual(want));
});

describe('shareOfCeiling', () => {
  it.each<[number, number | null, number]>([
    [200, 180, 0.9],
    [250, 125, 0.5],
    [200, null, NaN], // a rate saved as null (NaN in JSON)
    [0, 100, NaN],
  ])('ceiling %d, backlog %j', (ceiling, backlog, want) => {
    const got = shareOfCeiling(pair(0, 'kubetrain', ceiling, backlog));
    if (Number.isNaN(want)) expect(got).toBeNaN();
    else expect(got).toBeCloseTo(want);
  });
});

describe('summarizeShares', () => {
  it('takes each backlog against the ceiling of its own pair, per manager in the given order', () => {
    const pairs = [
      pair(0, 'kubetrain', 200, 180), // 90%
      pair(0, 'upstream', 250, 100), // 40%
      pair(1, 'upstream', 200, 60), // 30%
      pair(1, 'kubetrain', 250, 200), // 80%
      pair(2, 'kubetrain', 200, 190), // 95%
      pair(2, 'upstream', 200, null), // no rate: left out
      pair(3, 'upstream', 200, 190, 40), // timed out with 40 of 100 JobSets: left out
    ];
    const got = summarizeShares(pairs, ['upstream', 'kubetrain', 'absent']);
    expect(got.map((s) => [s.manager, s.rounds, s.partial])).toEqual([
      ['upstream', 2, 2],
      ['kubetrain', 3, 0],
    ]);
    expect(got[0]!.median).toBeCloseTo(0.35);
    expect(got[1]!.median).toBeCloseTo(0.9);
    expect(got[1]!.min).toBeCloseTo(0.8);
    expect(got[1]!.max).toBeCloseTo(0.95);
  });
});
