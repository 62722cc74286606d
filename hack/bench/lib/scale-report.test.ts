// SPDX-License-Identifier: Apache-2.0
import { ceilingTable, roundsTable, slope } from './scale-report.js';

describe('slope', () => {
  it.each([
    [
      'a line',
      [
        [0, 50],
        [1000, 60],
        [3000, 80],
      ],
      0.01,
    ],
    ['one point', [[1000, 60]], NaN],
    [
      'one x',
      [
        [1000, 60],
        [1000, 70],
      ],
      NaN,
    ],
    [
      'flat',
      [
        [0, 5],
        [10, 5],
      ],
      0,
    ],
    [
      'least squares',
      [
        [0, 0],
        [1, 1],
        [2, 1],
        [3, 2],
      ],
      0.6,
    ],
  ] as const)('%s', (_, points, expected) => {
    const got = slope(points);
    if (Number.isNaN(expected)) expect(got).toBeNaN();
    else expect(got).toBeCloseTo(expected);
  });
});

describe('ceilingTable', () => {
  const ceiling = {
    n: 100,
    seconds: 0.5,
    pairsPerSecond: 200,
    pairP50Ms: 50,
    pairP99Ms: 90,
    machine: { busyShare: 1, controlPlaneCpuSeconds: 1, loadAverage: 2 },
  };
  const backlog = (trainJobsPerSecond: number | null, withJobSet: number) => ({
    manager: 'kubetrain',
    n: 100,
    trainJobsPerSecond: trainJobsPerSecond as number,
    launchToLastSeconds: 1,
    withJobSet,
    reconcileErrors: 0,
    managerCpuSeconds: 2,
    machine: { busyShare: 0.5, controlPlaneCpuSeconds: 5, loadAverage: 1 },
  });
  const table = (b: ReturnType<typeof backlog>) =>
    ceilingTable({
      date: '',
      managers: ['kubetrain'],
      baseline: 'kubetrain',
      populationSeconds: {},
      ceiling,
      bursts: [],
      backlogs: [b],
      relists: [],
      steady: [],
    }).split('\n')[3];
  it.each<[string, ReturnType<typeof backlog>, string]>([
    [
      'a complete run: its share',
      backlog(180, 100),
      '| kubetrain, backlog of 100 (TrainJobs created before the start) | 180.0 | 90% | – | 50% | 50.0 | 20.0 |',
    ],
    [
      'a run that timed out says so',
      backlog(50, 40),
      '| kubetrain, backlog of 100 (TrainJobs created before the start, only 40 with a JobSet) | 50.0 | 25% | – | 50% | 50.0 | 20.0 |',
    ],
    [
      'no rate (null in a saved JSON) is no share, not 0%',
      backlog(null, 1),
      '| kubetrain, backlog of 100 (TrainJobs created before the start, only 1 with a JobSet) | – | – | – | 50% | 50.0 | 20.0 |',
    ],
  ])('%s', (_name, b, want) => {
    expect(table(b)).toBe(want);
  });

  it('a ceiling saved before the machine was measured shows – for its CPU', () => {
    const old = { ...ceiling, machine: undefined as never };
    const text = ceilingTable({
      date: '',
      managers: [],
      baseline: 'kubetrain',
      populationSeconds: {},
      ceiling: old,
      bursts: [],
      backlogs: [],
      relists: [],
      steady: [],
    });
    expect(text.split('\n')[2]).toBe(
      '| pair ceiling (ConfigMap + JobSet apply) | 200.0 | 100% | 90 | – | – | – |',
    );
  });
});

describe('roundsTable', () => {
  const machine = { busyShare: 0.5, controlPlaneCpuSeconds: 5, loadAverage: 2 };
  const res = (throughputRounds: Parameters<typeof roundsTable>[0]['throughputRounds']) => ({
    date: '',
    managers: ['kubetrain'],
    baseline: 'kubetrain',
    populationSeconds: {},
    bursts: [],
    backlogs: [],
    relists: [],
    steady: [],
    throughputRounds,
  });
  const pair = (round: number, ceiling: number, backlog: number, clientCpuSeconds?: number) => ({
    round,
    ceiling: {
      n: 100,
      seconds: 1,
      pairsPerSecond: ceiling,
      pairP50Ms: 1,
      pairP99Ms: 2,
      machine,
      clientCpuSeconds,
    },
    backlog: {
      manager: 'kubetrain',
      n: 100,
      trainJobsPerSecond: backlog,
      launchToLastSeconds: 1,
      withJobSet: 100,
      reconcileErrors: 0,
      managerCpuSeconds: 0.3,
      machine,
    },
  });

  it.each<[string, ReturnType<typeof pair>[], string[]]>([
    ['a run saved before the rounds has no table', [], ['']],
    [
      'each round against its own ceiling, then the median',
      [pair(0, 200, 180, 0.1), pair(1, 250, 200), pair(2, 100, 95, 0.2)],
      [
        '| 1 | kubetrain | 200.0 | 180.0 | 90% | 50% / 50% | 50.0 / 50.0 | 1.0 / 3.0 | 0 |',
        '| 2 | kubetrain | 250.0 | 200.0 | 80% | 50% / 50% | 50.0 / 50.0 | – / 3.0 | 0 |',
        '| 3 | kubetrain | 100.0 | 95.0 | 95% | 50% / 50% | 50.0 / 50.0 | 2.0 / 3.0 | 0 |',
        '| kubetrain | 3 | 90% | 80% | 95% |',
      ],
    ],
    [
      'a backlog that timed out is shown, and left out of the median',
      [
        pair(0, 200, 180),
        { ...pair(1, 200, 100), backlog: { ...pair(1, 200, 100).backlog, withJobSet: 50 } },
      ],
      [
        '| 2 | kubetrain, only 50 with a JobSet | 200.0 | 100.0 | 50% | 50% / 50% | 50.0 / 50.0 | – / 3.0 | 0 |',
        '| kubetrain | 1 (1 partial, left out) | 90% | 90% | 90% |',
      ],
    ],
  ])('%s', (_name, pairs, want) => {
    const rows = roundsTable(res(pairs)).split('\n');
    for (const line of want) expect(rows).toContain(line);
  });
});
