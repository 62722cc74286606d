// SPDX-License-Identifier: Apache-2.0
// Whether the TrainJob store has listed, for a status report that comes during the manager's relist:
// the report waits for the list, as a read of controller-runtime's cache waits for its informer,
// but only for a bounded time, so that a request never outlives the server's write timeout.
import { sleep } from '../cluster/kube.js';

/**
 * Returns a check that resolves true once `listed` has resolved (at once when it has, or when no
 * promise is given), and false when `waitMs` passes first or `stop` aborts.
 */
export function storeListedWithin(
  listed: Promise<void> | undefined,
  waitMs: number,
  stop?: AbortSignal,
): () => Promise<boolean> {
  let done = listed === undefined;
  void listed?.then(() => (done = true));
  return async () => {
    if (done) return true;
    const waited = new AbortController(); // ends the timer when the list wins
    await Promise.race([
      listed,
      sleep(waitMs, stop ? AbortSignal.any([waited.signal, stop]) : waited.signal),
    ]);
    waited.abort();
    return done;
  };
}
