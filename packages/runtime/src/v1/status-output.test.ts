// SPDX-License-Identifier: Apache-2.0
import { v1StatusAsWritten } from './status-output.js';

describe('v1StatusAsWritten (Go omitempty on ReplicaStatus)', () => {
  it('drops zero counts and an empty selector, keeps the other counts and an emptied replica status', () => {
    const status = {
      startTime: '2026-01-01T00:00:00Z',
      replicaStatuses: {
        Launcher: { active: 0, succeeded: 1, failed: 0 },
        Worker: { active: 0, succeeded: 0, failed: 0, selector: '' },
        Master: { active: 1, succeeded: 0, failed: 2, selector: 'training.kubeflow.org/job-name=j' },
      },
    };
    expect(v1StatusAsWritten(status)).toEqual({
      startTime: '2026-01-01T00:00:00Z',
      replicaStatuses: {
        Launcher: { succeeded: 1 },
        Worker: {},
        Master: { active: 1, failed: 2, selector: 'training.kubeflow.org/job-name=j' },
      },
    });
    // The input is left as it was.
    expect(status.replicaStatuses.Worker).toEqual({ active: 0, succeeded: 0, failed: 0, selector: '' });
  });

  it('leaves a status without replicaStatuses as it is', () => {
    expect(v1StatusAsWritten({ conditions: [] })).toEqual({ conditions: [] });
  });
});
