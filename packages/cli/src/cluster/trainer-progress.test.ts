// SPDX-License-Identifier: Apache-2.0
import type { TrainJobState } from '@kubetrain/api';
import {
  etaOf,
  etaText,
  isStale,
  lastReportText,
  percentBar,
  percentStep,
  percentText,
  progressSummary,
  remainingSeconds,
  shownMetrics,
} from './trainer-progress.js';
import type { TrainerStatusObject } from './trainjob-view.js';

const NOW = new Date('2026-12-04T12:00:00Z');
/** `seconds` before NOW, as the API server writes a time. */
const ago = (seconds: number): string => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('percentText', () => {
  const cases: [number | undefined, string][] = [
    [undefined, '-'],
    [0, '0%'],
    [42, '42%'],
    [100, '100%'],
    [42.9, '42%'],
    [-5, '0%'],
    [250, '100%'],
    [NaN, '-'],
    [Infinity, '-'],
  ];
  for (const [percent, want] of cases)
    it(`${percent} -> ${want}`, () => expect(percentText(percent)).toBe(want));
});

describe('etaText', () => {
  const cases: [number | undefined, string][] = [
    [undefined, '-'],
    [NaN, '-'],
    [Infinity, '-'],
    [-3, '0s'],
    [0, '0s'],
    [45, '45s'],
    [59.9, '59s'],
    [60, '1m00s'],
    [187, '3m07s'],
    [3599, '59m59s'],
    [3600, '1h00m'],
    [3900, '1h05m'],
    [86399, '23h59m'],
    [86400, '1d00h'],
    [2 * 86400 + 3 * 3600 + 59, '2d03h'],
    [2147483647, '24855d03h'],
  ];
  for (const [seconds, want] of cases) it(`${seconds} -> ${want}`, () => expect(etaText(seconds)).toBe(want));
});

describe('remainingSeconds and etaOf: the estimate counts down from the report', () => {
  const cases: [string, TrainerStatusObject | undefined, TrainJobState, number | undefined, string][] = [
    ['no report', undefined, 'Running', undefined, '-'],
    ['no estimate', { progressPercentage: 5, lastUpdatedTime: ago(0) }, 'Running', undefined, '-'],
    ['reported now', { estimatedRemainingSeconds: 3900, lastUpdatedTime: ago(0) }, 'Running', 3900, '1h05m'],
    [
      'reported 5 minutes ago',
      { estimatedRemainingSeconds: 3900, lastUpdatedTime: ago(300) },
      'Running',
      3600,
      '1h00m',
    ],
    ['past its estimate', { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(600) }, 'Running', 0, '0s'],
    [
      'reporter clock ahead',
      { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(-120) },
      'Running',
      60,
      '1m00s',
    ],
    [
      'unparsable time',
      { estimatedRemainingSeconds: 60, lastUpdatedTime: 'yesterday' },
      'Running',
      60,
      '1m00s',
    ],
    ['ended: Complete', { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(0) }, 'Complete', 60, '-'],
    ['ended: Failed', { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(0) }, 'Failed', 60, '-'],
    ['suspended', { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(0) }, 'Suspended', 60, '-'],
    ['created', { estimatedRemainingSeconds: 60, lastUpdatedTime: ago(0) }, 'Created', 60, '1m00s'],
  ];
  for (const [name, status, state, seconds, eta] of cases)
    it(name, () => {
      expect(remainingSeconds(status, NOW)).toBe(seconds);
      expect(etaOf(status, state, NOW)).toBe(eta);
    });
});

