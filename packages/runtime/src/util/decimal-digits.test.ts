// SPDX-License-Identifier: Apache-2.0
import { decimalDigits, decimalDigitsBelow, indexedNamesLength } from './decimal-digits.js';

/** The same counts by writing the names out (for small n only). */
const written = (prefix: string, suffix: string, n: number) =>
  Array.from({ length: Math.max(n, 0) }, (_, i) => `${prefix}${i}${suffix}`).join('').length;

describe('decimal digits', () => {
  const digitCases: Array<[number, number]> = [
    [0, 1],
    [9, 1],
    [10, 2],
    [99, 2],
    [100, 3],
    [2147483647, 10],
    [Number.MAX_SAFE_INTEGER, 16],
  ];
  for (const [n, want] of digitCases)
    it(`decimalDigits(${n}) = ${want}`, () => expect(decimalDigits(n)).toBe(want));

  const belowCases = [-1, 0, 1, 9, 10, 11, 99, 100, 101, 1000, 12345];
  for (const n of belowCases) {
    it(`indexedNamesLength over ${n} names equals the names written out`, () => {
      expect(indexedNamesLength('job-node-0-', '.job slots=8\n', n)).toBe(
        written('job-node-0-', '.job slots=8\n', n),
      );
      expect(decimalDigitsBelow(n)).toBe(written('', '', n));
    });
  }

  it('counts 2^31-1 names without making them', () => {
    // 10 + 90·2 + 900·3 + ... + 9·10^8·9 for 0 ... 999 999 999, then 1 147 483 647 ten-digit indexes.
    expect(decimalDigitsBelow(2147483647)).toBe(8888888890 + 1147483647 * 10);
  });
});
