// SPDX-License-Identifier: Apache-2.0
// The page's history of the trainer's reports (web/trainer-history.ts: no DOM, so tested in Node).
import type { TrainerReport } from './web/feed-types.js';
import { HistoryCache, metricNumber, TrainerHistory } from './web/trainer-history.js';

const at = (second: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const report = (second: number, progress: number, metrics: Record<string, string> = {}): TrainerReport => ({
  time: at(second),
  progress,
  metrics: Object.entries(metrics).map(([name, value]) => ({ name, value })),
});
const t0 = Date.UTC(2026, 0, 1) / 1000;

interface Case {
  reports: (TrainerReport | undefined)[];
  maxPoints?: number;
  maxSeries?: number;
  /** Whether each add changed the history. */
  changed: boolean[];
  times: number[];
  progress: (number | null)[];
  metrics?: Record<string, (number | null)[]>;
  leftOut?: number;
}

const cases: Record<string, Case> = {
  'no report yet: nothing kept': {
    reports: [undefined],
    changed: [false],
    times: [],
    progress: [],
  },
  'the same report again (a pod changed, a reconnection) is kept once': {
    reports: [report(1, 10, { loss: '0.5' }), report(1, 10, { loss: '0.5' }), report(2, 20, { loss: '0.4' })],
    changed: [true, false, true],
    times: [t0 + 1, t0 + 2],
    progress: [10, 20],
    metrics: { loss: [0.5, 0.4] },
  },
  'another report in the same second takes the last point’s place': {
    reports: [report(1, 10), report(1, 11)],
    changed: [true, true],
    times: [t0 + 1],
    progress: [11],
  },
  'an older report than the last point is left out': {
    reports: [report(5, 50), report(3, 30)],
    changed: [true, false],
    times: [t0 + 5],
    progress: [50],
  },
  'an unreadable time is left out': {
    reports: [{ time: 'yesterday', progress: 5, metrics: [] }],
    changed: [false],
    times: [],
    progress: [],
  },
  'no progress reported: null points': {
    reports: [report(1, -1, { loss: '1' }), report(2, 40, { loss: '0.9' })],
    changed: [true, true],
    times: [t0 + 1, t0 + 2],
    progress: [null, 40],
    metrics: { loss: [1, 0.9] },
  },
  'a metric seen later: null before it; a text value: null': {
    reports: [report(1, 1), report(2, 2, { acc: '0.5' }), report(3, 3, { acc: 'n/a' })],
    changed: [true, true, true],
    times: [t0 + 1, t0 + 2, t0 + 3],
    progress: [1, 2, 3],
    metrics: { acc: [null, 0.5, null] },
  },
  'a metric never numeric gets no series': {
    reports: [report(1, 1, { phase: 'warmup' })],
    changed: [true],
    times: [t0 + 1],
    progress: [1],
    metrics: {},
  },
  'only the last maxPoints are kept': {
    reports: [report(1, 1, { loss: '3' }), report(2, 2, { loss: '2' }), report(3, 3, { loss: '1' })],
    maxPoints: 2,
    changed: [true, true, true],
    times: [t0 + 2, t0 + 3],
    progress: [2, 3],
    metrics: { loss: [2, 1] },
  },
  'the first maxSeries metrics are charted, the others counted': {
    reports: [report(1, 1, { a: '1', b: '2', c: '3' }), report(2, 2, { d: '4', a: '5' })],
    maxSeries: 2,
    changed: [true, true],
    times: [t0 + 1, t0 + 2],
    progress: [1, 2],
    metrics: { a: [1, 5], b: [2, null] },
    leftOut: 2,
  },
  'a metric named twice in one report: the first value': {
    reports: [
      {
        time: at(1),
        progress: 1,
        metrics: [
          { name: 'x', value: '1' },
          { name: 'x', value: '2' },
        ],
      },
    ],
    changed: [true],
    times: [t0 + 1],
    progress: [1],
    metrics: { x: [1] },
  },
};

describe('TrainerHistory', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const history = new TrainerHistory(tc.maxPoints, tc.maxSeries);
      expect(tc.reports.map((r) => history.add(r))).toEqual(tc.changed);
      const c = history.columns();
      expect(c.times).toEqual(tc.times);
      expect(c.progress).toEqual(tc.progress);
      if (tc.metrics) expect(Object.fromEntries(c.metrics)).toEqual(tc.metrics);
      expect(c.leftOut).toBe(tc.leftOut ?? 0);
      expect(history.size).toBe(tc.times.length);
    });
  }

  it('keeps at most 500 points by default, all columns the same length', () => {
    const history = new TrainerHistory();
    for (let i = 0; i < 700; i++) history.add(report(i, i % 101, { loss: String(1 / (i + 1)) }));
    const c = history.columns();
    expect(c.times).toHaveLength(500);
    expect(c.progress).toHaveLength(500);
    expect(c.metrics.get('loss')).toHaveLength(500);
    expect(c.times[0]).toBe(t0 + 200);
  });
});

describe('metricNumber', () => {
  const values: Record<string, number | null> = {
    '0.31': 0.31,
    '-2': -2,
    '1e-4': 1e-4,
    ' 7 ': 7,
    '.5': 0.5,
    '93%': null,
    NaN: null,
    Infinity: null,
    '0x10': null,
    '': null,
    '1e999': null,
    '<b>1</b>': null,
  };
  for (const [text, want] of Object.entries(values))
    it(`${JSON.stringify(text)} → ${String(want)}`, () => expect(metricNumber(text)).toBe(want));
});

describe('HistoryCache', () => {
  it('keeps one history per job, the most recently opened ones', () => {
    const cache = new HistoryCache(2);
    const a = cache.of('ns', 'a');
    a.add(report(1, 1));
    cache.of('ns', 'b');
    expect(cache.of('ns', 'a')).toBe(a); // a is now the most recent
    cache.of('ns', 'c'); // b goes
    expect(cache.size).toBe(2);
    expect(cache.of('ns', 'a').size).toBe(1);
    expect(cache.of('ns', 'b').size).toBe(0);
  });
});
