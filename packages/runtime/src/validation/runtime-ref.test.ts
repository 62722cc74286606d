// SPDX-License-Identifier: Apache-2.0
import { UnsupportedRuntimeError } from '../framework/errors.js';
import { validateRuntimeDeprecation, validateRuntimeMissing } from './runtime-ref.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';

describe('validateRuntimeMissing', () => {
  const cases: Record<string, { kind: string; want: Array<Record<string, unknown>> }> = {
    'TrainingRuntime: spec.runtimeRef': {
      kind: 'TrainingRuntime',
      want: [
        {
          path: 'spec.runtimeRef',
          type: 'Invalid',
          message:
            'trainingruntimes.trainer.kubeflow.org "missing" not found: specified trainingRuntime must be created before the TrainJob is created',
          value: { name: 'missing', apiGroup: 'trainer.kubeflow.org', kind: 'TrainingRuntime' },
        },
      ],
    },
    'ClusterTrainingRuntime: spec.RuntimeRef, as upstream spells it': {
      kind: 'ClusterTrainingRuntime',
      want: [
        {
          path: 'spec.RuntimeRef',
          type: 'Invalid',
          message:
            'clustertrainingruntimes.trainer.kubeflow.org "missing" not found: specified clusterTrainingRuntime must be created before the TrainJob is created',
          value: { name: 'missing', apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = validateRuntimeMissing(trainJobOf('job', {}, {}, 'missing', tc.kind));
      expect(summarize(got.errors, true)).toEqual(tc.want);
      expect(got.warnings).toEqual([]);
    });
  }

  it('another kind: unsupported runtime, as upstream', () => {
    const job = trainJobOf('job', {}, {}, 'x', 'Runtime');
    expect(() => validateRuntimeMissing(job)).toThrow(UnsupportedRuntimeError);
    expect(() => validateRuntimeMissing(job)).toThrow('unsupported runtime: Runtime.trainer.kubeflow.org');
  });
});

describe('validateRuntimeDeprecation', () => {
  const deprecated = { 'trainer.kubeflow.org/support': 'deprecated' };
  const cases: Record<string, { kind: string; labels?: Record<string, string>; want: string[] }> = {
    'deprecated ClusterTrainingRuntime: warning (upstream text)': {
      kind: 'ClusterTrainingRuntime',
      labels: deprecated,
      want: [
        'Referenced ClusterTrainingRuntime "torch-distributed" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy',
      ],
    },
    'ClusterTrainingRuntime without the label': { kind: 'ClusterTrainingRuntime', want: [] },
    'deprecated namespaced TrainingRuntime: no warning, as upstream': {
      kind: 'TrainingRuntime',
      labels: deprecated,
      want: [],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf([rjob('node')], {}, 'torch-distributed', tc.kind, tc.labels);
      const got = validateRuntimeDeprecation(
        trainJobOf('job', {}, {}, 'torch-distributed', tc.kind),
        runtime,
      );
      expect(got).toEqual({ warnings: tc.want, errors: [] });
    });
  }
});
