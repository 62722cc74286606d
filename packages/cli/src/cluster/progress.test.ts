// SPDX-License-Identifier: Apache-2.0
import { fitLine, plainProgress, progressBar, progressView, terminalProgress } from './progress.js';
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
