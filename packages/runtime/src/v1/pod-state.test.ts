// SPDX-License-Identifier: Apache-2.0
import { exitCodeOf, failedPodAction, restartCountOf, type FailedPodAction } from './pod-state.js';
import type { PodView } from './job-types.js';

describe('failedPodAction (a pod in phase Failed)', () => {
  it.each<[string | undefined, number, FailedPodAction]>([
    ['OnFailure', 1, 'restart'],
    ['Always', 0, 'restart'],
    ['Never', 137, 'none'],
    ['ExitCode', 1, 'fail'],
    ['ExitCode', 127, 'fail'],
    ['ExitCode', 128, 'restart'],
    ['ExitCode', 137, 'restart'],
    ['ExitCode', 139, 'restart'],
    ['ExitCode', 0xbeef, 'restart'],
  ])('%s with exit code %d: %s', (policy, code, action) => {
    expect(failedPodAction(policy, code)).toBe(action);
  });
});

describe('pod state', () => {
  const pod: PodView = {
    status: {
      phase: 'Failed',
      containerStatuses: [
        { name: 'sidecar', restartCount: 1, state: { terminated: { exitCode: 2 } } },
        { name: 'pytorch', restartCount: 2, state: { terminated: { exitCode: 137 } } },
      ],
      initContainerStatuses: [{ name: 'init-pytorch', restartCount: 3 }],
    },
  };

  it('reads the exit code of the framework container, 0xbeef without a terminated state', () => {
    expect(exitCodeOf(pod, 'pytorch')).toBe(137);
    expect(exitCodeOf(pod, 'tensorflow')).toBe(48879);
  });

  it('sums restart counts of containers and init containers', () => {
    expect(restartCountOf(pod)).toBe(6);
  });
});
