// SPDX-License-Identifier: Apache-2.0
import { slope } from './scale-report.js';

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
