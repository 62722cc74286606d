// SPDX-License-Identifier: Apache-2.0
import { numberForBigint, withBigintsAsNumbers } from './bigint-view.js';
import { fitsIntegerFormat, isBeyondInt64 } from './integer-formats.js';

describe('numberForBigint', () => {
  it.each([
    ['2^63-1', 2n ** 63n - 1n, true],
    ['-2^63', -(2n ** 63n), true],
    ['2^53+1', 2n ** 53n + 1n, true],
    ['2^63', 2n ** 63n, false],
    ['-2^63-1', -(2n ** 63n) - 1n, false],
    ['10^30', 10n ** 30n, false],
  ])('%s fits int64: %p', (_name, value, fits) => {
    const n = numberForBigint(value);
    expect(fitsIntegerFormat('int64', n)).toBe(fits);
    expect(isBeyondInt64(n)).toBe(!fits);
    expect(fitsIntegerFormat('int32', n)).toBe(false);
  });
});

describe('withBigintsAsNumbers', () => {
  it('returns an object without bigints as it is', () => {
    const object = { a: [1, { b: 'x' }] };
    expect(withBigintsAsNumbers(object)).toBe(object);
  });

  it('copies, replacing each bigint, and leaves the input alone', () => {
    const object = { a: [1, { b: 2n ** 63n - 1n }], c: 5n };
    expect(withBigintsAsNumbers(object)).toEqual({ a: [1, { b: 2 ** 63 - 1024 }], c: 5 });
    expect(object.a[1]).toEqual({ b: 2n ** 63n - 1n });
  });
});
