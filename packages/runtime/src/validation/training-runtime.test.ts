// SPDX-License-Identifier: Apache-2.0
import { validateReplicatedJobs, validateTrainingRuntime } from './training-runtime.js';
import { rjob, runtimeOf, summarize } from '@kubetrain/testing';
import { formatFieldError, type ReplicatedJob } from '@kubetrain/api';

/** The runtime's spec.runPolicy.failurePolicy, as runtimeOf() takes it. */
type FailurePolicy = NonNullable<
  NonNullable<NonNullable<Parameters<typeof runtimeOf>[1]>['runPolicy']>['failurePolicy']
>;
type Rule = NonNullable<FailurePolicy['rules']>[number];

const DEPRECATED =
  'ClusterTrainingRuntime "rt" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy';

describe('validateReplicatedJobs', () => {
  const replicasError = (i: number, value: number) => ({
    path: `spec.template.spec.replicatedJobs[${i}].replicas`,
    type: 'Invalid',
    message: 'always must be 1',
    value,
  });
  const cases: Record<string, { jobs: ReplicatedJob[]; want: Array<Record<string, unknown>> }> = {
    'valid replicatedJobs': {
      jobs: [
        rjob('dataset-initializer', { ancestor: 'dataset-initializer', replicas: 1 }),
        rjob('model-initializer', { ancestor: 'model-initializer' }),
        rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] }),
      ],
      want: [],
    },
    'valid replicatedJobs with unknown user-specified ancestor': {
      jobs: [
        rjob('x', { ancestor: 'custom', replicas: 3 }),
        rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] }),
      ],
      want: [],
    },
    'invalid replicas (errors at indexes 0, 1, 3, as upstream)': {
      jobs: [
        rjob('dataset-initializer', { ancestor: 'dataset-initializer', replicas: 2 }),
        rjob('model-initializer', { ancestor: 'model-initializer', replicas: 2 }),
        rjob('other', { replicas: 2 }),
        rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }], replicas: 2 }),
      ],
      want: [replicasError(0, 2), replicasError(1, 2), replicasError(3, 2)],
    },
    'missing required container in replicatedJobs': {
      jobs: [rjob('node', { ancestor: 'trainer', containers: [{ name: 'trainer' }] })],
      want: [
        {
          path: 'spec.template.spec.replicatedJobs[0].template.spec.template.spec.containers',
          type: 'Invalid',
          message: 'must contain the required container for the ancestor: trainer',
          value: [{ name: 'trainer' }],
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(summarize(validateReplicatedJobs(runtimeOf(tc.jobs)), true)).toEqual(tc.want);
    });
  }
});

describe('validateTrainingRuntime', () => {
  const bad = [rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }], replicas: 2 })];
  const good = [rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] })];
  interface Case {
    kind: string;
    update: boolean;
    jobs: ReplicatedJob[];
    labels?: Record<string, string>;
    both?: boolean;
    wantWarnings: string[];
    wantErrors: number;
  }
  const cases: Record<string, Case> = {
    'TrainingRuntime create: checked': {
      kind: 'TrainingRuntime',
      update: false,
      jobs: bad,
      wantWarnings: [],
      wantErrors: 1,
    },
    'TrainingRuntime update: not checked, as upstream': {
      kind: 'TrainingRuntime',
      update: true,
      jobs: bad,
      wantWarnings: [],
      wantErrors: 0,
    },
    'ClusterTrainingRuntime create: checked': {
      kind: 'ClusterTrainingRuntime',
      update: false,
      jobs: bad,
      wantWarnings: [],
      wantErrors: 1,
    },
    'ClusterTrainingRuntime update: checked': {
      kind: 'ClusterTrainingRuntime',
      update: true,
      jobs: bad,
      wantWarnings: [],
      wantErrors: 1,
    },
    'deprecated ClusterTrainingRuntime create: warning': {
      kind: 'ClusterTrainingRuntime',
      update: false,
      jobs: good,
      labels: { 'trainer.kubeflow.org/support': 'deprecated' },
      wantWarnings: [DEPRECATED],
      wantErrors: 0,
    },
    'deprecated ClusterTrainingRuntime update: no warning': {
      kind: 'ClusterTrainingRuntime',
      update: true,
      jobs: good,
      labels: { 'trainer.kubeflow.org/support': 'deprecated' },
      wantWarnings: [],
      wantErrors: 0,
    },
    'deprecated TrainingRuntime: no warning': {
      kind: 'TrainingRuntime',
      update: false,
      jobs: good,
      labels: { 'trainer.kubeflow.org/support': 'deprecated' },
      wantWarnings: [],
      wantErrors: 0,
    },
    'webhook-validation disabled: skipped (objectSelector)': {
      kind: 'ClusterTrainingRuntime',
      update: false,
      jobs: bad,
      labels: {
        'trainer.kubeflow.org/webhook-validation': 'disabled',
        'trainer.kubeflow.org/support': 'deprecated',
      },
      wantWarnings: [],
      wantErrors: 0,
    },
    'coscheduling and volcano together: warning': {
      kind: 'ClusterTrainingRuntime',
      update: false,
      jobs: good,
      both: true,
      wantWarnings: [
        'spec.podGroupPolicy: coscheduling and volcano are both set; set only one, or every pod waits for two PodGroups',
      ],
      wantErrors: 0,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const extra = tc.both === true ? { podGroupPolicy: { coscheduling: {}, volcano: {} } } : {};
      const rt = runtimeOf(tc.jobs, extra, 'rt', tc.kind, tc.labels);
      const got = validateTrainingRuntime(tc.update ? rt : undefined, rt);
      expect(got.warnings).toEqual(tc.wantWarnings);
      expect(got.errors).toHaveLength(tc.wantErrors);
      for (const e of got.errors) expect(e.path).toBe('spec.template.spec.replicatedJobs[0].replicas');
    });
  }
});

