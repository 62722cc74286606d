// SPDX-License-Identifier: Apache-2.0
import { validateKAIHints } from '../kai/validate.js';
import type { TrainJobRuleInput } from '../../validation/input.js';
import { validateKueueHints } from './validate.js';

/** The scheduling warnings of the Kueue and KAI plugins, in the order validateAdmission reports them. */
const validateSchedulingHints = (input: TrainJobRuleInput): string[] => [
  ...validateKAIHints(input),
  ...validateKueueHints(input),
];
import { rjob, runtimeOf, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { PodGroupPolicy, RuntimePatch } from '@kubetrain/api';
import type { PodSpec } from '../../types.js';

describe('validateSchedulingHints', () => {
  interface Case {
    runtimeLabels?: Record<string, string>;
    policy?: PodGroupPolicy;
    jobLabels?: Record<string, string>;
    patches?: RuntimePatch[];
    want: string[];
  }
  const kueue = (key: string) =>
    `label ${key} in the JobSet labels of runtime "torch-distributed" or a runtimePatch is not applied: ` +
    "Kueue reads it from the TrainJob's metadata.labels, and a JobSet owned by a TrainJob never carries it";
  const cases: Record<string, Case> = {
    'nothing to say': { jobLabels: { 'kueue.x-k8s.io/queue-name': 'q' }, want: [] },
    'Kueue labels in the runtime template': {
      runtimeLabels: { 'kueue.x-k8s.io/queue-name': 'q', 'kueue.x-k8s.io/priority-class': 'p' },
      want: [kueue('kueue.x-k8s.io/queue-name'), kueue('kueue.x-k8s.io/priority-class')],
    },
    'Kueue label from a runtimePatch': {
      patches: [
        {
          manager: 'acme.io/x',
          trainingRuntimeSpec: { template: { metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'q' } } } },
        },
      ],
      want: [kueue('kueue.x-k8s.io/queue-name')],
    },
    'KAI queue on a Volcano runtime': {
      policy: { volcano: {} },
      jobLabels: { 'kai.scheduler/queue': 'q' },
      want: [
        'label kai.scheduler/queue has no effect: runtime "torch-distributed" gang-schedules with Volcano (spec.podGroupPolicy)',
      ],
    },
    'KAI queue on a coscheduling runtime': {
      policy: { coscheduling: {} },
      jobLabels: { 'kai.scheduler/queue': 'q' },
      want: [
        'label kai.scheduler/queue has no effect: runtime "torch-distributed" gang-schedules with coscheduling (spec.podGroupPolicy)',
      ],
    },
    'KAI queue without a podGroupPolicy': { jobLabels: { 'kai.scheduler/queue': 'q' }, want: [] },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf([rjob('node')], {
        ...(tc.policy !== undefined ? { podGroupPolicy: tc.policy } : {}),
        ...(tc.runtimeLabels !== undefined ? { metadata: { labels: tc.runtimeLabels } } : {}),
      });
      const job = trainJobOf(
        'job',
        tc.patches !== undefined ? { runtimePatches: tc.patches } : {},
        tc.jobLabels !== undefined ? { labels: tc.jobLabels } : {},
      );
      expect(validateSchedulingHints(ruleInput(runtime, job))).toEqual(tc.want);
    });
  }
});

describe('validateSchedulingHints: Kueue TAS annotations', () => {
  const place =
    "set it on each replicatedJob's pod template (the runtime's, or a runtimePatch's " +
    'replicatedJobs[].template.spec.template.metadata.annotations)';
  const node = rjob('node');
  node.template = {
    ...node.template,
    metadata: { annotations: { 'kueue.x-k8s.io/podset-preferred-topology': 'rack' } },
  };
  const onPod = rjob('node');
  onPod.template = {
    spec: {
      template: {
        metadata: { annotations: { 'kueue.x-k8s.io/podset-required-topology': 'rack' } },
        spec: {} as PodSpec,
      },
    },
  };
  it('on the pod template: nothing to say', () => {
    expect(validateSchedulingHints(ruleInput(runtimeOf([onPod]), trainJobOf('job')))).toEqual([]);
  });
  it('on the TrainJob, the JobSet and a Job template: one warning each', () => {
    const runtime = runtimeOf([node], {
      metadata: { annotations: { 'kueue.x-k8s.io/podset-slice-size': '4' } },
    });
    const job = trainJobOf(
      'job',
      {},
      { annotations: { 'kueue.x-k8s.io/podset-required-topology': 'block', other: 'x' } },
    );
    expect(validateSchedulingHints(ruleInput(runtime, job))).toEqual([
      `annotation kueue.x-k8s.io/podset-required-topology on the TrainJob is not read by Kueue: ${place}`,
      `annotation kueue.x-k8s.io/podset-slice-size in the JobSet annotations is not read by Kueue: ${place}`,
      `annotation kueue.x-k8s.io/podset-preferred-topology on the Job template of replicatedJob node is not read by Kueue: ${place}`,
    ]);
  });
});
