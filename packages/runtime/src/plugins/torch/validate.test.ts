// SPDX-License-Identifier: Apache-2.0
import { applyRuntimeDefaults } from '../../core/runtime-defaults.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { infoOf, ruleInput } from '../../../test/engine.js';
import { Torch } from './torch.js';
import { validateTorch } from './validate.js';
import type { MLPolicy, Trainer } from '@kubetrain/api';

const jobs = [
  rjob('dataset-initializer', { initContainers: [{ name: 'fetch' }] }),
  rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }, { name: 'metrics' }] }),
];

describe('validateTorch', () => {
  interface Case {
    mlPolicy?: MLPolicy;
    env?: Trainer['env'];
    want: Array<Record<string, unknown>>;
  }
  const reserved = (names: string) => ({
    path: 'spec.trainer.env',
    type: 'Invalid',
    message: `must not have reserved envs, invalid envs configured: [${names}]`,
  });
  const target = (job: string, c: string) => ({
    path: 'spec.runtimeRef',
    type: 'Invalid',
    message: `envInjection target podSet "${job}" container "${c}" not found in runtime template`,
  });
  const cases: Record<string, Case> = {
    'not a torch runtime: reserved names are fine': {
      mlPolicy: { numNodes: 1 },
      env: [{ name: 'PET_NODE_RANK', value: '0' }],
      want: [],
    },
    'ordinary env': { mlPolicy: { torch: {} }, env: [{ name: 'LR', value: '0.1' }], want: [] },
    'reserved PET_NODE_RANK (upstream integration case)': {
      mlPolicy: { torch: {} },
      env: [{ name: 'PET_NODE_RANK', value: '0' }],
      want: [reserved('PET_NODE_RANK')],
    },
    'several reserved names: one error, names sorted and unique': {
      mlPolicy: { torch: {} },
      env: [
        { name: 'PET_NNODES', value: '1' },
        { name: 'PET_MASTER_PORT', value: '1' },
        { name: 'PET_MASTER_ADDR', value: 'x' },
        { name: 'PET_NNODES', value: '2' },
        { name: 'PET_NPROC_PER_NODE', value: '2' },
      ],
      want: [reserved('PET_MASTER_ADDR PET_MASTER_PORT PET_NNODES PET_NPROC_PER_NODE')],
    },
    'envInjection targets that exist (container and init container)': {
      mlPolicy: {
        torch: {
          envInjection: {
            targets: [
              { jobName: 'node', containerNames: ['metrics'] },
              { jobName: 'dataset-initializer', containerNames: ['fetch'] },
            ],
          },
        },
      },
      want: [],
    },
    'envInjection: unknown container and unknown job': {
      mlPolicy: {
        torch: {
          envInjection: {
            targets: [
              { jobName: 'node', containerNames: ['metrics', 'missing'] },
              { jobName: 'launcher', containerNames: ['node'] },
            ],
          },
        },
      },
      want: [target('node', 'missing'), target('launcher', 'node')],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf(jobs, tc.mlPolicy !== undefined ? { mlPolicy: tc.mlPolicy } : {});
      const job = trainJobOf('job', tc.env !== undefined ? { trainer: { env: tc.env } } : {});
      const errors = validateTorch(ruleInput(runtime, job));
      expect(summarize(errors)).toEqual(tc.want);
      for (const e of errors) if (e.path === 'spec.trainer.env') expect(e.value).toEqual(tc.env);
    });
  }

  it('the envInjection error carries the target as its value', () => {
    const targetValue = { jobName: 'node', containerNames: ['missing'] };
    const runtime = runtimeOf(jobs, { mlPolicy: { torch: { envInjection: { targets: [targetValue] } } } });
    const [err] = validateTorch(ruleInput(runtime, trainJobOf('job')));
    expect(err?.value).toEqual(targetValue);
  });
});

describe('the Torch validate point', () => {
  it('uses the RuntimeInfo it is given', () => {
    const runtime = runtimeOf([rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] })], {
      mlPolicy: { torch: { envInjection: { targets: [{ jobName: 'node', containerNames: ['sidecar'] }] } } },
    });
    const job = trainJobOf('job');
    const ctx = { runtime: applyRuntimeDefaults(runtime), cluster: {} };
    expect(new Torch().validate(infoOf(runtime, job), undefined, job, ctx).errors.map((e) => e.path)).toEqual(
      ['spec.runtimeRef'],
    );
    const info = infoOf(runtime, job);
    info.templateSpec.podSets[0]?.containers.push({ name: 'sidecar', env: [], ports: [], volumeMounts: [] });
    expect(new Torch().validate(info, undefined, job, ctx).errors).toEqual([]);
  });
});
