// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { storeListedWithin } from './store-listed.js';

describe('storeListedWithin', () => {
  it.each<[string, () => Promise<void> | undefined, number, boolean]>([
    ['no promise: the store counts as listed', () => undefined, 60_000, true],
    ['listed already', () => Promise.resolve(), 60_000, true],
    ['never lists: false once the wait is over', () => new Promise<void>(() => undefined), 5, false],
  ])('%s', async (_name, listed, waitMs, want) => {
    await expect(storeListedWithin(listed(), waitMs)()).resolves.toBe(want);
  });

  it('a report waiting when the list completes goes on with it', async () => {
    let resolve: () => void = () => undefined;
    const check = storeListedWithin(new Promise<void>((r) => (resolve = r)), 60_000);
    const answer = check();
    resolve();
    await expect(answer).resolves.toBe(true);
    await expect(check()).resolves.toBe(true);
  });

  it('a stop ends the wait: false', async () => {
    const stop = new AbortController();
    const answer = storeListedWithin(new Promise<void>(() => undefined), 60_000, stop.signal)();
    stop.abort();
    await expect(answer).resolves.toBe(false);
  });
});
