// SPDX-License-Identifier: Apache-2.0
// Bounded concurrency: run `count` tasks with at most `limit` in flight (and time them).

import { percentile } from './stats.js';

/** Calls `task(i)` for i in [0, count) with at most `limit` promises pending; rejects on the first error. */
export async function runPool(
  count: number,
  limit: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** How long a {@link timedPool} took, and its tasks' latencies. */
export interface PoolTiming {
  readonly seconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** {@link runPool}, timed: the whole run in seconds and each task's latency percentiles. */
export async function timedPool(
  count: number,
  limit: number,
  task: (i: number) => Promise<void>,
): Promise<PoolTiming> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await runPool(count, limit, async (i) => {
    const sent = performance.now();
    await task(i);
    latencies.push(performance.now() - sent);
  });
  return {
    seconds: (performance.now() - t0) / 1000,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}
