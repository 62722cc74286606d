// SPDX-License-Identifier: Apache-2.0
import { failureText } from './failure.js';

describe('failureText', () => {
  const failure = { pod: 'tj-node-0-0-abc', container: 'node', exitCode: 7, reason: 'Error' };
  it('the pod, container, exit code, reason and log lines under the heading', () =>
    expect(failureText('Failure:', failure, ['loading data', 'CUDA error: out of memory'])).toBe(
      'Failure:\n  Pod:        tj-node-0-0-abc\n  Container:  node\n  Exit code:  7\n  Reason:     Error\n' +
        '  Last lines of its log:\n    loading data\n    CUDA error: out of memory\n',
    ));
  it('every value and log line escaped', () =>
    expect(failureText('H\r', { ...failure, reason: 'Err\u001b[2J' }, ['\u009b31mred\u0007'])).toBe(
      'H\\r\n' +
        `  Pod:        ${failure.pod}\n  Container:  ${failure.container}\n  Exit code:  ${failure.exitCode}\n` +
        '  Reason:     Err\\x1b[2J\n  Last lines of its log:\n    \\u009b31mred\\a\n',
    ));
  it('no Reason line when none is known', () =>
    expect(failureText('H', { ...failure, reason: '' }, ['<empty>'])).not.toContain('Reason'));
});
