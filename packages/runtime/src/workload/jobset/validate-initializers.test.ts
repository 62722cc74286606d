// SPDX-License-Identifier: Apache-2.0
import { validateInitializers } from './validate-initializers.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { ReplicatedJob } from '@kubetrain/api';
import type { TrainJob } from '../../types.js';

const mount = [{ name: 'initializer', mountPath: '/workspace' }];
const node = rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] });
const dataset = { initializer: { dataset: { storageUri: 'hf://org/data' } } };
const model = { initializer: { model: { storageUri: 'hf://org/model' } } };
const ref = { name: 'torch-distributed', apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' };

describe('validateInitializers', () => {
  interface Case {
    jobs: ReplicatedJob[];
    spec: Partial<TrainJob['spec']>;
    want: string[];
  }
  const cases: Record<string, Case> = {
    'no initializer configured: nothing checked': { jobs: [node], spec: {}, want: [] },
    'dataset configured, no dataset-initializer job': {
      jobs: [node],
      spec: dataset,
      want: ['must have dataset-initializer job when trainJob is configured with input datasetConfig'],
    },
    'dataset-initializer job without its container': {
      jobs: [rjob('dataset-initializer', { containers: [{ name: 'other' }] }), node],
      spec: dataset,
      want: ['must have container with name - dataset-initializer in the dataset-initializer job'],
    },
    'dataset-initializer container without the initializer mount': {
      jobs: [rjob('dataset-initializer'), node],
      spec: dataset,
      want: [
        'must have volumeMount with name - initializer in container dataset-initializer of the dataset-initializer job',
      ],
    },
    'dataset-initializer complete': {
      jobs: [
        rjob('dataset-initializer', { containers: [{ name: 'dataset-initializer', volumeMounts: mount }] }),
        node,
      ],
      spec: dataset,
      want: [],
    },
    'an init container named dataset-initializer counts': {
      jobs: [
        rjob('dataset-initializer', {
          containers: [{ name: 'sidecar' }],
          initContainers: [{ name: 'dataset-initializer', volumeMounts: mount }],
        }),
        node,
      ],
      spec: dataset,
      want: [],
    },
    'model configured, no model-initializer job': {
      jobs: [node],
      spec: model,
      want: ['must have model-initializer job when trainJob is configured with input modelConfig'],
    },
    'model-initializer job without its container': {
      jobs: [rjob('model-initializer', { containers: [{ name: 'other' }] }), node],
      spec: model,
      want: ['must have container with name - model-initializer in the model-initializer job'],
    },
    'model-initializer container without the initializer mount': {
      jobs: [rjob('model-initializer'), node],
      spec: model,
      want: [
        'must have volumeMount with name - initializer in container model-initializer of the model-initializer job',
      ],
    },
    'both configured and both missing: two errors': {
      jobs: [node],
      spec: { initializer: { ...dataset.initializer, ...model.initializer } },
      want: [
        'must have dataset-initializer job when trainJob is configured with input datasetConfig',
        'must have model-initializer job when trainJob is configured with input modelConfig',
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const errors = validateInitializers(ruleInput(runtimeOf(tc.jobs), trainJobOf('job', tc.spec)));
      expect(summarize(errors, true)).toEqual(
        tc.want.map((message) => ({ path: 'spec.runtimeRef', type: 'Invalid', message, value: ref })),
      );
    });
  }

  it('upstream example 05-multi-step: the runtime lacks the initializer mount', () => {
    const jobs = [
      rjob('dataset-initializer', { ancestor: 'dataset-initializer' }),
      rjob('node', {
        ancestor: 'trainer',
        containers: [{ name: 'node' }],
        dependsOn: [{ name: 'dataset-initializer', status: 'Complete' }],
      }),
    ];
    const errors = validateInitializers(
      ruleInput(runtimeOf(jobs, {}, 'torch-with-dataset-init'), trainJobOf('multi-step-example', dataset)),
    );
    expect(errors.map((e) => e.message)).toEqual([
      'must have volumeMount with name - initializer in container dataset-initializer of the dataset-initializer job',
    ]);
  });
});
