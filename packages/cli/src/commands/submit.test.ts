// SPDX-License-Identifier: Apache-2.0
import { CliError } from '../io.js';
import { trainJobFromFlags, WAIT_TIMEOUT_MS, waitTimeout } from './submit.js';
import type { SubmitOptions } from './submit.js';

const base: SubmitOptions = {
  files: [],
  maxBytes: 1 << 20,
  env: [],
  command: [],
  wait: false,
};

describe('trainJobFromFlags', () => {
  it('builds the TrainJob the flags describe', () => {
    expect(
      trainJobFromFlags(
        {
          ...base,
          runtime: 'torch-distributed',
          nodes: 2,
          gpus: 1,
          image: 'img:1',
          env: ['EPOCHS=3', 'A=b=c'],
          command: ['torchrun', 'train.py', '--lr', '0.1'],
        },
        'team-a',
      ),
    ).toEqual({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { generateName: 'torch-distributed-', namespace: 'team-a' },
      spec: {
        runtimeRef: { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' },
        trainer: {
          numNodes: 2,
          image: 'img:1',
          command: ['torchrun', 'train.py', '--lr', '0.1'],
          env: [
            { name: 'EPOCHS', value: '3' },
            { name: 'A', value: 'b=c' },
          ],
          resourcesPerNode: { limits: { 'nvidia.com/gpu': '1' } },
        },
      },
    });
  });

  it('takes --name and a namespaced runtime; no trainer without trainer flags', () => {
    expect(
      trainJobFromFlags({ ...base, runtime: 'rt', runtimeKind: 'TrainingRuntime', name: 'x' }, 'n'),
    ).toEqual({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'x', namespace: 'n' },
      spec: { runtimeRef: { name: 'rt', kind: 'TrainingRuntime' } },
    });
  });

  const refusals: Record<string, [Partial<SubmitOptions>, string]> = {
    'no runtime': [{}, 'submit needs -f FILE or --runtime NAME'],
    'an env without =': [{ runtime: 'r', env: ['EPOCHS'] }, '--env must be NAME=VALUE, not "EPOCHS"'],
    'an env without a name': [{ runtime: 'r', env: ['=1'] }, '--env must be NAME=VALUE, not "=1"'],
  };
  for (const [name, [options, message]] of Object.entries(refusals)) {
    it(`refuses ${name}`, () => {
      expect(() => trainJobFromFlags({ ...base, ...options }, 'n')).toThrow(new CliError(message));
    });
  }
});

describe('waitTimeout', () => {
  const cases: [string, Parameters<typeof waitTimeout>[0], number | undefined][] = [
    ['neither --wait nor --follow: no waiting', { wait: false }, undefined],
    ['--wait: one hour', { wait: true }, WAIT_TIMEOUT_MS],
    ['--follow: no limit', { wait: false, follow: true }, Infinity],
    ['--wait --follow: no limit', { wait: true, follow: true }, Infinity],
    ['--wait --timeout 5s', { wait: true, timeoutMs: 5000 }, 5000],
    ['--follow --timeout 5s', { wait: false, follow: true, timeoutMs: 5000 }, 5000],
  ];
  for (const [name, options, want] of cases) it(name, () => expect(waitTimeout(options)).toBe(want));
});
