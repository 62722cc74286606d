// SPDX-License-Identifier: Apache-2.0
import { validateVolcano } from './validate.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { ClusterReader } from '../../framework/plugin.js';
import type { PodGroupPolicy, ReplicatedJob, RuntimePatch } from '@kubetrain/api';

const QUEUE = 'scheduling.volcano.sh/queue-name';
const queueError = {
  path: `spec.annotations[${QUEUE}]`,
  type: 'Invalid',
  message: 'Volcano queue name must not be empty',
  value: '',
};
const pcError = (name: string) => ({
  path: 'spec.templateSpec.priorityClassName',
  type: 'Invalid',
  message: `PriorityClass "${name}" doesn't exist: priorityclasses.scheduling.k8s.io "${name}" not found`,
  value: name,
});

describe('validateVolcano', () => {
  interface Case {
    policy?: PodGroupPolicy;
    annotations?: Record<string, string>;
    patches?: RuntimePatch[];
    jobs?: ReplicatedJob[];
    cluster?: ClusterReader;
    want: Array<Record<string, unknown>>;
  }
  const existing = new Set(['high-priority']);
  const cluster: ClusterReader = { hasPriorityClass: (n) => existing.has(n) };
  const cases: Record<string, Case> = {
    'no Volcano policy': { policy: { coscheduling: {} }, annotations: { [QUEUE]: '' }, want: [] },
    'queue set': { annotations: { [QUEUE]: 'q1' }, want: [] },
    'empty queue in the runtime': { annotations: { [QUEUE]: '' }, want: [queueError] },
    'empty queue from a runtimePatch': {
      annotations: { [QUEUE]: 'q1' },
      patches: [
        {
          manager: 'acme.io/x',
          trainingRuntimeSpec: { template: { metadata: { annotations: { [QUEUE]: '' } } } },
        },
      ],
      want: [queueError],
    },
    'existing PriorityClass': {
      jobs: [rjob('node', { priorityClassName: 'high-priority' })],
      cluster,
      want: [],
    },
    'missing PriorityClass': {
      jobs: [rjob('a', { priorityClassName: 'missing' }), rjob('b', { priorityClassName: 'high-priority' })],
      cluster,
      want: [pcError('missing')],
    },
    'a system PriorityClass ends the check, as upstream': {
      jobs: [
        rjob('a', { priorityClassName: 'system-node-critical' }),
        rjob('b', { priorityClassName: 'missing' }),
      ],
      cluster,
      want: [],
    },
    'errors before the system PriorityClass are kept': {
      annotations: { [QUEUE]: '' },
      jobs: [
        rjob('a', { priorityClassName: 'gone' }),
        rjob('b', { priorityClassName: 'system-cluster-critical' }),
        rjob('c', { priorityClassName: 'missing' }),
      ],
      cluster,
      want: [queueError, pcError('gone')],
    },
    'no PriorityClass lookup available: skipped': {
      jobs: [rjob('a', { priorityClassName: 'missing' })],
      want: [],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf(tc.jobs ?? [rjob('node')], {
        podGroupPolicy: tc.policy ?? { volcano: {} },
        ...(tc.annotations !== undefined ? { metadata: { annotations: tc.annotations } } : {}),
      });
      const job = trainJobOf('job', tc.patches !== undefined ? { runtimePatches: tc.patches } : {});
      const input = ruleInput(runtime, job, tc.cluster !== undefined ? { cluster: tc.cluster } : {});
      expect(summarize(validateVolcano(input), true)).toEqual(tc.want);
    });
  }
});
