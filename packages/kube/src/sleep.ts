// SPDX-License-Identifier: Apache-2.0
import { setLongTimeout } from './long-timer.js';

/** Waits `ms` milliseconds (any length; `Infinity`: until aborted), or less when `signal` aborts first (resolves either way, never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      timer.clear();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setLongTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
