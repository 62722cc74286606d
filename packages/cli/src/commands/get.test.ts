// SPDX-License-Identifier: Apache-2.0
import { trainJobTable } from './get.js';
import type { TrainJobWithSteps } from '../cluster/read-trainjobs.js';
import type { TrainerStatusObject } from '../cluster/trainjob-view.js';

const NOW = new Date('2026-12-04T12:00:00Z');
const ago = (seconds: number): string => new Date(NOW.getTime() - seconds * 1000).toISOString();

function item(name: string, trainerStatus?: TrainerStatusObject, complete = false): TrainJobWithSteps {
  return {
    job: {
      metadata: { name, namespace: 'ns', creationTimestamp: ago(600) },
      spec: {
        runtimeRef: { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' },
        trainer: { numNodes: 2 },
      },
      status: {
        conditions: complete ? [{ type: 'Complete', status: 'True' }] : [],
        ...(trainerStatus === undefined ? {} : { trainerStatus }),
      },
    },
    pods: [],
    steps: [
      { name: 'node-0', job: 'node', rank: 0, phase: complete ? 'Succeeded' : 'Running', pod: 'p0' },
      { name: 'node-1', job: 'node', rank: 1, phase: complete ? 'Succeeded' : 'Running', pod: 'p1' },
    ],
  };
}

const rows = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => l.split(/ {3,}/));

const HEADER = ['NAME', 'STATE', 'RUNTIME', 'NODES', 'STEPS-READY', 'PROGRESS', 'ETA', 'AGE'];

describe('get: the PROGRESS and ETA columns', () => {
  const items = [
    item('none'),
    item('half', { progressPercentage: 50, estimatedRemainingSeconds: 3900, lastUpdatedTime: ago(0) }),
    item('metrics-only', { metrics: [{ name: 'loss', value: '1' }], lastUpdatedTime: ago(30) }),
    item('done', { progressPercentage: 100, estimatedRemainingSeconds: 5, lastUpdatedTime: ago(120) }, true),
  ];

  it('the table', () =>
    expect(rows(trainJobTable(items, false, false, NOW))).toEqual([
      HEADER,
      ['none', 'Running', 'torch-distributed', '2', '2/2', '-', '-', '10m'],
      ['half', 'Running', 'torch-distributed', '2', '2/2', '50%', '1h05m', '10m'],
      ['metrics-only', 'Running', 'torch-distributed', '2', '2/2', '-', '-', '10m'],
      ['done', 'Complete', 'torch-distributed', '2', '2/2', '100%', '-', '10m'],
    ]));

  it('-o wide: the time since the last report too; -A: the namespace first', () => {
    const got = rows(trainJobTable(items, true, true, NOW));
    expect(got[0]).toEqual(['NAMESPACE', ...HEADER, 'RUNTIME-KIND', 'IMAGE', 'LAST-REPORT']);
    expect(got.map((r) => r.at(-1))).toEqual(['LAST-REPORT', '-', '0s', '30s', '2m']);
  });

  it('a hostile lastUpdatedTime and values stay on their row, escaped', () => {
    const text = trainJobTable(
      [item('x', { progressPercentage: 7, lastUpdatedTime: 'now\n\u001b[31mforged' })],
      true,
      false,
      NOW,
    );
    expect(text.split('\n')).toHaveLength(3);
    expect(text).not.toContain('\u001b');
  });
});
