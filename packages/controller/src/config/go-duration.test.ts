// SPDX-License-Identifier: Apache-2.0
import { parseGoDuration } from './go-duration.js';

describe('parseGoDuration', () => {
  const cases: Record<string, { text: string; ms?: number; error?: boolean }> = {
    seconds: { text: '15s', ms: 15_000 },
    zero: { text: '0', ms: 0 },
    compound: { text: '1h30m', ms: 5_400_000 },
    fraction: { text: '1.5s', ms: 1500 },
    milliseconds: { text: '250ms', ms: 250 },
    negative: { text: '-2m', ms: -120_000 },
    'no unit': { text: '15', error: true },
    empty: { text: '', error: true },
    'unknown unit': { text: '3d', error: true },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error) expect(() => parseGoDuration(tc.text)).toThrow(`time: invalid duration "${tc.text}"`);
      else expect(parseGoDuration(tc.text)).toBe(tc.ms);
    });
  }
});
