// SPDX-License-Identifier: Apache-2.0
import { MAX_REPORTS, metaTime, reportBody, reportSchedule } from './progress-reports.js';

describe('reportSchedule', () => {
  const cases: [string, number, number, number[], number[]][] = [
    ['6 reports over 5 s', 5, 6, [0, 20, 40, 60, 80, 100], [5, 4, 3, 2, 1, 0]],
    ['at least 0% and 100%', 10, 1, [0, 100], [10, 0]],
    ['3 reports over 0 s', 0, 3, [0, 50, 100], [0, 0, 0]],
    ['negative seconds count as 0', -4, 2, [0, 100], [0, 0]],
  ];
  for (const [name, seconds, count, percents, etas] of cases)
    it(name, () => {
      const got = reportSchedule(seconds, count);
      expect(got.map((r) => r.progressPercentage)).toEqual(percents);
      expect(got.map((r) => r.estimatedRemainingSeconds)).toEqual(etas);
    });

  it('bounded: at most MAX_REPORTS', () => expect(reportSchedule(60, 1e9)).toHaveLength(MAX_REPORTS));

  it('every report fits the CRD: 0-100, ETA >= 0, metric names and values of 1-64 characters', () => {
    for (const r of reportSchedule(3600, MAX_REPORTS)) {
      expect(
        Number.isInteger(r.progressPercentage) && r.progressPercentage >= 0 && r.progressPercentage <= 100,
      ).toBe(true);
      expect(r.estimatedRemainingSeconds).toBeGreaterThanOrEqual(0);
      for (const m of r.metrics)
        for (const s of [m.name, m.value]) expect(s.length >= 1 && s.length <= 64).toBe(true);
    }
  });
});

describe('reportBody', () => {
  it("is the SDK's request: trainerStatus with the time to the second, in UTC", () => {
    const at = new Date('2026-12-04T18:00:01.987Z');
    expect(metaTime(at)).toBe('2026-12-04T18:00:01Z');
    expect(JSON.parse(reportBody(reportSchedule(5, 2)[1]!, at))).toEqual({
      trainerStatus: {
        progressPercentage: 100,
        estimatedRemainingSeconds: 0,
        metrics: [
          { name: 'loss', value: '0.0500' },
          { name: 'accuracy', value: '0.9500' },
          { name: 'epoch', value: '10' },
        ],
        lastUpdatedTime: '2026-12-04T18:00:01Z',
      },
    });
  });
});
