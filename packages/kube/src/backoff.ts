// SPDX-License-Identifier: Apache-2.0
/**
 * Jittered exponential back-off, shared by the reflector (watch restarts) and the workqueue
 * (per-key retries). Pure given its random source.
 */

/** Parameters of an exponential back-off. */
export interface BackoffOptions {
  /** Delay of the first retry, in ms. */
  initialMs: number;
  /** Upper bound of any delay, in ms (applied after jitter). */
  maxMs: number;
  /** Growth per retry. Default 2. */
  factor?: number;
  /**
   * Relative jitter in [0, 1]: each delay `d` is drawn uniformly from `[d·(1−jitter), d·(1+jitter)]`,
   * then capped at `maxMs`. 0 disables it. Default 0.2.
   */
  jitter?: number;
}

/** A source of uniform numbers in [0, 1); injected so tests are deterministic. */
export type Random = () => number;

/**
 * The delay before retry number `attempt` (0-based): `initialMs·factor^attempt`, capped at
 * `maxMs`, then spread by ±`jitter` (so that many clients retrying at once do not stay in step),
 * and capped at `maxMs` again. Never negative.
 */
export function backoffDelay(options: BackoffOptions, attempt: number, random: Random = Math.random): number {
  const factor = options.factor ?? 2;
  const jitter = options.jitter ?? 0.2;
  // Cap the exponent so that huge attempt counts do not overflow to Infinity·0 = NaN.
  const exponent = Math.min(Math.max(attempt, 0), 1024);
  const base = Math.min(options.initialMs * Math.pow(factor, exponent), options.maxMs);
  const spread = base * jitter * (2 * random() - 1);
  return Math.max(0, Math.min(base + spread, options.maxMs));
}

/** A back-off with state: the attempt count grows with each {@link Backoff.next} until {@link Backoff.reset}. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly options: BackoffOptions,
    private readonly random: Random = Math.random,
  ) {}

  /** The next delay, in ms; each call moves one attempt further. */
  next(): number {
    return backoffDelay(this.options, this.attempt++, this.random);
  }

  /** Starts over from `initialMs` (after a success). */
  reset(): void {
    this.attempt = 0;
  }

  /** How many delays were handed out since the last reset. */
  get attempts(): number {
    return this.attempt;
  }
}

/** A whole number of seconds drawn uniformly from [min, max] (client-go's jittered watch timeout). */
export function jitteredSeconds(min: number, max: number, random: Random = Math.random): number {
  return Math.floor(min + random() * (max - min + 1));
}
