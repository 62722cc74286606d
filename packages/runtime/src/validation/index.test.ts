// SPDX-License-Identifier: Apache-2.0
import { UnsupportedRuntimeError } from '../framework/errors.js';
import type { TrainingRuntime } from '../types.js';
import { validateAdmission } from '../engine.js';
import { readUpstreamRuntime, summarize, trainJobOf } from '@kubetrain/testing';

const torchDistributed = readUpstreamRuntime('runtimes/torch_distributed.yaml');

describe('validateTrainJob through the engine (every plugin registered)', () => {
  it('a runtime that does not exist: only the runtimeRef error', () => {
    const got = validateAdmission(
      undefined,
      trainJobOf('job', { trainer: { env: [{ name: 'PET_NNODES', value: '1' }] } }),
      undefined,
    );
    expect(summarize(got.errors)).toEqual([
      {
        path: 'spec.RuntimeRef',
        type: 'Invalid',
        message:
          'clustertrainingruntimes.trainer.kubeflow.org "torch-distributed" not found: specified clusterTrainingRuntime must be created before the TrainJob is created',
      },
    ]);
    expect(got.warnings).toEqual([]);
  });

  it('another runtime kind: unsupported runtime', () => {
    const job = trainJobOf('job', {}, {}, 'x', 'Runtime');
    expect(() => validateAdmission(undefined, job, torchDistributed)).toThrow(UnsupportedRuntimeError);
  });

  interface Case {
    job: ReturnType<typeof trainJobOf>;
    runtime?: TrainingRuntime;
    wantWarnings?: string[];
    want: Array<Record<string, unknown>>;
  }
  const cases: Record<string, Case> = {
    'torch-distributed with a valid trainer (upstream integration case)': {
      job: trainJobOf('train-job', { trainer: { numNodes: 2, numProcPerNode: 4 } }),
      want: [],
    },
    'reserved env name (upstream integration case)': {
      job: trainJobOf('train-job', { trainer: { env: [{ name: 'PET_NODE_RANK', value: '1' }] } }),
      want: [
        {
          path: 'spec.trainer.env',
          type: 'Invalid',
          message: 'must not have reserved envs, invalid envs configured: [PET_NODE_RANK]',
        },
      ],
    },
    'model config on a runtime without a model initializer (upstream integration case)': {
      job: trainJobOf('train-job', { initializer: { model: { storageUri: 'hf://org/model' } } }),
      want: [
        {
          path: 'spec.runtimeRef',
          type: 'Invalid',
          message: 'must have model-initializer job when trainJob is configured with input modelConfig',
        },
      ],
    },
    'invalid runtimePatches manager (upstream integration case)': {
      job: trainJobOf('train-job', { runtimePatches: [{ manager: 'kueue.k8s.io/' }] }),
      want: [
        {
          path: 'spec.runtimePatches.manager',
          type: 'Invalid',
          message: 'must be a domain-prefixed path (such as "acme.io/foo")',
        },
      ],
    },
    'several rules at once, in rule order': {
      job: trainJobOf(`long-${'n'.repeat(50)}`, {
        initializer: { dataset: {} },
        trainer: { env: [{ name: 'PET_MASTER_PORT', value: '1' }] },
      }),
      want: [
        {
          path: 'spec.runtimeRef',
          type: 'Invalid',
          message: 'must have dataset-initializer job when trainJob is configured with input datasetConfig',
        },
        {
          path: 'spec.trainer.env',
          type: 'Invalid',
          message: 'must not have reserved envs, invalid envs configured: [PET_MASTER_PORT]',
        },
        {
          path: 'metadata.name',
          type: 'Invalid',
          message:
            `must be no more than 48 characters for runtime "torch-distributed": the longest pod name would be ` +
            `"long-${'n'.repeat(50)}-node-0-0-xxxxx" (70 characters, xxxxx being random), over the 63 characters JobSet allows`,
        },
      ],
    },
    'deprecated ClusterTrainingRuntime: warning, no error': {
      job: trainJobOf('train-job'),
      runtime: {
        ...torchDistributed,
        metadata: { ...torchDistributed.metadata, labels: { 'trainer.kubeflow.org/support': 'deprecated' } },
      },
      wantWarnings: [
        'Referenced ClusterTrainingRuntime "torch-distributed" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy',
      ],
      want: [],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = validateAdmission(undefined, tc.job, tc.runtime ?? torchDistributed);
      expect(summarize(got.errors)).toEqual(tc.want);
      expect(got.warnings).toEqual(tc.wantWarnings ?? []);
    });
  }

  it('update: runtimePatches may change while suspended, not while running', () => {
    const patch = (sa: string) => [
      {
        manager: 'acme.io/platform',
        trainingRuntimeSpec: {
          template: {
            spec: {
              replicatedJobs: [
                { name: 'node', template: { spec: { template: { spec: { serviceAccountName: sa } } } } },
              ],
            },
          },
        },
      },
    ];
    const oldJob = trainJobOf('train-job', { suspend: true, runtimePatches: patch('a') });
    const newJob = trainJobOf('train-job', { suspend: true, runtimePatches: patch('b') });
    expect(validateAdmission(oldJob, newJob, torchDistributed).errors).toEqual([]);
    const running = trainJobOf('train-job', { suspend: false, runtimePatches: patch('b') });
    const stillRunning = trainJobOf('train-job', { suspend: false, runtimePatches: patch('a') });
    expect(summarize(validateAdmission(stillRunning, running, torchDistributed).errors)).toEqual([
      {
        path: 'spec.runtimePatches',
        type: 'Forbidden',
        message:
          'RuntimePatches can only be modified when the TrainJob is suspended before or after the update',
      },
    ]);
  });

  it('changes neither input', () => {
    const job = trainJobOf('job', { trainer: { numNodes: 3 } });
    const jobCopy = structuredClone(job);
    const runtimeCopy = structuredClone(torchDistributed);
    validateAdmission(undefined, job, torchDistributed);
    expect(job).toEqual(jobCopy);
    expect(torchDistributed).toEqual(runtimeCopy);
  });
});
