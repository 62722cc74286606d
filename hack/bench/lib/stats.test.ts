// SPDX-License-Identifier: Apache-2.0
import { median, percentile } from './stats.js';

describe('median', () => {
  it.each<[number[], number]>([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ])('%j', (values, want) => expect(median(values)).toBe(want));
  it('is NaN for no values', () => expect(median([])).toBeNaN());
});

describe('percentile', () => {
  it.each<[number[], number, number]>([
    [[5, 1, 3, 2, 4], 0.5, 3],
    [[5, 1, 3, 2, 4], 0.99, 5],
    [[5, 1, 3, 2, 4], 0, 1],
  ])('%j at %d', (values, p, want) => expect(percentile(values, p)).toBe(want));
});
