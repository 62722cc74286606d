// SPDX-License-Identifier: Apache-2.0
import { validateTorchTune } from './validate-torchtune.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { Trainer } from '@kubetrain/api';

const jobs = [
  rjob('node', {
    ancestor: 'trainer',
    containers: [{ name: 'node', command: ['tune', 'run', 'output_dir=/workspace/output'] }],
  }),
];
const tune = ['tune', 'run'];
const gpus = (n: string) => ({ limits: { 'nvidia.com/gpu': n } });
const qlora = ['model.quantize_base=True'];
const lora = ['model.lora_attn_modules=[q_proj,v_proj]'];

describe('validateTorchTune', () => {
  interface Case {
    runtime: string;
    trainer: Trainer;
    torch?: boolean;
    want: Array<Record<string, unknown>>;
  }
  const cases: Record<string, Case> = {
    'not tune run: nothing checked': {
      runtime: 'torch-distributed',
      trainer: { command: ['torchrun'], numNodes: 4 },
      want: [],
    },
    'not a torch runtime: nothing checked': {
      runtime: 'torch-distributed',
      trainer: { command: tune },
      torch: false,
      want: [],
    },
    'supported model, one node, one GPU': {
      runtime: 'torchtune-llama3.2-1b',
      trainer: { command: tune, resourcesPerNode: gpus('1') },
      want: [],
    },
    'unsupported model': {
      runtime: 'torch-distributed',
      trainer: { command: tune },
      want: [
        {
          path: 'spec.runtimeRef.name',
          type: 'Invalid',
          message: 'must have a supported pretrained model, invalid model configured: ',
          value: 'torch-distributed',
        },
      ],
    },
    'three-part name of an unknown model': {
      runtime: 'torchtune-gpt2-small',
      trainer: { command: tune },
      want: [
        {
          path: 'spec.runtimeRef.name',
          type: 'Invalid',
          message: 'must have a supported pretrained model, invalid model configured: gpt2/SMALL',
          value: 'torchtune-gpt2-small',
        },
      ],
    },
    'two nodes for a 1B model': {
      runtime: 'torchtune-llama3.2-1b',
      trainer: { command: tune, numNodes: 2 },
      want: [
        {
          path: 'spec.trainer.numNodes',
          type: 'Invalid',
          message: 'must be 1 for llama3_2/1B model',
          value: 2,
        },
      ],
    },
    'several nodes for the 70B model: allowed': {
      runtime: 'torchtune-llama3.3-70b',
      trainer: { command: tune, numNodes: 30, numProcPerNode: 3 },
      want: [],
    },
    'QLoRA on qwen2.5': {
      runtime: 'torchtune-qwen2.5-1.5b',
      trainer: { command: tune, args: qlora, resourcesPerNode: gpus('1') },
      want: [
        {
          path: 'spec.runtimeRef.name',
          type: 'Invalid',
          message: 'QLoRA is not supported for qwen2_5/1.5B model',
          value: 'torchtune-qwen2.5-1.5b',
        },
      ],
    },
    'QLoRA on llama3.2 1B, single device: allowed': {
      runtime: 'torchtune-llama3.2-1b',
      trainer: { command: tune, args: qlora, resourcesPerNode: gpus('1') },
      want: [],
    },
    'QLoRA on llama3.2 3B with 4 GPUs: numProcPerNode and resourcesPerNode': {
      runtime: 'torchtune-llama3.2-3b',
      trainer: { command: tune, args: qlora, resourcesPerNode: gpus('4') },
      want: [
        {
          path: 'spec.trainer.numProcPerNode',
          type: 'Invalid',
          message: 'must be auto or 1 for llama3_2/3B model when using QLoRA',
          value: undefined,
        },
        {
          path: 'spec.trainer.resourcesPerNode',
          type: 'Invalid',
          message: 'must have gpu resource with value 1 for llama3_2/3B model when using QLoRA',
          value: gpus('4'),
        },
      ],
    },
    'LoRA across nodes on the 70B model': {
      runtime: 'torchtune-llama3.3-70b',
      trainer: { command: tune, numNodes: 2, args: lora },
      want: [
        {
          path: 'spec.trainer.numNodes',
          type: 'Invalid',
          message: 'LoRA fine-tuning is not supported for multi-node training in TorchTune',
          value: 2,
        },
      ],
    },
    'immutable configs in args': {
      runtime: 'torchtune-llama3.2-1b',
      trainer: {
        command: tune,
        resourcesPerNode: gpus('1'),
        args: [
          'batch_size=4',
          'output_dir=/tmp/out',
          'tokenizer.path=/t',
          'checkpointer.checkpoint_dir=/c',
          'tokenizer.merges_file=/m',
        ],
      },
      want: [
        ['spec.trainer.args[1]', 'output_dir=/tmp/out', 'output_dir'],
        ['spec.trainer.args[2]', 'tokenizer.path=/t', 'tokenizer.path'],
        ['spec.trainer.args[3]', 'checkpointer.checkpoint_dir=/c', 'checkpointer.checkpoint_dir'],
        ['spec.trainer.args[4]', 'tokenizer.merges_file=/m', 'tokenizer.merges_file'],
      ].map(([path, value, key]) => ({
        path,
        type: 'Invalid',
        message: `must not set immutable config "${key}" in trainer args; it is managed by the runtime`,
        value,
      })),
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const mlPolicy = tc.torch === false ? { numNodes: 1 } : { numNodes: 1, torch: {} };
      const runtime = runtimeOf(jobs, { mlPolicy }, tc.runtime);
      const job = trainJobOf('job', { trainer: tc.trainer }, {}, tc.runtime);
      expect(summarize(validateTorchTune(ruleInput(runtime, job)), true)).toEqual(tc.want);
    });
  }
});
