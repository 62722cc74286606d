// SPDX-License-Identifier: Apache-2.0
import { endedAmong, podEnded, unseenLines, watchPodEnds } from './follow-log.js';
import type { PodObject } from './trainjob-view.js';

describe('podEnded', () => {
  const pod = (phase?: string): PodObject => ({ metadata: { name: 'p' }, status: phase ? { phase } : {} });
  const cases: [string, PodObject | undefined, boolean][] = [
    ['Running', pod('Running'), false],
    ['Pending', pod('Pending'), false],
    ['no phase yet', pod(), false],
    ['Succeeded', pod('Succeeded'), true],
    ['Failed', pod('Failed'), true],
    ['gone', undefined, true],
  ];
  for (const [name, p, want] of cases) it(name, () => expect(podEnded(p)).toBe(want));
});

describe('unseenLines', () => {
  const cases: [number, string[]][] = [
    [0, ['a', 'b', 'c']],
    [2, ['c']],
    [3, []],
    [5, []],
  ];
  for (const [printed, want] of cases)
    it(`${printed} printed`, () => expect(unseenLines(['a', 'b', 'c'], printed)).toEqual(want));
});

const named = (name: string, phase: string): PodObject => ({ metadata: { name }, status: { phase } });

describe('endedAmong', () => {
  it('the waited-for pods that Succeeded, Failed or are gone', () =>
    expect(
      endedAmong(
        ['run', 'ok', 'bad', 'gone'],
        [named('run', 'Running'), named('ok', 'Succeeded'), named('bad', 'Failed'), named('other', 'Failed')],
      ),
    ).toEqual(['ok', 'bad', 'gone']));
});

describe('watchPodEnds', () => {
  it('one listing serves every pod waited for; each resolves once its pod has ended', async () => {
    const listings = [
      [named('a', 'Running'), named('b', 'Running')],
      [named('a', 'Succeeded'), named('b', 'Running')],
      [named('b', 'Failed')],
    ];
    let calls = 0;
    const ends = watchPodEnds(async () => listings[Math.min(calls++, listings.length - 1)]!);
    const order: string[] = [];
    await Promise.all(['a', 'b'].map((pod) => ends.ended(pod).then(() => order.push(pod))));
    ends.stop();
    expect(order).toEqual(['a', 'b']);
    expect(calls).toBe(3);
  });

  it('a listing that fails rejects every pod waited for', async () => {
    const ends = watchPodEnds(async () => {
      throw new Error('forbidden');
    });
    await expect(Promise.all([ends.ended('a'), ends.ended('b')])).rejects.toThrow('forbidden');
    ends.stop();
  });
});
