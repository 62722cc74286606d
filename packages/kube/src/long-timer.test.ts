// SPDX-License-Identifier: Apache-2.0
// Jest's fake timers model Node's overflow: a delay over 2^31-1 ms fires after 1 ms, as the real
// setTimeout does, so these tests fail for a plain setTimeout.
import { jest } from '@jest/globals';
import {
  InvalidDelayError,
  MAX_TIMER_MS,
  setLongInterval,
  setLongTimeout,
  timeoutSignal,
} from './long-timer.js';
import { sleep } from './sleep.js';

const DAY = 86_400_000;

describe('setLongTimeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const cases: Record<string, number> = {
    'zero: the next turn': 0,
    'negative: as zero': -5,
    'one second': 1000,
    'exactly the longest Node timer': MAX_TIMER_MS,
    'one ms past the longest Node timer': MAX_TIMER_MS + 1,
    '30 days': 30 * DAY,
    'a year': 365 * DAY,
  };
  for (const [name, delayMs] of Object.entries(cases)) {
    it(`${name}: fires once, not before its delay`, () => {
      const fired = jest.fn();
      setLongTimeout(fired, delayMs);
      if (delayMs > 0) {
        jest.advanceTimersByTime(delayMs - 1);
        expect(fired).not.toHaveBeenCalled();
      }
      jest.advanceTimersByTime(1);
      expect(fired).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(400 * DAY);
      expect(fired).toHaveBeenCalledTimes(1);
      expect(jest.getTimerCount()).toBe(0);
    });
  }

  it('Infinity never fires and holds no timer', () => {
    const fired = jest.fn();
    setLongTimeout(fired, Infinity);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1000 * DAY);
    expect(fired).not.toHaveBeenCalled();
  });

  it('NaN is refused with the delay named', () => {
    expect(() => setLongTimeout(() => undefined, NaN)).toThrow(InvalidDelayError);
    expect(() => setLongTimeout(() => undefined, NaN)).toThrow(
      'timer delay must be a number of milliseconds, got NaN',
    );
  });

  it('clear() cancels a long timer in any of its steps', () => {
    const fired = jest.fn();
    const timer = setLongTimeout(fired, 60 * DAY);
    jest.advanceTimersByTime(40 * DAY);
    timer.clear();
    timer.clear();
    jest.advanceTimersByTime(100 * DAY);
    expect(fired).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sleep waits a long delay whole, and an abort ends it early', async () => {
    let slept = false;
    void sleep(30 * DAY).then(() => (slept = true));
    await jest.advanceTimersByTimeAsync(29 * DAY);
    expect(slept).toBe(false);
    await jest.advanceTimersByTimeAsync(DAY);
    expect(slept).toBe(true);

    const abort = new AbortController();
    let aborted = false;
    void sleep(Infinity, abort.signal).then(() => (aborted = true));
    await jest.advanceTimersByTimeAsync(1000 * DAY);
    expect(aborted).toBe(false);
    abort.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(aborted).toBe(true);
  });
});

describe('setLongInterval', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    ['ten seconds', 10_000],
    ['30 days (past the longest Node timer)', 30 * DAY],
  ])('%s: fires once per period, never early, until cleared', (_name, period) => {
    const fired = jest.fn();
    const timer = setLongInterval(fired, period);
    jest.advanceTimersByTime(period - 1);
    expect(fired).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(2 * period);
    expect(fired).toHaveBeenCalledTimes(3);
    timer.clear();
    jest.advanceTimersByTime(10 * period);
    expect(fired).toHaveBeenCalledTimes(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it.each([0, -1, NaN, Infinity])('refuses the period %p', (period) => {
    expect(() => setLongInterval(() => undefined, period)).toThrow(InvalidDelayError);
  });
});

describe('timeoutSignal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // AbortSignal.timeout throws on a fraction and above 2^32-1 ms, and fires at once in between.
  const cases: Record<string, number> = {
    'ten seconds': 10_000,
    'a fraction of a ms': 1.5,
    'one ms past the longest Node timer': MAX_TIMER_MS + 1,
    'past 2^32-1 ms: 400 days': 400 * DAY,
  };
  for (const [name, delayMs] of Object.entries(cases)) {
    it(`${name}: aborts with a TimeoutError at its time, not before`, () => {
      const { signal } = timeoutSignal(delayMs);
      jest.advanceTimersByTime(Math.floor(delayMs) - 1); // Node truncates a fraction, as Jest does
      expect(signal.aborted).toBe(false);
      jest.advanceTimersByTime(1);
      expect(signal.aborted).toBe(true);
      expect((signal.reason as DOMException).name).toBe('TimeoutError');
    });
  }

  it('clear() keeps the signal from aborting and drops its timer', () => {
    const { signal, clear } = timeoutSignal(60 * DAY);
    jest.advanceTimersByTime(30 * DAY);
    clear();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(60 * DAY);
    expect(signal.aborted).toBe(false);
  });
});
