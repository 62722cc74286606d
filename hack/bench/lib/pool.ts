// SPDX-License-Identifier: Apache-2.0
// Bounded concurrency: run `count` tasks with at most `limit` in flight.

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
