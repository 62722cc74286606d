// SPDX-License-Identifier: Apache-2.0
// The length of indexed names without making them: `<prefix><i><suffix>` for i = 0 ... n-1 is
// n·(prefix + suffix) characters plus the digits of the indexes, which this counts in O(log n).

/** How many decimal digits `n` (a non-negative integer) is written with: 1 for 0 ... 9. */
export function decimalDigits(n: number): number {
  let digits = 1;
  for (let bound = 10; n >= bound; bound *= 10) digits++;
  return digits;
}

/** The digits of 0, 1, ..., n-1 written out, counted: 0 for n ≤ 0, 10 for n = 10, 11 for n = 11. */
export function decimalDigitsBelow(n: number): number {
  let total = 0;
  let low = 0;
  for (let digits = 1, high = 10; low < n; digits++, low = high, high *= 10) {
    total += (Math.min(n, high) - low) * digits;
  }
  return total;
}

/** A prefix or suffix: its text, or its length. */
type Affix = string | number;

const lengthOf = (affix: Affix) => (typeof affix === 'number' ? affix : affix.length);

/** The total length of `<prefix><i><suffix>` for i = 0 ... n-1 (ASCII text: also its bytes). */
export function indexedNamesLength(prefix: Affix, suffix: Affix, n: number): number {
  if (n <= 0) return 0;
  return n * (lengthOf(prefix) + lengthOf(suffix)) + decimalDigitsBelow(n);
}
