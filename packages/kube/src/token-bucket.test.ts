// SPDX-License-Identifier: Apache-2.0
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('hands out the burst at once, then refills at qps', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 3, () => now);
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.waitMs()).toBeCloseTo(100);
    now = 50;
    expect(bucket.tryTake()).toBe(false);
    now = 100;
    expect(bucket.tryTake()).toBe(true);
    now = 10_000;
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  const invalid: Record<string, [number, number]> = {
    'zero qps': [0, 1],
    'zero burst': [1, 0],
    'NaN qps': [NaN, 1],
  };
  for (const [name, [qps, burst]] of Object.entries(invalid)) {
    it(`rejects ${name}`, () => expect(() => new TokenBucket(qps, burst)).toThrow(RangeError));
  }
});
