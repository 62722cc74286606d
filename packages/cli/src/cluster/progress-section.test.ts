// SPDX-License-Identifier: Apache-2.0
import { progressSection } from './progress-section.js';
import type { TrainerStatusObject, TrainJobObject } from './trainjob-view.js';
import { hasActingCharacters } from '../terminal-text.js';

const NOW = new Date('2026-12-04T12:00:00Z');
const ago = (seconds: number): string => new Date(NOW.getTime() - seconds * 1000).toISOString();
const job = (trainerStatus?: TrainerStatusObject): TrainJobObject => ({
  metadata: { name: 'tj', namespace: 'ns' },
  status: trainerStatus === undefined ? {} : { trainerStatus },
});

describe('progressSection', () => {
  const cases: [string, TrainerStatusObject | undefined, 'Running' | 'Complete', string][] = [
    ['never reported', undefined, 'Running', 'Progress:\n  <none>\n'],
    [
      'percentage, ETA, two metrics',
      {
        progressPercentage: 42,
        estimatedRemainingSeconds: 4020,
        metrics: [
          { name: 'loss', value: '0.2310' },
          { name: 'accuracy', value: '0.91' },
        ],
        lastUpdatedTime: ago(120),
      },
      'Running',
      'Progress:\n' +
        '  Percent:      42%  [=======>............]\n' +
        '  ETA:          1h05m\n' +
        `  Last report:  ${ago(120)} (2m ago)\n` +
        '  Metrics:\n' +
        '    NAME       VALUE\n' +
        '    loss       0.2310\n' +
        '    accuracy   0.91\n',
    ],
    [
      'only a time, stale',
      { lastUpdatedTime: ago(3600) },
      'Running',
      'Progress:\n' +
        '  Percent:      -\n' +
        '  ETA:          -\n' +
        `  Last report:  ${ago(3600)} (60m ago; stale: no report for over 10m, the trainer may be stuck or gone)\n` +
        '  Metrics:      <none>\n',
    ],
    [
      'Complete: no ETA, an old report is not stale',
      { progressPercentage: 100, estimatedRemainingSeconds: 0, lastUpdatedTime: ago(3600) },
      'Complete',
      'Progress:\n' +
        '  Percent:      100%  [====================]\n' +
        '  ETA:          -\n' +
        `  Last report:  ${ago(3600)} (60m ago)\n` +
        '  Metrics:      <none>\n',
    ],
  ];
  for (const [name, status, state, want] of cases)
    it(name, () => expect(progressSection(job(status), state, NOW)).toBe(want));

  it('many metrics: the first ones, and how many more', () => {
    const metrics = Array.from({ length: 256 }, (_, i) => ({ name: `m${i}`, value: String(i) }));
    const got = progressSection(job({ metrics, lastUpdatedTime: ago(1) }), 'Running', NOW, 3);
    expect(got.split('\n').slice(-6)).toEqual([
      '    NAME   VALUE',
      '    m0     0',
      '    m1     1',
      '    m2     2',
      '    ... and 253 more (all of them: kubetrain get tj -n ns -o yaml)',
      '',
    ]);
  });

  it('hostile metric names and values, and a hostile time, are escaped', () => {
    const got = progressSection(
      job({
        progressPercentage: 5,
        metrics: [
          { name: 'loss\u001b[2J', value: '0.1\nTrainJob/forged: ok' },
          { name: '\u202eevil', value: '\u009b31m' },
          { name: 'nul\u0000', value: 'bell\u0007' },
        ],
        lastUpdatedTime: `${ago(1)}\u001b]0;title\u0007`,
      }),
      'Running',
      NOW,
    );
    expect(got).toContain('loss\\x1b[2J');
    expect(got).toContain('0.1\\nTrainJob/forged: ok');
    expect(got).toContain('\\u202eevil');
    expect(got).toContain('\\u009b31m');
    expect(got).toContain('nul\\x00');
    expect(got).toContain('bell\\a');
    expect(got).toContain('\\x1b]0;title\\a');
    for (const line of got.split('\n')) expect(hasActingCharacters(line)).toBe(false);
    expect(got.split('\n')).toHaveLength(10);
  });
});
