// SPDX-License-Identifier: Apache-2.0
import { formatMicroTime, parseMicroTime } from './micro-time.js';

const cases: Record<string, { ms: number; want: string }> = {
  'milliseconds padded to micro': {
    ms: Date.UTC(2026, 11, 1, 10, 0, 0, 123),
    want: '2026-12-01T10:00:00.123000Z',
  },
  'zero milliseconds': { ms: Date.UTC(2026, 0, 2, 3, 4, 5, 0), want: '2026-01-02T03:04:05.000000Z' },
};

describe('formatMicroTime', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(formatMicroTime(tc.ms)).toBe(tc.want);
      expect(formatMicroTime(tc.ms)).toMatch(/\.\d{6}Z$/);
      expect(parseMicroTime(tc.want)).toBe(tc.ms);
    });
  }
  it('parses nothing to NaN', () => expect(parseMicroTime(undefined)).toBeNaN());
});