describe('validateTrainingRuntime: the failure policy (KEP-4162)', () => {
  const node = (podFailurePolicy?: unknown): ReplicatedJob => {
    const job = rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] });
    if (podFailurePolicy !== undefined)
      (job.template.spec as Record<string, unknown>).podFailurePolicy = podFailurePolicy;
    return job;
  };
  const exit = (action: Rule['action'], values: number[], containerName?: string): Rule => ({
    action,
    onExitCodes: { operator: 'In', values, ...(containerName !== undefined ? { containerName } : {}) },
  });
  const cases: Record<
    string,
    { policy?: FailurePolicy; jobSetFailurePolicy?: unknown; podFailurePolicy?: unknown; want: string[] }
  > = {
    'no failure policy: nothing checked': {
      jobSetFailurePolicy: { maxRestarts: 1 },
      podFailurePolicy: { rules: [] },
      want: [],
    },
    'disjoint rules: accepted': {
      policy: { rules: [exit('FailTrainJob', [42]), exit('RestartTrainJob', [1, 2])] },
      want: [],
    },
    'a shared exit code: the later rule conflicts': {
      policy: { rules: [exit('FailTrainJob', [42, 3]), exit('RestartTrainJob', [1, 3])] },
      want: [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "RestartTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match exit code 3, and only the first matching rule is used',
      ],
    },
    'the same code for different containers: accepted': {
      policy: { rules: [exit('FailTrainJob', [3], 'node'), exit('RestartTrainJob', [3], 'sidecar')] },
      want: [],
    },
    'the same pod condition twice: the later rule conflicts': {
      policy: {
        rules: [
          { action: 'RestartTrainJob', onPodConditions: [{ type: 'DisruptionTarget' }] },
          { action: 'FailTrainJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
        ],
      },
      want: [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "FailTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match pod condition DisruptionTarget=True, and only the first matching rule is used',
      ],
    },
    "the template's own JobSet failurePolicy and podFailurePolicy: forbidden": {
      policy: { maxRestarts: 1 },
      jobSetFailurePolicy: { maxRestarts: 1 },
      podFailurePolicy: { rules: [] },
      want: [
        'spec.template.spec.failurePolicy: Forbidden: must not be set together with spec.runPolicy.failurePolicy, which renders it',
        'spec.template.spec.replicatedJobs[0].template.spec.podFailurePolicy: Forbidden: must not be set together with spec.runPolicy.failurePolicy, which renders it',
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const extra = tc.policy !== undefined ? { runPolicy: { failurePolicy: tc.policy } } : {};
      const rt = runtimeOf([node(tc.podFailurePolicy)], extra, 'rt', 'ClusterTrainingRuntime');
      if (tc.jobSetFailurePolicy !== undefined)
        (rt.spec.template.spec as Record<string, unknown>).failurePolicy = tc.jobSetFailurePolicy;
      expect(validateTrainingRuntime(undefined, rt).errors.map(formatFieldError)).toEqual(tc.want);
    });
  }
});
