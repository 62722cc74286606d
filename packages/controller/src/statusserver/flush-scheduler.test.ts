// SPDX-License-Identifier: Apache-2.0
import { jest } from '@jest/globals';
import { FlushScheduler, type Flushable } from './flush-scheduler.js';

/** A coalescer stand-in: due times it answers in turn, and the times flush() was called. */
function fake(dues: (number | undefined)[]): Flushable & { flushedAt: number[]; drained: number } {
  const flushedAt: number[] = [];
  return {
    flushedAt,
    drained: 0,
    drain() {
      this.drained++;
      return Promise.resolve({ written: 0, failed: 0, gone: 0, rejected: 0, superseded: 0 });
    },
    nextDueMs: () => dues[0],
    flush: () => {
      flushedAt.push(Date.now());
      dues.shift();
      return Promise.resolve({ written: 1, failed: 0, gone: 0, rejected: 0, superseded: 0 });
    },
  };
}

describe('FlushScheduler', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it.each([
    { name: 'nothing pending arms nothing', dues: [undefined], flushes: [] },
    { name: 'one due flushes at its time', dues: [100, undefined], flushes: [100] },
    { name: 'after a flush the next due is armed', dues: [100, 5100, undefined], flushes: [100, 5100] },
  ])('$name', async ({ dues, flushes }) => {
    const coalescer = fake(dues);
    const scheduler = new FlushScheduler(coalescer, Date.now);
    scheduler.poke();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(coalescer.flushedAt).toEqual(flushes);
    await scheduler.stop();
  });

  it('re-arms earlier when a report makes something due sooner, never twice for one due', async () => {
    const dues: (number | undefined)[] = [5000];
    const coalescer = fake(dues);
    const scheduler = new FlushScheduler(coalescer, Date.now);
    scheduler.poke();
    dues[0] = 200;
    scheduler.poke();
    scheduler.poke();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(coalescer.flushedAt).toEqual([200]);
    await scheduler.stop();
  });

  it.each([
    { name: 'without a drain time', drainMs: 0, drained: 0 },
    { name: 'with a drain time, draining once', drainMs: 5000, drained: 1 },
  ])('flushes nothing after stop ($name)', async ({ drainMs, drained }) => {
    const coalescer = fake([100]);
    const scheduler = new FlushScheduler(coalescer, Date.now);
    scheduler.poke();
    await scheduler.stop(drainMs);
    await jest.advanceTimersByTimeAsync(1000);
    expect(coalescer.flushedAt).toEqual([]);
    expect(coalescer.drained).toBe(drained);
  });

  it('gives up a drain that outlasts its time', async () => {
    const coalescer = fake([]);
    coalescer.drain = () => new Promise(() => undefined);
    const scheduler = new FlushScheduler(coalescer, Date.now);
    const stopped = scheduler.stop(5000);
    await jest.advanceTimersByTimeAsync(5000);
    await expect(stopped).resolves.toBeUndefined();
  });
});
