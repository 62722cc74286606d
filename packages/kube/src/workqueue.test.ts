// SPDX-License-Identifier: Apache-2.0
import { jest } from '@jest/globals';
import type { WorkQueueMetrics } from './metrics.js';
import { WorkQueue, type KeyProcessor } from './workqueue.js';

/** A promise with its resolver, to hold a worker inside the processor. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Resolves when `predicate` holds, polling the event loop (no wall-clock assertion). */
async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(predicate()).toBe(true);
}

const fast = { initialMs: 1, maxMs: 4, jitter: 0 };

describe('WorkQueue', () => {
  it('gives the seconds each key in flight has been worked on, and none once done', async () => {
    const queue = new WorkQueue({ concurrency: 2 });
    const held = gate();
    queue.add('a');
    queue.add('b');
    expect(queue.inFlightSeconds()).toEqual([]);
    queue.start(() => held.promise);
    await until(() => queue.inFlight === 2);
    // Read 10 s after now: each key started before, so each has run at least 10 s by then.
    const seconds = queue.inFlightSeconds(performance.now() + 10_000);
    expect(seconds).toHaveLength(2);
    for (const s of seconds) expect(s).toBeGreaterThanOrEqual(10);
    held.open();
    await until(() => queue.inFlight === 0);
    expect(queue.inFlightSeconds()).toEqual([]);
    await queue.shutdown();
  });

  it.each([
    {
      name: 'normal keys go before every low key, whatever the order of the adds',
      adds: [
        ['low', 'f1'],
        ['low', 'f2'],
        ['add', 'new'],
        ['low', 'f3'],
        ['add', 'run'],
      ],
      order: ['new', 'run', 'f1', 'f2', 'f3'],
    },
    {
      name: 'add of a key waiting in the low lane moves it to the normal lane (once)',
      adds: [
        ['low', 'f1'],
        ['low', 'x'],
        ['low', 'f2'],
        ['add', 'x'],
      ],
      order: ['x', 'f1', 'f2'],
    },
    {
      name: 'addLow of a key already queued in the normal lane leaves it there',
      adds: [
        ['low', 'f1'],
        ['add', 'x'],
        ['low', 'x'],
      ],
      order: ['x', 'f1'],
    },
    {
      name: 'a key moved out and queued low again runs once',
      adds: [
        ['low', 'x'],
        ['add', 'x'],
        ['low', 'f1'],
      ],
      order: ['x', 'f1'],
    },
  ])('lanes: $name', async ({ adds, order }) => {
    const queue = new WorkQueue({ concurrency: 1 });
    for (const [lane, key] of adds) {
      if (lane === 'low') queue.addLow(key!);
      else queue.add(key!);
    }
    expect(queue.length).toBe(order.length);
    const seen: string[] = [];
    queue.start(async (key) => void seen.push(key));
    await until(() => seen.length >= order.length && queue.inFlight === 0 && queue.length === 0);
    expect(seen).toEqual(order);
    expect(queue.lowLength).toBe(0);
    await queue.shutdown();
  });

  it('lanes: a low key re-added low while in flight runs again after the normal keys', async () => {
    const queue = new WorkQueue({ concurrency: 1 });
    const held = gate();
    const seen: string[] = [];
    queue.addLow('f');
    queue.start(async (key) => {
      seen.push(key);
      if (seen.length === 1) await held.promise;
    });
    await until(() => queue.inFlight === 1);
    queue.addLow('f');
    queue.add('new');
    expect(queue.lowLength).toBe(0);
    held.open();
    await until(() => seen.length === 3 && queue.inFlight === 0);
    expect(seen).toEqual(['f', 'new', 'f']);
    await queue.shutdown();
  });

  it('lanes: a key moved out of the low lane, then re-added low in flight, never runs twice at once', async () => {
    const queue = new WorkQueue({ concurrency: 2 });
    const held = gate();
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    queue.addLow('k');
    queue.add('k'); // leaves a stale entry of k in the low lane
    queue.start(async (key) => {
      seen.push(key);
      running++;
      most = Math.max(most, running);
      if (seen.length === 1) await held.promise;
      running--;
    });
    await until(() => queue.inFlight === 1);
    queue.addLow('k');
    queue.addLow('j');
    await until(() => seen.includes('j'));
    expect(seen.filter((key) => key === 'k')).toHaveLength(1);
    held.open();
    await until(() => seen.length === 3 && queue.inFlight === 0);
    expect({ seen, most }).toEqual({ seen: ['k', 'j', 'k'], most: 2 });
    await queue.shutdown();
  });

  it('dedups keys added before they are dispatched', async () => {
    const queue = new WorkQueue();
    for (const key of ['a', 'b', 'a', 'a', 'b', 'c']) queue.add(key);
    expect(queue.length).toBe(3);
    const seen: string[] = [];
    queue.start(async (key) => void seen.push(key));
    await until(() => seen.length === 3 && queue.inFlight === 0);
    expect(seen).toEqual(['a', 'b', 'c']);
    await queue.shutdown();
  });

  it('never runs one key in two workers; a key re-added in flight runs once more afterwards', async () => {
    const queue = new WorkQueue({ concurrency: 4 });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const first = gate();
    queue.start(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs++;
      if (runs === 1) await first.promise;
      active--;
    });
    queue.add('a');
    await until(() => queue.inFlight === 1);
    queue.add('a');
    queue.add('a');
    expect(queue.length).toBe(0);
    first.open();
    await until(() => runs === 2 && queue.inFlight === 0);
    expect(maxActive).toBe(1);
    expect(runs).toBe(2);
    await queue.shutdown();
  });

  const concurrencies: Record<string, { concurrency: number; keys: number }> = {
    'one worker': { concurrency: 1, keys: 5 },
    'three workers, ten keys': { concurrency: 3, keys: 10 },
    'more workers than keys': { concurrency: 16, keys: 4 },
  };
  for (const [name, tc] of Object.entries(concurrencies)) {
    it(`bounds concurrency: ${name}`, async () => {
      const queue = new WorkQueue({ concurrency: tc.concurrency });
      const gates: Array<() => void> = [];
      let done = 0;
      queue.start(async () => {
        const g = gate();
        gates.push(g.open);
        await g.promise;
        done++;
      });
      for (let i = 0; i < tc.keys; i++) queue.add(`k${i}`);
      const expected = Math.min(tc.concurrency, tc.keys);
      await until(() => queue.inFlight === expected);
      expect(queue.length).toBe(tc.keys - expected);
      while (done < tc.keys) {
        expect(queue.inFlight).toBeLessThanOrEqual(tc.concurrency);
        gates.shift()?.();
        await until(() => gates.length > 0 || done === tc.keys);
      }
      expect(done).toBe(tc.keys);
      await queue.shutdown();
    });
  }

  it('retries a failing key with back-off until it succeeds, then forgets its failures', async () => {
    const errors: string[] = [];
    const queue = new WorkQueue({ backoff: fast, onError: (key) => errors.push(key) });
    let calls = 0;
    const retriesSeen: number[] = [];
    queue.start(async (key) => {
      retriesSeen.push(queue.retries(key));
      if (++calls < 3) throw new Error('not yet');
    });
    queue.add('a');
    await until(() => calls === 3 && queue.inFlight === 0);
    expect(retriesSeen).toEqual([0, 1, 2]);
    expect(errors).toEqual(['a', 'a']);
    expect(queue.retries('a')).toBe(0);
    await queue.shutdown();
  });

  it('requeueAfter processes the key again', async () => {
    const queue = new WorkQueue();
    let calls = 0;
    queue.start(async () => (++calls === 1 ? { requeueAfterMs: 2 } : undefined));
    queue.add('a');
    await until(() => calls === 2);
    expect(queue.delayedCount).toBe(0);
    await queue.shutdown();
  });

  it('addAfter keeps the earliest deadline and delivers the key once', async () => {
    const queue = new WorkQueue();
    const seen: string[] = [];
    queue.start(async (key) => void seen.push(key));
    queue.addAfter('a', 60_000);
    queue.addAfter('a', 2);
    queue.addAfter('a', 30_000);
    expect(queue.delayedCount).toBe(1);
    await until(() => seen.length === 1);
    expect(queue.delayedCount).toBe(0);
    await queue.shutdown();
  });

  it('shutdown waits for in-flight work, drops queued and delayed keys, refuses new ones', async () => {
    const queue = new WorkQueue({ concurrency: 1 });
    const hold = gate();
    const seen: string[] = [];
    let finished = false;
    queue.start(async (key) => {
      seen.push(key);
      await hold.promise;
      finished = true;
    });
    queue.add('a');
    queue.add('b');
    queue.addAfter('c', 1);
    await until(() => queue.inFlight === 1);
    const stopped = queue.shutdown().then(() => finished);
    queue.add('d');
    hold.open();
    expect(await stopped).toBe(true);
    expect(seen).toEqual(['a']);
    expect([queue.length, queue.delayedCount, queue.inFlight]).toEqual([0, 0, 0]);
  });

  it('a global rate limit still delivers every key', async () => {
    const queue = new WorkQueue({ rateLimit: { qps: 1000, burst: 2 } });
    const seen = new Set<string>();
    queue.start(async (key) => void seen.add(key));
    for (let i = 0; i < 6; i++) queue.add(`k${i}`);
    await until(() => seen.size === 6);
    expect(seen.size).toBe(6);
    await queue.shutdown();
  });

  it('reports adds, depth, retries and active workers to the metrics hooks', async () => {
    const counts = { added: 0, retried: 0, maxDepth: 0, maxActive: 0, latencies: 0, durations: 0 };
    const metrics: WorkQueueMetrics = {
      added: () => void counts.added++,
      retried: () => void counts.retried++,
      depth: (_name, depth) => void (counts.maxDepth = Math.max(counts.maxDepth, depth)),
      activeWorkers: (_name, active) => void (counts.maxActive = Math.max(counts.maxActive, active)),
      queueLatency: () => void counts.latencies++,
      workDuration: () => void counts.durations++,
    };
    const queue = new WorkQueue({ name: 'trainjob', metrics, backoff: fast, concurrency: 2 });
    queue.add('a');
    queue.add('b');
    queue.add('a');
    let failed = false;
    const processor: KeyProcessor = async (key) => {
      if (key === 'b' && !failed) {
        failed = true;
        throw new Error('once');
      }
    };
    queue.start(processor);
    await until(() => counts.durations === 3);
    expect(counts).toEqual({ added: 4, retried: 1, maxDepth: 2, maxActive: 2, latencies: 3, durations: 3 });
    await queue.shutdown();
  });

  it('rejects a concurrency below 1', () => {
    expect(() => new WorkQueue({ concurrency: 0 })).toThrow(RangeError);
  });

  describe('requeues longer than one Node timer holds (2^31-1 ms, about 24.8 days)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const DAY = 86_400_000;
    // A 30-day activeDeadlineSeconds or a 1-year TTL: processed once, then not again for days.
    // via: the processor's requeueAfterMs, or addAfter from outside (a TTL's owner-side requeue).
    const cases: Record<string, { requeueAfterMs: number; via?: 'addAfter' }> = {
      '30 days': { requeueAfterMs: 30 * DAY },
      'a year': { requeueAfterMs: 365 * DAY },
      '400 days': { requeueAfterMs: 400 * DAY },
      '400 days through addAfter': { requeueAfterMs: 400 * DAY, via: 'addAfter' },
      'int64 seconds': { requeueAfterMs: Number('9223372036854775807') * 1000 },
      'Infinity: never again': { requeueAfterMs: Infinity },
    };
    for (const [name, tc] of Object.entries(cases)) {
      it(`${name}: processed once within a minute, again only at its time`, async () => {
        const queue = new WorkQueue();
        let runs = 0;
        queue.start(async () => {
          runs++;
          if (tc.via === 'addAfter') {
            if (runs === 1) queue.addAfter('long', tc.requeueAfterMs);
            return undefined;
          }
          return { requeueAfterMs: tc.requeueAfterMs };
        });
        queue.add('long');
        await jest.advanceTimersByTimeAsync(60_000);
        expect(runs).toBe(1);
        if (tc.requeueAfterMs <= 400 * DAY) {
          await jest.advanceTimersByTimeAsync(tc.requeueAfterMs - 60_000 - 1);
          expect(runs).toBe(1);
          await jest.advanceTimersByTimeAsync(1);
          expect(runs).toBe(2);
        }
        await queue.shutdown();
      });
    }

    it('a rate limit of one key per 30 days: the second key waits its 30 days, not 1 ms', async () => {
      const queue = new WorkQueue({ rateLimit: { qps: 1 / (30 * 86_400), burst: 1 } });
      const seen: string[] = [];
      queue.start(async (key) => void seen.push(key));
      queue.add('first');
      queue.add('second');
      await jest.advanceTimersByTimeAsync(60_000);
      expect(seen).toEqual(['first']);
      await jest.advanceTimersByTimeAsync(30 * DAY);
      expect(seen).toEqual(['first', 'second']);
      await queue.shutdown();
    });
  });
});
