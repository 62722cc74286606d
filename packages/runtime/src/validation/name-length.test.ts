// SPDX-License-Identifier: Apache-2.0
import { expectedPodCounts, generatedNames, validateNameLength } from './name-length.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../test/engine.js';
import type { MLPolicy, ReplicatedJob, Trainer } from '@kubetrain/api';

const node = rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] });
const datasetInit = rjob('dataset-initializer', { ancestor: 'dataset-initializer' });
const name = (n: number): string => `j${'a'.repeat(n - 1)}`;

describe('validateNameLength', () => {
  interface Case {
    jobs: ReplicatedJob[];
    mlPolicy?: MLPolicy;
    trainer?: Trainer;
    length: number;
    want: Array<Record<string, unknown>>;
  }
  const tooLong = (
    n: number,
    max: number,
    longest: string,
    kind = 'pod',
    random = ', xxxxx being random',
  ) => ({
    path: 'metadata.name',
    type: 'Invalid',
    message:
      `must be no more than ${max} characters for runtime "torch-distributed": ` +
      `the longest ${kind} name would be "${name(n)}${longest}" (${n + longest.length} characters${random}), ` +
      'over the 63 characters JobSet allows',
    value: name(n),
  });
  const cases: Record<string, Case> = {
    'node only, 10 nodes: 48 characters fit': {
      jobs: [node],
      mlPolicy: { numNodes: 1, torch: {} },
      trainer: { numNodes: 10 },
      length: 48,
      want: [],
    },
    'node only, 10 nodes: 49 characters do not': {
      jobs: [node],
      mlPolicy: { numNodes: 1, torch: {} },
      trainer: { numNodes: 10 },
      length: 49,
      want: [tooLong(49, 48, '-node-0-9-xxxxx')],
    },
    'node only, 100 nodes: 47': {
      jobs: [node],
      mlPolicy: { numNodes: 1, torch: {} },
      trainer: { numNodes: 100 },
      length: 48,
      want: [tooLong(48, 47, '-node-0-99-xxxxx')],
    },
    'runtime numNodes without a TrainJob override': {
      jobs: [node],
      mlPolicy: { numNodes: 11, torch: {} },
      length: 48,
      want: [tooLong(48, 47, '-node-0-10-xxxxx')],
    },
    'dataset-initializer: 33 fit': {
      jobs: [datasetInit, node],
      mlPolicy: { torch: {} },
      length: 33,
      want: [],
    },
    'dataset-initializer: 34 do not': {
      jobs: [datasetInit, node],
      mlPolicy: { torch: {} },
      length: 34,
      want: [tooLong(34, 33, '-dataset-initializer-0-0-xxxxx')],
    },
    'launcher (runLauncherAsNode): 44 fit with a few nodes': {
      jobs: [
        rjob('node', { containers: [{ name: 'node' }] }),
        rjob('launcher', { ancestor: 'trainer', containers: [{ name: 'node' }] }),
      ],
      mlPolicy: { numNodes: 1, mpi: { runLauncherAsNode: true } },
      trainer: { numNodes: 4 },
      length: 44,
      want: [],
    },
    'launcher (runLauncherAsNode): 45 do not fit': {
      jobs: [
        rjob('node', { containers: [{ name: 'node' }] }),
        rjob('launcher', { ancestor: 'trainer', containers: [{ name: 'node' }] }),
      ],
      mlPolicy: { numNodes: 1, mpi: { runLauncherAsNode: true } },
      trainer: { numNodes: 12 },
      length: 45,
      want: [tooLong(45, 44, '-launcher-0-0-xxxxx')],
    },
    'replicas of a non-ancestor job count in the Job index': {
      jobs: [node, rjob('workers', { replicas: 12, parallelism: 2 })],
      length: 46,
      want: [tooLong(46, 44, '-workers-11-1-xxxxx')],
    },
    'replicas of an ancestor job are forced to 1': {
      jobs: [rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }], replicas: 20 })],
      length: 48,
      want: [],
    },
    'a step with 0 pods only makes a Job name': {
      jobs: [rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] })],
      trainer: { numNodes: 0 },
      length: 57,
      want: [tooLong(57, 56, '-node-0', 'Job', '')],
    },
  };
  for (const [caseName, tc] of Object.entries(cases)) {
    it(caseName, () => {
      const runtime = runtimeOf(tc.jobs, tc.mlPolicy !== undefined ? { mlPolicy: tc.mlPolicy } : {});
      const job = trainJobOf(name(tc.length), tc.trainer !== undefined ? { trainer: tc.trainer } : {});
      expect(summarize(validateNameLength(ruleInput(runtime, job)), true)).toEqual(tc.want);
    });
  }

  it('generated names and counts per replicatedJob', () => {
    const runtime = runtimeOf([datasetInit, node], { mlPolicy: { numNodes: 1, torch: {} } });
    const input = ruleInput(runtime, trainJobOf('job', { trainer: { numNodes: 3 } }));
    expect(expectedPodCounts(input.info, input.newJob, input.plugins)).toEqual([1, 3]);
    expect(generatedNames(input.info, input.newJob, input.plugins)).toEqual([
      { kind: 'pod', suffix: '-dataset-initializer-0-0-xxxxx' },
      { kind: 'pod', suffix: '-node-0-2-xxxxx' },
    ]);
  });

  it('MPI: numNodes goes to the node job, minus the launcher with runLauncherAsNode', () => {
    const jobs = [
      rjob('node', { containers: [{ name: 'node' }] }),
      rjob('launcher', { ancestor: 'trainer', containers: [{ name: 'node' }] }),
    ];
    const counts = (runLauncherAsNode: boolean, numNodes: number): number[] => {
      const input = ruleInput(
        runtimeOf(jobs, { mlPolicy: { numNodes: 1, mpi: { runLauncherAsNode } } }),
        trainJobOf('job', { trainer: { numNodes } }),
      );
      return expectedPodCounts(input.info, input.newJob, input.plugins);
    };
    expect(counts(true, 12)).toEqual([11, 1]);
    expect(counts(true, 1)).toEqual([1, 1]);
    expect(counts(false, 12)).toEqual([12, 1]);
  });

  it('the longest generated pod name is exactly 63 characters at the limit', () => {
    const runtime = runtimeOf([datasetInit, node], { mlPolicy: { torch: {} } });
    const input = ruleInput(runtime, trainJobOf(name(33)));
    const longest = Math.max(
      ...generatedNames(input.info, input.newJob, input.plugins).map((n) => n.suffix.length),
    );
    expect(33 + longest).toBe(63);
  });
});