describe('lastReportText and isStale', () => {
  const cases: [string, TrainerStatusObject | undefined, TrainJobState, string, boolean][] = [
    ['none', undefined, 'Running', '-', false],
    ['just now', { lastUpdatedTime: ago(5) }, 'Running', '5s', false],
    ['10 minutes: not yet stale', { lastUpdatedTime: ago(600) }, 'Running', '10m', false],
    ['11 minutes: stale', { lastUpdatedTime: ago(660) }, 'Running', '11m', true],
    ['3 hours, but Complete', { lastUpdatedTime: ago(3 * 3600) }, 'Complete', '3h', false],
    ['3 hours, Created', { lastUpdatedTime: ago(3 * 3600) }, 'Created', '3h', true],
    ['3 hours, Suspended', { lastUpdatedTime: ago(3 * 3600) }, 'Suspended', '3h', false],
  ];
  for (const [name, status, state, text, stale] of cases)
    it(name, () => {
      expect(lastReportText(status, NOW)).toBe(text);
      expect(isStale(status, state, NOW)).toBe(stale);
    });
});

describe('percentBar', () => {
  const cases: [number, number, string][] = [
    [0, 10, '[..........]'],
    [4, 10, '[..........]'],
    [9, 10, '[..........]'],
    [10, 10, '[>.........]'],
    [42, 10, '[===>......]'],
    [50, 20, '[=========>..........]'],
    [99, 10, '[========>.]'],
    [100, 10, '[==========]'],
    [130, 10, '[==========]'],
    [-1, 10, '[..........]'],
    [50, 0, '[.]'],
  ];
  for (const [percent, width, want] of cases)
    it(`${percent}% in ${width}`, () => {
      const bar = percentBar(percent, width);
      expect(bar).toBe(want);
      expect(bar.length).toBe(Math.max(1, width) + 2);
    });
});

describe('percentStep: the plain lines change at each 10%', () => {
  const cases: [number | undefined, string][] = [
    [undefined, 'none'],
    [0, '0'],
    [9, '0'],
    [10, '10'],
    [42, '40'],
    [99, '90'],
    [100, '100'],
  ];
  for (const [percent, want] of cases) it(`${percent}`, () => expect(percentStep(percent)).toBe(want));
});

describe('shownMetrics: bounded, the rest counted', () => {
  const many = Array.from({ length: 256 }, (_, i) => ({ name: `m${i}`, value: String(i) }));
  const cases: [string, TrainerStatusObject | undefined, number, number, number][] = [
    ['no report', undefined, 10, 0, 0],
    ['no metrics', { lastUpdatedTime: ago(0) }, 10, 0, 0],
    ['three', { metrics: many.slice(0, 3) }, 10, 3, 0],
    ['exactly ten', { metrics: many.slice(0, 10) }, 10, 10, 0],
    ['256 (the CRD maximum)', { metrics: many }, 10, 10, 246],
    ['max 0', { metrics: many.slice(0, 3) }, 0, 0, 3],
  ];
  for (const [name, status, max, shown, more] of cases)
    it(name, () => {
      const got = shownMetrics(status, max);
      expect(got.shown).toHaveLength(shown);
      expect(got.more).toBe(more);
      expect(got.shown[0]).toEqual(shown > 0 ? ['m0', '0'] : undefined);
    });
});

describe('progressSummary', () => {
  const cases: [string, TrainerStatusObject | undefined, TrainJobState, string][] = [
    ['no report', undefined, 'Running', ''],
    ['metrics only', { metrics: [{ name: 'loss', value: '1' }], lastUpdatedTime: ago(0) }, 'Running', ''],
    ['percent', { progressPercentage: 42, lastUpdatedTime: ago(0) }, 'Running', 'progress 42%'],
    [
      'percent and ETA',
      { progressPercentage: 42, estimatedRemainingSeconds: 3900, lastUpdatedTime: ago(0) },
      'Running',
      'progress 42%, ETA 1h05m',
    ],
    ['ETA only', { estimatedRemainingSeconds: 30, lastUpdatedTime: ago(0) }, 'Running', 'ETA 30s'],
    [
      'Complete: no ETA',
      { progressPercentage: 100, estimatedRemainingSeconds: 0, lastUpdatedTime: ago(0) },
      'Complete',
      'progress 100%',
    ],
  ];
  for (const [name, status, state, want] of cases)
    it(name, () => expect(progressSummary(status, state, NOW)).toBe(want));
});
