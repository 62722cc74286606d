// SPDX-License-Identifier: Apache-2.0
import { InMemoryClient } from '@kubetrain/testing';
import { ManagerResources } from '../../cluster/resources.js';
import { failedPodOf } from './failed-pod.js';

function pod(name: string, labels: Record<string, string>, exitCode: number) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ns', labels, creationTimestamp: '2026-01-01T00:00:00Z' },
    status: {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      containerStatuses: [
        { name: 'node', state: { terminated: { exitCode, reason: exitCode ? 'Error' : 'Completed' } } },
      ],
    },
  };
}

describe('failedPodOf', () => {
  const client = new InMemoryClient();
  client.seed(ManagerResources.Pod, pod('tj-0', { 'leaderworkerset.sigs.k8s.io/name': 'tj' }, 0));
  client.seed(ManagerResources.Pod, pod('tj-0-1', { 'leaderworkerset.sigs.k8s.io/name': 'tj' }, 42));
  client.seed(ManagerResources.Pod, pod('other-0-1', { 'leaderworkerset.sigs.k8s.io/name': 'other' }, 7));
  const cases: Record<string, { selector: string; reason: string; want: string | undefined }> = {
    "the group's failing pod, not another group's": {
      selector: 'leaderworkerset.sigs.k8s.io/name=tj',
      reason: 'FailedLeaderWorkerSet',
      want: 'pod tj-0-1 container node exited with code 42 (Error)',
    },
    'a deadline names no pod': {
      selector: 'leaderworkerset.sigs.k8s.io/name=tj',
      reason: 'DeadlineExceeded',
      want: undefined,
    },
    'no pod of the workload: none': {
      selector: 'jobset.sigs.k8s.io/jobset-name=tj',
      reason: 'FailedJobs',
      want: undefined,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => expect(await failedPodOf(client, 'ns', tc.selector, tc.reason)).toBe(tc.want));
  }
});
