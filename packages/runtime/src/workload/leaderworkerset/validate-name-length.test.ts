// SPDX-License-Identifier: Apache-2.0
import { trainJobObject } from '@kubetrain/testing';
import { validateAdmission } from '../../engine.js';
import type { TrainJob, TrainingRuntime } from '../../types.js';
import { lwsPlugins, optIn, shippedRuntime } from '../../../test/leaderworkerset.js';

const nameOf = (n: number): string => `j${'a'.repeat(n - 1)}`;

function job(runtime: TrainingRuntime, length: number, spec: Partial<TrainJob['spec']>): TrainJob {
  return trainJobObject({
    name: nameOf(length),
    namespace: 'ns',
    uid: 'u',
    runtime: runtime.metadata.name ?? '',
    spec,
  });
}

const nameErrors = (runtime: TrainingRuntime, length: number, spec: Partial<TrainJob['spec']>, gate = true) =>
  validateAdmission(undefined, job(runtime, length, spec), runtime, gate ? { plugins: lwsPlugins() } : {})
    .errors.filter((e) => e.path === 'metadata.name')
    .map((e) => e.message);

const revisionMessage = (runtime: string, n: number) =>
  `must be no more than 50 characters for runtime "${runtime}": the longest controller-revision-hash ` +
  `label would be "${nameOf(n)}-0-xxxxxxxxxx" (${n + 13} characters, xxxxxxxxxx being the StatefulSet's ` +
  `revision hash), over the 63 characters LeaderWorkerSet allows`;

describe('the LeaderWorkerSet name-length rule', () => {
  const torch = () => optIn(shippedRuntime('torch-distributed'));
  const cases: Array<[string, () => TrainingRuntime, number, Partial<TrainJob['spec']>, boolean, string[]]> =
    [
      ['torch, 4 nodes: 50 characters fit', torch, 50, { trainer: { numNodes: 4 } }, true, []],
      [
        'torch, 4 nodes: 51 characters are refused, naming the revision-hash label',
        torch,
        51,
        { trainer: { numNodes: 4 } },
        true,
        [revisionMessage('torch-distributed', 51)],
      ],
      [
        'torch, 1 node: a group of one pod has no worker StatefulSet, 52 characters fit',
        torch,
        52,
        { trainer: { numNodes: 1 } },
        true,
        [],
      ],
      [
        'torch, 1 node: 53 characters are refused',
        torch,
        53,
        { trainer: { numNodes: 1 } },
        true,
        [
          'must be no more than 52 characters for runtime "torch-distributed": the longest controller-revision-hash ' +
            `label would be "${nameOf(53)}-xxxxxxxxxx" (64 characters, xxxxxxxxxx being the StatefulSet's ` +
            'revision hash), over the 63 characters LeaderWorkerSet allows',
        ],
      ],
      [
        'without the gate, the JobSet rule: 48 characters for 10 nodes, 50 refused',
        torch,
        50,
        { trainer: { numNodes: 10 } },
        false,
        [
          'must be no more than 48 characters for runtime "torch-distributed": the longest pod name would be ' +
            `"${nameOf(50)}-node-0-9-xxxxx" (65 characters, xxxxx being random), over the 63 characters JobSet allows`,
        ],
      ],
      [
        'with the gate, the JobSet rule does not run: 50 characters and 10 nodes fit',
        torch,
        50,
        { trainer: { numNodes: 10 } },
        true,
        [],
      ],
    ];
  it.each(cases)('%s', (_name, runtime, length, spec, gate, want) => {
    expect(nameErrors(runtime(), length, spec, gate)).toEqual(want);
  });

  it('an initializer step: its Job pods `<tj>-<step>-0-xxxxx` bound the name', () => {
    const runtime = optIn(shippedRuntime('torchtune-llama3.2-1b'));
    const spec = { trainer: { numNodes: 2 } };
    const steps = (runtime.spec.template.spec.replicatedJobs ?? []).map((j) => j.name);
    const longest = steps
      .filter((s) => s.endsWith('-initializer'))
      .reduce((a, b) => (b.length > a.length ? b : a), '');
    expect(longest).not.toBe('');
    const max = 63 - `-${longest}-0-xxxxx`.length;
    expect(nameErrors(runtime, max, spec)).toEqual([]);
    expect(nameErrors(runtime, max + 1, spec)).toEqual([
      `must be no more than ${max} characters for runtime "torchtune-llama3.2-1b": the longest pod name ` +
        `would be "${nameOf(max + 1)}-${longest}-0-xxxxx" (64 characters, xxxxx being random), ` +
        'over the 63 characters LeaderWorkerSet allows',
    ]);
  });
});
