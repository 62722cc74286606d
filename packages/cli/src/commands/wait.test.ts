// SPDX-License-Identifier: Apache-2.0
import { parseDuration, parseWaitFor } from './wait.js';

describe('parseDuration', () => {
  const cases: Record<string, number> = {
    '90': 90_000,
    '90s': 90_000,
    '5m': 300_000,
    '1h': 3_600_000,
    '250ms': 250,
    '1.5s': 1500,
  };
  for (const [text, ms] of Object.entries(cases)) it(text, () => expect(parseDuration(text)).toBe(ms));
  for (const bad of ['', '5x', '-1s', 'm', '1h30m'])
    it(`refuses "${bad}"`, () => expect(() => parseDuration(bad)).toThrow(/invalid duration/));
});

describe('parseWaitFor', () => {
  const cases: Record<string, string> = {
    Complete: 'Complete',
    Failed: 'Failed',
    'condition=Failed': 'Failed',
  };
  for (const [text, want] of Object.entries(cases)) it(text, () => expect(parseWaitFor(text)).toBe(want));
  for (const bad of ['Running', 'complete', 'condition=Suspended'])
    it(`refuses ${bad}`, () => expect(() => parseWaitFor(bad)).toThrow('--for must be Complete or Failed'));
});
