// SPDX-License-Identifier: Apache-2.0
import { failed, resourcesCreationFailed } from './event-notes.js';
import { describeFailedPod, type PodView } from './failure-details.js';

describe('resourcesCreationFailed', () => {
  it("is upstream's warning with its note", () => {
    expect(resourcesCreationFailed('boom')).toEqual({
      type: 'Warning',
      reason: 'TrainJobResourcesCreationFailed',
      action: 'Reconciling',
      note: 'TrainJob resources reconciliation failed: boom',
    });
  });
  it('truncates the error to 950 characters and appends " ..."', () => {
    const note = resourcesCreationFailed('x'.repeat(1000)).note;
    expect(note).toBe(`TrainJob resources reconciliation failed: ${'x'.repeat(950)} ...`);
  });
});

describe('describeFailedPod', () => {
  const pod = (
    name: string,
    created: string,
    exitCode: number,
    container = 'node',
    reason?: string,
  ): PodView => ({
    metadata: { name, creationTimestamp: created },
    status: {
      containerStatuses: [
        { name: container, state: { terminated: { exitCode, ...(reason ? { reason } : {}) } } },
      ],
    },
  });
  const cases: Record<string, { pods: PodView[]; want: string | undefined }> = {
    'no pods': { pods: [], want: undefined },
    'only successes': { pods: [pod('a', '1', 0)], want: undefined },
    'the earliest failure': {
      pods: [
        pod('late', '2026-01-01T00:00:02Z', 1),
        pod('early', '2026-01-01T00:00:01Z', 3, 'node', 'Error'),
      ],
      want: 'pod early container node exited with code 3 (Error)',
    },
    'an init container': {
      pods: [
        {
          metadata: { name: 'p' },
          status: { initContainerStatuses: [{ name: 'init', lastState: { terminated: { exitCode: 2 } } }] },
        },
      ],
      want: 'pod p container init exited with code 2',
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(describeFailedPod(tc.pods)).toBe(tc.want));

  it('the Failed note names the pod', () => {
    expect(
      failed(
        'FailedJobs',
        'jobset failed due to one or more job failures',
        'pod p container node exited with code 3',
      ).note,
    ).toBe(
      'FailedJobs: jobset failed due to one or more job failures; pod p container node exited with code 3',
    );
  });
});
