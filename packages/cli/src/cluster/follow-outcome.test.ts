// SPDX-License-Identifier: Apache-2.0
import { interruptedLine, outcomeCode, outcomeLine, timeoutMessage } from './follow-outcome.js';
import type { FinishedState } from './follow-outcome.js';

describe('outcomeLine', () => {
  const cases: [FinishedState, FinishedState, string][] = [
    ['Complete', 'Complete', 'trainjob.trainer.kubeflow.org/tj condition met\n'],
    ['Failed', 'Failed', 'trainjob.trainer.kubeflow.org/tj condition met\n'],
    ['Failed', 'Complete', 'trainjob.trainer.kubeflow.org/tj Failed\n'],
    ['Complete', 'Failed', 'trainjob.trainer.kubeflow.org/tj Complete\n'],
  ];
  for (const [end, wanted, line] of cases)
    it(`${end} when ${wanted} was wanted`, () => expect(outcomeLine('tj', end, wanted)).toBe(line));
  it('a name is escaped', () =>
    expect(outcomeLine('a\rb', 'Complete', 'Complete')).toBe(
      'trainjob.trainer.kubeflow.org/a\\rb condition met\n',
    ));
});

describe('outcomeCode', () => {
  const cases: [FinishedState[], FinishedState, number][] = [
    [['Complete'], 'Complete', 0],
    [['Complete', 'Complete'], 'Complete', 0],
    [['Complete', 'Failed'], 'Complete', 1],
    [['Failed'], 'Complete', 1],
    [['Failed'], 'Failed', 0],
  ];
  for (const [ends, wanted, code] of cases)
    it(`${ends.join(',')} wanted ${wanted}: ${code}`, () => expect(outcomeCode(ends, wanted)).toBe(code));
});

describe('interruptedLine', () => {
  it('is one line whatever the names hold', () =>
    expect(interruptedLine('n\u001b[1m', 'a\nb', 'Running')).toBe(
      'interrupted: TrainJob n\\x1b[1m/a\\nb keeps running (Running); watch it with: kubetrain get a\\nb -n n\\x1b[1m -w; stop it with: kubetrain delete a\\nb -n n\\x1b[1m\n',
    ));
  it('says the job keeps running and how to watch or stop it', () =>
    expect(interruptedLine('team-a', 'tj', 'Running')).toBe(
      'interrupted: TrainJob team-a/tj keeps running (Running); watch it with: kubetrain get tj -n team-a -w; stop it with: kubetrain delete tj -n team-a\n',
    ));
  it('names the state it was left in', () =>
    expect(interruptedLine('n', 'x', 'Suspended')).toContain('TrainJob n/x keeps running (Suspended)'));
});

describe('timeoutMessage', () => {
  const cases: [number, { namespace: string; name: string }[], FinishedState | undefined, string][] = [
    [
      2000,
      [{ namespace: 'n', name: 'a' }],
      'Complete',
      'timed out after 2s waiting for TrainJob n/a to be Complete',
    ],
    [
      1500,
      [
        { namespace: 'n', name: 'a' },
        { namespace: 'm', name: 'b' },
      ],
      undefined,
      'timed out after 1.5s waiting for TrainJobs n/a, m/b to be Complete or Failed',
    ],
  ];
  for (const [ms, jobs, wanted, message] of cases)
    it(message, () => expect(timeoutMessage(ms, jobs, wanted)).toBe(message));
});
