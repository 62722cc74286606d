// SPDX-License-Identifier: Apache-2.0
import { podEnded, unseenLines } from './follow-log.js';
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
