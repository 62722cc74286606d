// SPDX-License-Identifier: Apache-2.0
import { findFailedContainer, type ContainerFailure, type FailurePodView } from './failed-container.js';

const terminated = (exitCode: number, reason?: string) => ({ exitCode, ...(reason ? { reason } : {}) });

const pod = (name: string, created: string, exitCode?: number, last = false): FailurePodView => ({
  metadata: { name, creationTimestamp: created },
  status: {
    containerStatuses: [
      {
        name: 'node',
        ...(exitCode === undefined
          ? {}
          : last
            ? { lastState: { terminated: terminated(exitCode, 'Error') } }
            : { state: { terminated: terminated(exitCode, 'Error') } }),
      },
    ],
  },
});

interface Case {
  pods: FailurePodView[];
  want: ContainerFailure | undefined;
}

describe('findFailedContainer', () => {
  const cases: Record<string, Case> = {
    'no pods': { pods: [], want: undefined },
    'nothing failed': { pods: [pod('a', '1', 0), pod('b', '2')], want: undefined },
    'the earliest-created failed pod': {
      pods: [pod('late', '2026-01-01T00:00:02Z', 1), pod('early', '2026-01-01T00:00:01Z', 3)],
      want: { pod: 'early', container: 'node', exitCode: 3, reason: 'Error' },
    },
    'a restarted container: its last termination': {
      pods: [pod('a', '1', 137, true)],
      want: { pod: 'a', container: 'node', exitCode: 137, reason: 'Error' },
    },
    'init containers first, no reason known': {
      pods: [
        {
          metadata: { name: 'p' },
          status: {
            initContainerStatuses: [{ name: 'init', lastState: { terminated: { exitCode: 2 } } }],
            containerStatuses: [{ name: 'node', state: { terminated: terminated(1) } }],
          },
        },
      ],
      want: { pod: 'p', container: 'init', exitCode: 2, reason: '' },
    },
    'a termination without an exit code is not a failure': {
      pods: [
        {
          metadata: { name: 'p' },
          status: { containerStatuses: [{ name: 'n', state: { terminated: {} } }] },
        },
      ],
      want: undefined,
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(findFailedContainer(tc.pods)).toEqual(tc.want));
});
