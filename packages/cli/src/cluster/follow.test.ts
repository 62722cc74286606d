// SPDX-License-Identifier: Apache-2.0
import { follow } from './follow.js';
import type { ProgressSink } from './progress.js';
import type { TrainJobWithSteps } from './read-trainjobs.js';

const snapshot = (name: string): TrainJobWithSteps[] => [
  { job: { metadata: { name, namespace: 'ns' } }, pods: [], steps: [] },
];

/** A sink that records the names it was shown. */
function recorder(): ProgressSink & { shown: string[] } {
  const shown: string[] = [];
  return { shown, update: (jobs) => shown.push(...jobs.map((j) => j.job.metadata.name ?? '')) };
}

describe('follow', () => {
  it('shows each read and returns what done returns', async () => {
    let reads = 0;
    const sink = recorder();
    const got = await follow(
      async () => snapshot(`read-${++reads}`),
      sink,
      () => (reads === 2 ? 'finished' : undefined),
    );
    expect(got).toBe('finished');
    expect(sink.shown).toEqual(['read-1', 'read-2']);
  });

  it('an aborted signal ends it without a value, while it waits for the next read', async () => {
    const interrupt = new AbortController();
    const sink = recorder();
    const got = await follow(
      async () => snapshot('once'),
      sink,
      () => {
        interrupt.abort();
        return undefined;
      },
      Infinity,
      interrupt.signal,
    );
    expect(got).toBeUndefined();
    expect(sink.shown).toEqual(['once']);
  });

  it('a signal aborted during a read: that read is not shown', async () => {
    const interrupt = new AbortController();
    const sink = recorder();
    const got = await follow(
      async () => {
        interrupt.abort();
        return snapshot('late');
      },
      sink,
      () => 'never',
      Infinity,
      interrupt.signal,
    );
    expect(got).toBeUndefined();
    expect(sink.shown).toEqual([]);
  });

  it('the time limit ends it without a value', async () => {
    const got = await follow(
      async () => snapshot('x'),
      recorder(),
      () => undefined,
      0,
    );
    expect(got).toBeUndefined();
  });
});
