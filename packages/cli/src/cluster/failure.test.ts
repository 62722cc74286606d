// SPDX-License-Identifier: Apache-2.0
import { failureText, findFailure } from './failure.js';
import type { PodObject } from './trainjob-view.js';

const pod = (name: string, phase: string, exitCode?: number, last = false): PodObject => {
  const terminated =
    exitCode === undefined ? undefined : { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error' };
  return {
    metadata: { name },
    status: {
      phase,
      containerStatuses: [
        {
          name: 'node',
          ...(terminated ? (last ? { lastState: { terminated } } : { state: { terminated } }) : {}),
        },
      ],
    },
  };
};

describe('findFailure', () => {
  const cases: Record<string, [PodObject[], ReturnType<typeof findFailure>]> = {
    'the failed pod and its exit code': [
      [pod('a', 'Succeeded', 0), pod('b', 'Failed', 3)],
      { pod: 'b', container: 'node', exitCode: 3, reason: 'Error' },
    ],
    'a restarted container: its last termination': [
      [pod('a', 'Running', 137, true)],
      { pod: 'a', container: 'node', exitCode: 137, reason: 'Error' },
    ],
    'nothing failed': [[pod('a', 'Succeeded', 0), pod('b', 'Running')], undefined],
  };
  for (const [name, [pods, want]] of Object.entries(cases))
    it(name, () => expect(findFailure(pods)).toEqual(want));
});

describe('failureText', () => {
  const failure = { pod: 'tj-node-0-0-abc', container: 'node', exitCode: 7, reason: 'Error' };
  it('the pod, container, exit code, reason and log lines under the heading', () =>
    expect(failureText('Failure:', failure, ['loading data', 'CUDA error: out of memory'])).toBe(
      'Failure:\n  Pod:        tj-node-0-0-abc\n  Container:  node\n  Exit code:  7\n  Reason:     Error\n' +
        '  Last lines of its log:\n    loading data\n    CUDA error: out of memory\n',
    ));
  it('no Reason line when none is known', () =>
    expect(failureText('H', { ...failure, reason: '' }, ['<empty>'])).not.toContain('Reason'));
});
