// SPDX-License-Identifier: Apache-2.0
// Upstream's examples (read in place) through validateTrainJob: the four that run upstream pass;
// 05-multi-step, whose runtime's dataset-initializer mounts no `initializer` volume, is rejected
// as upstream's JobSet plugin would. Every shipped runtime passes the runtime webhook.

import type { KubeObject, TrainJob, TrainingRuntime } from '../types.js';
import { validateAdmission } from '../engine.js';
import { validateTrainingRuntime } from './index.js';
import { readUpstream, summarize } from '@kubetrain/testing';

function ofKind<T>(list: KubeObject[], kinds: string[]): T {
  const found = list.find((d) => kinds.includes(String(d['kind'])));
  if (found === undefined) throw new Error(`no ${kinds.join('/')} document`);
  return found as T;
}

const runtimeKinds = ['TrainingRuntime', 'ClusterTrainingRuntime'];

describe('upstream examples', () => {
  const cases: Record<string, { example: string; runtime: string; want: Array<Record<string, unknown>> }> = {
    '01-multi-node': {
      example: 'examples/01-multi-node.yaml',
      runtime: 'runtimes/torch_distributed.yaml',
      want: [],
    },
    '02-runtime-patches': {
      example: 'examples/02-runtime-patches.yaml',
      runtime: 'runtimes/torch_distributed.yaml',
      want: [],
    },
    '03-kueue-integration': {
      example: 'examples/03-kueue-integration.yaml',
      runtime: 'runtimes/torch_distributed.yaml',
      want: [],
    },
    '04-volcano-integration': {
      example: 'examples/04-volcano-integration.yaml',
      runtime: 'examples/04-volcano-integration.yaml',
      want: [],
    },
    '05-multi-step: the runtime lacks the initializer volume mount': {
      example: 'examples/05-multi-step.yaml',
      runtime: 'examples/05-multi-step.yaml',
      want: [
        {
          path: 'spec.runtimeRef',
          type: 'Invalid',
          message:
            'must have volumeMount with name - initializer in container dataset-initializer of the dataset-initializer job',
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const trainJob = ofKind<TrainJob>(readUpstream(tc.example), ['TrainJob']);
      const runtime = ofKind<TrainingRuntime>(readUpstream(tc.runtime), runtimeKinds);
      const got = validateAdmission(undefined, trainJob, runtime);
      expect(summarize(got.errors)).toEqual(tc.want);
      expect(got.warnings).toEqual([]);
    });
  }
});

describe('upstream runtimes', () => {
  const files = [
    'runtimes/torch_distributed.yaml',
    'runtimes/deepspeed_distributed.yaml',
    'runtimes/mlx_distributed.yaml',
    'runtimes/jax_distributed.yaml',
    'runtimes/xgboost_distributed.yaml',
    'runtimes/torchtune/llama3_2/llama3_2_1B.yaml',
    'runtimes/torchtune/llama3_2/llama3_2_3B.yaml',
    'runtimes/torchtune/qwen2_5/qwen2_5_1.5B.yaml',
    'runtimes/data-cache/torch_distributed_with_cache.yaml',
  ];
  for (const file of files) {
    it(`${file} passes the ClusterTrainingRuntime webhook on create`, () => {
      const runtime = ofKind<TrainingRuntime>(readUpstream(file), runtimeKinds);
      expect(runtime.kind).toBe('ClusterTrainingRuntime');
      expect(validateTrainingRuntime(undefined, runtime)).toEqual({ warnings: [], errors: [] });
    });
  }
});

describe('upstream torchtune runtime', () => {
  const runtime = ofKind<TrainingRuntime>(
    readUpstream('runtimes/torchtune/llama3_2/llama3_2_1B.yaml'),
    runtimeKinds,
  );
  const trainJob = (args: string[]): TrainJob => ({
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name: 'tune', namespace: 'default' },
    spec: {
      runtimeRef: {
        name: runtime.metadata.name ?? '',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      trainer: { command: ['tune', 'run'], args, resourcesPerNode: { limits: { 'nvidia.com/gpu': '1' } } },
    },
  });
  it('a single-GPU fine-tune passes', () => {
    expect(validateAdmission(undefined, trainJob(['batch_size=4']), runtime).errors).toEqual([]);
  });
  it('overriding a runtime-owned config key is rejected', () => {
    expect(summarize(validateAdmission(undefined, trainJob(['output_dir=/tmp']), runtime).errors)).toEqual([
      {
        path: 'spec.trainer.args[0]',
        type: 'Invalid',
        message: 'must not set immutable config "output_dir" in trainer args; it is managed by the runtime',
      },
    ]);
  });
});
