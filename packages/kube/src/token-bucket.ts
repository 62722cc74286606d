// SPDX-License-Identifier: Apache-2.0
/** A token bucket (client-go's `BucketRateLimiter`): `burst` tokens, refilled at `qps` per second. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  /**
   * @param qps tokens added per second (> 0)
   * @param burst bucket size (>= 1); the bucket starts full
   * @param now clock in ms; injected for tests
   */
  constructor(
    private readonly qps: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(qps > 0) || !(burst >= 1))
      throw new RangeError(`token bucket: qps must be > 0 and burst >= 1 (got ${qps}, ${burst})`);
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.qps) / 1000);
    this.last = now;
  }

  /** Takes a token if one is available. */
  tryTake(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is available (0 when one is). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) * 1000) / this.qps;
  }
}
