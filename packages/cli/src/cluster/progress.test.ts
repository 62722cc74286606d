// SPDX-License-Identifier: Apache-2.0
import {
  fitLine,
  plainProgress,
  progressBar,
  progressView,
  rowsTaken,
  terminalProgress,
} from './progress.js';
import type { TrainJobWithSteps } from './read-trainjobs.js';
import type { Step } from './trainjob-view.js';

const step = (rank: number, phase: string): Step => ({
  name: `node-${rank}`,
  job: 'node',
  rank,
  phase,
  pod: `p${rank}`,
});
const item = (phases: string[], conditions: { type: string; status: string }[] = []): TrainJobWithSteps => ({
  job: { metadata: { name: 'tj', namespace: 'ns' }, status: { conditions } },
  pods: [],
  steps: phases.map((p, i) => step(i, p)),
});

describe('progressBar', () => {
  const cases: Record<string, [Parameters<typeof progressBar>[0], string]> = {
    'no pods': [{ pending: 0, running: 0, succeeded: 0, failed: 0 }, '..........'],
    'half succeeded, half running': [{ pending: 0, running: 1, succeeded: 1, failed: 0 }, '=====>>>>>'],
    'one of each': [{ pending: 1, running: 1, succeeded: 1, failed: 1 }, '===>>>xxx.'],
    'all failed': [{ pending: 0, running: 0, succeeded: 0, failed: 2 }, 'xxxxxxxxxx'],
  };
  for (const [name, [counts, want]] of Object.entries(cases))
    it(name, () => expect(progressBar(counts, 10)).toBe(want));
});

describe('plainProgress', () => {
  it('writes one line per change, none when nothing changed', () => {
    const lines: string[] = [];
    const sink = plainProgress(
      (t) => lines.push(t),
      () => new Date('2026-01-01T10:54:32Z'),
    );
    sink.update([item([])]);
    sink.update([item(['Pending', 'Pending'])]);
    sink.update([item(['Pending', 'Pending'])]);
    sink.update([item(['Running', 'Succeeded'])]);
    sink.update([item(['Succeeded', 'Succeeded'], [{ type: 'Complete', status: 'True' }])]);
    expect(lines).toEqual([
      '10:54:32  tj  Created    [no pods]\n',
      '10:54:32  tj  Created    [node: pending 2, running 0, succeeded 0, failed 0]\n',
      '10:54:32  tj  Running    [node: pending 0, running 1, succeeded 1, failed 0]\n',
      '10:54:32  tj  Complete   [node: pending 0, running 0, succeeded 2, failed 0]\n',
    ]);
  });
});

describe('terminalProgress', () => {
  it('draws the view, then moves the cursor up over it and redraws on a change', () => {
    const writes: string[] = [];
    const sink = terminalProgress((t) => writes.push(t));
    sink.update([item(['Running'])]);
    sink.update([item(['Running'])]);
    sink.update([item(['Succeeded'], [{ type: 'Complete', status: 'True' }])]);
    expect(writes).toHaveLength(2);
    expect(writes[0]).toBe(`\x1b[G\x1b[J${progressView([item(['Running'])]).join('\n')}\n`);
    expect(writes[1]?.startsWith('\x1b[2A\x1b[G\x1b[Jtj  Complete\n')).toBe(true);
    expect(writes[1]).toContain('[====================] pending 0, running 0, succeeded 1, failed 0');
  });
});

describe('fitLine', () => {
  const cases: [string, number | undefined, string][] = [
    ['abcdef', undefined, 'abcdef'],
    ['abcdef', 10, 'abcdef'],
    ['abcdef', 7, 'abcdef'],
    ['abcdef', 6, 'abcde'],
    ['abcdef', 4, 'abc'],
  ];
  for (const [line, columns, want] of cases)
    it(`${line} in ${columns ?? 'unknown'} columns`, () => expect(fitLine(line, columns)).toBe(want));
});

describe('terminalProgress on a narrow terminal', () => {
  it('cuts each line to the width, so the cursor moves up over exactly the lines drawn', () => {
    const writes: string[] = [];
    const sink = terminalProgress(
      (t) => writes.push(t),
      () => 30,
    );
    sink.update([item(['Running', 'Pending'])]);
    sink.update([item(['Running', 'Running'])]); // the same once cut: not redrawn
    sink.update([item(['Succeeded', 'Succeeded'], [{ type: 'Complete', status: 'True' }])]);
    expect(writes).toHaveLength(2);
    const drawn = writes[0]!.slice('\x1b[G\x1b[J'.length).split('\n').slice(0, -1);
    expect(drawn).toEqual(['tj  Running', '  node               [>>>>>>>']);
    expect(drawn.every((l) => l.length < 30)).toBe(true);
    expect(writes[1]).toBe('\x1b[2A\x1b[G\x1b[Jtj  Complete\n  node               [=======\n');
  });
});

