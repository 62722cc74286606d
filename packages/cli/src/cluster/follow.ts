// SPDX-License-Identifier: Apache-2.0
// Following TrainJobs until a condition holds: a poll of the jobs and their pods once a second.

import { sleep } from '@kubetrain/kube';
import type { ProgressSink } from './progress.js';
import type { TrainJobWithSteps } from './read-trainjobs.js';

/** How often the jobs are read again. */
export const POLL_INTERVAL_MS = 1000;

/**
 * Reads the jobs with `read`, shows them on `sink`, and repeats until `done` returns a value (which
 * is returned), or `timeoutMs` passes or `signal` aborts (returns undefined).
 */
export async function follow<T>(
  read: () => Promise<TrainJobWithSteps[]>,
  sink: ProgressSink,
  done: (jobs: readonly TrainJobWithSteps[]) => T | undefined,
  timeoutMs = Infinity,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) return undefined;
    const jobs = await read();
    if (signal?.aborted) return undefined;
    sink.update(jobs);
    const result = done(jobs);
    if (result !== undefined) return result;
    if (Date.now() >= deadline) return undefined;
    await sleep(Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now())), signal);
  }
}
