// SPDX-License-Identifier: Apache-2.0
import { validateReplicatedJobs, validateTrainingRuntime } from './training-runtime.js';
import { rjob, runtimeOf, summarize } from '@kubetrain/testing';
import type { ReplicatedJob } from '@kubetrain/api';

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
