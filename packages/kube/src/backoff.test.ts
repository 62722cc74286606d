// SPDX-License-Identifier: Apache-2.0
import { Backoff, backoffDelay, jitteredSeconds, type BackoffOptions } from './backoff.js';

const opts: BackoffOptions = { initialMs: 5, maxMs: 1000, factor: 2, jitter: 0 };

const cases: Record<string, { options: BackoffOptions; attempt: number; random: number; want: number }> = {
  'first retry is initialMs': { options: opts, attempt: 0, random: 0.5, want: 5 },
  'doubles each attempt': { options: opts, attempt: 3, random: 0.5, want: 40 },
  'capped at maxMs': { options: opts, attempt: 20, random: 0.5, want: 1000 },
  'huge attempt stays finite': { options: opts, attempt: 1e9, random: 0.5, want: 1000 },
  'jitter low end': { options: { ...opts, jitter: 0.5 }, attempt: 2, random: 0, want: 10 },
  'jitter high end': { options: { ...opts, jitter: 0.5 }, attempt: 2, random: 1, want: 30 },
  'jitter never exceeds maxMs': { options: { ...opts, jitter: 0.5 }, attempt: 30, random: 1, want: 1000 },
  'jitter below maxMs when capped': { options: { ...opts, jitter: 0.5 }, attempt: 30, random: 0, want: 500 },
  'negative attempt treated as 0': { options: opts, attempt: -3, random: 0.5, want: 5 },
};

describe('backoffDelay', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(backoffDelay(tc.options, tc.attempt, () => tc.random)).toBe(tc.want));
  }
});

describe('Backoff', () => {
  it('grows until reset, then starts over', () => {
    const backoff = new Backoff(opts, () => 0.5);
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([5, 10, 20]);
    expect(backoff.attempts).toBe(3);
    backoff.reset();
    expect(backoff.next()).toBe(5);
  });
});

describe('jitteredSeconds', () => {
  it('covers both ends of the range', () => {
    expect(jitteredSeconds(300, 600, () => 0)).toBe(300);
    expect(jitteredSeconds(300, 600, () => 0.9999999)).toBe(600);
  });
});