describe('names in progress are escaped', () => {
  const hostile: TrainJobWithSteps = {
    job: { metadata: { name: 'tj\u001b[2J', namespace: 'ns' }, status: { conditions: [] } },
    pods: [],
    steps: [{ name: 'x-0', job: 'x\nforged', rank: 0, phase: 'Running', pod: 'p' }],
  };
  it('in the plain line', () => {
    const lines: string[] = [];
    plainProgress(
      (t) => lines.push(t),
      () => new Date('2026-01-01T10:54:32Z'),
    ).update([hostile]);
    expect(lines).toEqual([
      '10:54:32  tj\\x1b[2J  Running    [x\\nforged: pending 0, running 1, succeeded 0, failed 0]\n',
    ]);
  });
  it('in the terminal view', () =>
    expect(progressView([hostile])).toEqual([
      'tj\\x1b[2J  Running',
      '  x\\nforged          [>>>>>>>>>>>>>>>>>>>>] pending 0, running 1, succeeded 0, failed 0',
    ]));
});

describe("the trainer's progress in the views", () => {
  const NOW = new Date('2026-12-04T12:00:00Z');
  const reported = (
    percent: number | undefined,
    extra: Partial<NonNullable<NonNullable<TrainJobWithSteps['job']['status']>['trainerStatus']>> = {},
  ): TrainJobWithSteps => ({
    job: {
      metadata: { name: 'tj', namespace: 'ns' },
      status: {
        conditions: [],
        trainerStatus: {
          ...(percent === undefined ? {} : { progressPercentage: percent }),
          lastUpdatedTime: NOW.toISOString(),
          ...extra,
        },
      },
    },
    pods: [],
    steps: [step(0, 'Running')],
  });

  it('plain lines: a new line only when the percentage enters another 10% step', () => {
    const lines: string[] = [];
    const sink = plainProgress(
      (t) => lines.push(t),
      () => NOW,
    );
    for (const p of [undefined, 1, 5, 9, 10, 11, 19, 42, 42, 47, 99, 100])
      sink.update([reported(p, { estimatedRemainingSeconds: 1000 - (p ?? 0) })]);
    const pod = '[node: pending 0, running 1, succeeded 0, failed 0]';
    expect(lines).toEqual([
      `12:00:00  tj  Running    ${pod}  ETA 16m40s\n`,
      `12:00:00  tj  Running    ${pod}  progress 1%, ETA 16m39s\n`,
      `12:00:00  tj  Running    ${pod}  progress 10%, ETA 16m30s\n`,
      `12:00:00  tj  Running    ${pod}  progress 42%, ETA 15m58s\n`,
      `12:00:00  tj  Running    ${pod}  progress 99%, ETA 15m01s\n`,
      `12:00:00  tj  Running    ${pod}  progress 100%, ETA 15m00s\n`,
    ]);
  });

  it('the terminal view: a bar with the percentage and ETA under the job line', () =>
    expect(progressView([reported(42, { estimatedRemainingSeconds: 3900 })], NOW)).toEqual([
      'tj  Running',
      '  progress           [=======>............] 42%  ETA 1h05m',
      '  node               [>>>>>>>>>>>>>>>>>>>>] pending 0, running 1, succeeded 0, failed 0',
    ]));

  it('the terminal view without a percentage: no bar', () =>
    expect(progressView([reported(undefined, { estimatedRemainingSeconds: 3900 })], NOW)).toHaveLength(2));

  it('a terminal narrowed between two drawings: the cursor moves up over the rows the old lines take now', () => {
    const writes: string[] = [];
    let columns = 120;
    const sink = terminalProgress(
      (t) => writes.push(t),
      () => columns,
      () => NOW,
    );
    sink.update([reported(42)]);
    columns = 40; // the 3 lines drawn (11, 63 and 86 columns) now take 1 + 2 + 3 rows
    sink.update([reported(43)]);
    expect(writes[1]?.startsWith('\x1b[6A\x1b[G\x1b[J')).toBe(true);
    const drawn = writes[1]!.slice('\x1b[6A\x1b[G\x1b[J'.length).split('\n').slice(0, -1);
    expect(drawn.every((l) => l.length < 40)).toBe(true);
    sink.update([reported(90)]);
    expect(writes[2]?.startsWith('\x1b[3A')).toBe(true);
  });
});

describe('rowsTaken', () => {
  const cases: [string[], number | undefined, number][] = [
    [[], 80, 0],
    [['a', 'b'], undefined, 2],
    [['', 'abc'], 80, 2],
    [['x'.repeat(80)], 80, 1],
    [['x'.repeat(81)], 80, 2],
    [['x'.repeat(59), 'y'.repeat(10)], 20, 4],
  ];
  for (const [lines, columns, want] of cases)
    it(`${lines.map((l) => l.length).join(',')} in ${columns ?? 'unknown'}`, () =>
      expect(rowsTaken(lines, columns)).toBe(want));
});
