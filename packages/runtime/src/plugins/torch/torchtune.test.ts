// SPDX-License-Identifier: Apache-2.0
import { render } from '../../engine.js';
import { clusterRuntime, containerOf, envNames, objectOf, replicatedJob, trainJob } from '@kubetrain/testing';
import type { Trainer } from '@kubetrain/api';
import { isQLoRA, modelFromRuntimeName, recipeAndConfig } from './torchtune.js';

/** The immutable config overrides of the runtime command, which the rewrite carries over. */
const runtimeOverrides = [
  'output_dir=/workspace/output',
  'tokenizer.path=/workspace/model/original/tokenizer.model',
  'checkpointer.checkpoint_dir=/workspace/model',
];

/** The command of a LoRA run on 2 GPUs of llama3.2-1B (DoRA turns QLoRA off and gives it too). */
const loraCommand = [
  'tune',
  'run',
  '--rdzv_endpoint=test-job-node-0-0.test-job:29500',
  'lora_finetune_distributed',
  '--config',
  'llama3_2/1B_lora',
  ...runtimeOverrides,
];

const runtimeCommand = [
  'tune',
  'run',
  '--rdzv_endpoint=localhost:29500',
  'full_finetune_distributed',
  '--config',
  'llama3_2/1B_full',
  'dataset=torchtune.datasets.instruct_dataset',
  ...runtimeOverrides,
];

function tuneRuntime(name: string, command: string[]) {
  return clusterRuntime(name, { mlPolicy: { numNodes: 1, torch: {} } }, [
    replicatedJob(
      'node',
      [{ name: 'node', command, resources: { limits: { 'nvidia.com/gpu': '2' } } }],
      'trainer',
    ),
  ]);
}

interface Case {
  runtime: string;
  runtimeCommand: string[];
  trainer: Trainer;
  command: string[];
}

const cases: Record<string, Case> = {
  'llama3.3 70b multi-node uses full_finetune_distributed with the multinode config': {
    runtime: 'torchtune-llama3.3-70b',
    runtimeCommand: [
      'tune',
      'run',
      'output_dir=/workspace/model/llama3_3/70B',
      'tokenizer.path=/workspace/model/original/tokenizer.model',
      'checkpointer.checkpoint_dir=/workspace/model',
    ],
    trainer: { command: ['tune', 'run'], numNodes: 30, numProcPerNode: 3 },
    command: [
      'tune',
      'run',
      '--rdzv_endpoint=test-job-node-0-0.test-job:29500',
      'full_finetune_distributed',
      '--config',
      'llama3_3/70B_full_multinode',
      'output_dir=/workspace/model/llama3_3/70B',
      'tokenizer.path=/workspace/model/original/tokenizer.model',
      'checkpointer.checkpoint_dir=/workspace/model',
    ],
  },
  'LoRA with 2 GPUs uses lora_finetune_distributed': {
    runtime: 'torchtune-llama3.2-1b',
    runtimeCommand,
    trainer: {
      command: ['tune', 'run'],
      args: ['model.lora_attn_modules=[q_proj,v_proj]'],
      resourcesPerNode: { limits: { 'nvidia.com/gpu': '2' } },
    },
    command: loraCommand,
  },
  'QLoRA with 1 GPU uses the single-device recipe without rendezvous': {
    runtime: 'torchtune-llama3.2-1b',
    runtimeCommand,
    trainer: {
      command: ['tune', 'run'],
      args: ['model.quantize_base=True'],
      resourcesPerNode: { limits: { 'nvidia.com/gpu': '1' } },
    },
    command: [
      'tune',
      'run',
      'lora_finetune_single_device',
      '--config',
      'llama3_2/1B_qlora_single_device',
      ...runtimeOverrides,
    ],
  },
  'DoRA turns QLoRA off and falls back to LoRA': {
    runtime: 'torchtune-llama3.2-1b',
    runtimeCommand,
    trainer: {
      command: ['tune', 'run'],
      args: ['model.quantize_base=True', 'model.use_dora=True', 'model.lora_attn_modules=[q_proj]'],
      resourcesPerNode: { limits: { 'nvidia.com/gpu': '2' } },
    },
    command: loraCommand,
  },
};

describe('torchtune command rewrite', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const { objects } = render(
        trainJob('test-job', tc.runtime, tc.trainer),
        tuneRuntime(tc.runtime, tc.runtimeCommand),
      );
      const node = containerOf(objectOf(objects, 'JobSet'), 'node', 'node');
      expect(node.command).toEqual(tc.command);
      expect(node.args).toEqual(tc.trainer.args);
      expect(envNames(node)).toEqual(['PET_NNODES', 'PET_NPROC_PER_NODE', 'PET_NODE_RANK']);
    });
  }

  it('renders PET_NNODES=30 and PET_NPROC_PER_NODE=3 for the 70B case', () => {
    const tc = cases[
      'llama3.3 70b multi-node uses full_finetune_distributed with the multinode config'
    ] as Case;
    const node = containerOf(
      objectOf(
        render(trainJob('test-job', tc.runtime, tc.trainer), tuneRuntime(tc.runtime, tc.runtimeCommand))
          .objects,
        'JobSet',
      ),
      'node',
      'node',
    );
    expect(node.env?.slice(0, 2)).toEqual([
      { name: 'PET_NNODES', value: '30' },
      { name: 'PET_NPROC_PER_NODE', value: '3' },
    ]);
  });
});

describe('torchtune helpers', () => {
  const models: Record<string, string> = {
    'torchtune-llama3.2-1b': 'llama3_2/1B',
    'torchtune-qwen2.5-1.5b': 'qwen2_5/1.5B',
    'torch-distributed': '',
    'a-b-c-d': '',
  };
  for (const [runtime, model] of Object.entries(models)) {
    it(`model of ${runtime} is ${JSON.stringify(model)}`, () =>
      expect(modelFromRuntimeName(runtime)).toBe(model));
  }

  const recipes: Record<string, [number, number | 'auto', number, string[], string, string]> = {
    'single node, one process, full': [1, 1, 0, [], 'full_finetune_single_device', 'm_full_single_device'],
    'single node, one GPU, LoRA': [
      1,
      'auto',
      1,
      ['model.lora_attn_modules=[q]'],
      'lora_finetune_single_device',
      'm_lora_single_device',
    ],
    'single node, many GPUs, QLoRA': [
      1,
      'auto',
      4,
      ['model.quantize_base=true'],
      'lora_finetune_distributed',
      'm_qlora',
    ],
    'single node, many GPUs, full': [1, 'auto', 4, [], 'full_finetune_distributed', 'm_full'],
    'multi node ignores LoRA': [
      2,
      8,
      8,
      ['model.lora_attn_modules=[q]'],
      'full_finetune_distributed',
      'm_full_multinode',
    ],
  };
  for (const [name, [nodes, nproc, gpus, args, recipe, config]] of Object.entries(recipes)) {
    it(name, () => expect(recipeAndConfig(nodes, nproc, gpus, 'm', args)).toEqual({ recipe, config }));
  }

  it('reads boolean args case-insensitively and only when true', () => {
    expect(isQLoRA(['model.quantize_base=TRUE'])).toBe(true);
    expect(isQLoRA(['model.quantize_base=False'])).toBe(false);
  });
});
