// SPDX-License-Identifier: Apache-2.0
import { age, phaseCounts, stateOf, stepsOf, stepsReady } from './trainjob-view.js';
import type { PodObject, Step, TrainJobObject } from './trainjob-view.js';

const job = (status: TrainJobObject['status'], spec: TrainJobObject['spec'] = {}): TrainJobObject => ({
  metadata: { name: 'j' },
  spec,
  status,
});
const cond = (type: string, status = 'True') => ({ type, status });

describe('stateOf', () => {
  const running: Step = { name: 'node-0', job: 'node', rank: 0, phase: 'Running', pod: 'j-node-0-0' };
  const cases: Record<string, [TrainJobObject, string, Step[]?]> = {
    'no status, no pods: Created': [job(undefined), 'Created'],
    'a pod running, counters not written yet: Running': [job(undefined), 'Running', [running]],
    'pods pending (none started, as the Python SDK reads it): Created': [
      job(undefined),
      'Created',
      [{ ...running, phase: 'Pending' }],
    ],
    'Complete=True with a pod still running': [
      job({ conditions: [cond('Complete')] }),
      'Complete',
      [running],
    ],
    'suspended with a pod still running': [job(undefined, { suspend: true }), 'Suspended', [running]],
    'the counters show a Job active: Running': [
      job({ jobsStatus: [{ name: 'node', active: 1 }] }),
      'Running',
    ],
    'the counters show no Job active: Created': [
      job({ jobsStatus: [{ name: 'node', active: 0 }] }),
      'Created',
    ],
    'Failed wins over Complete': [job({ conditions: [cond('Complete'), cond('Failed')] }), 'Failed'],
    'Suspended=True without spec.suspend: not Suspended': [
      job({ conditions: [cond('Suspended')] }),
      'Created',
    ],
  };
  for (const [name, [input, want, steps]] of Object.entries(cases))
    it(name, () => expect(stateOf(input, steps)).toBe(want));
});

const pod = (name: string, job: string, index: string | undefined, phase: string): PodObject => ({
  metadata: {
    name,
    labels: {
      'jobset.sigs.k8s.io/replicatedjob-name': job,
      ...(index !== undefined ? { 'batch.kubernetes.io/job-completion-index': index } : {}),
    },
  },
  status: { phase },
});

describe('stepsOf', () => {
  it('names steps as the SDK does and sorts them by job and rank', () => {
    const steps = stepsOf([
      pod('p-node-1', 'node', '1', 'Running'),
      pod('p-init', 'dataset-initializer', '0', 'Succeeded'),
      pod('p-node-0', 'node', '0', 'Pending'),
    ]);
    expect(steps.map((s) => [s.name, s.rank, s.phase, s.pod])).toEqual([
      ['dataset-initializer', 0, 'Succeeded', 'p-init'],
      ['node-0', 0, 'Pending', 'p-node-0'],
      ['node-1', 1, 'Running', 'p-node-1'],
    ]);
  });

  it("a LeaderWorkerSet group's pods are the trainer's ranks by worker index", () => {
    const lws = (name: string, index: string, phase: string) => ({
      metadata: {
        name,
        labels: {
          'leaderworkerset.sigs.k8s.io/name': 'tj',
          'leaderworkerset.sigs.k8s.io/worker-index': index,
        },
      },
      status: { phase },
    });
    const steps = stepsOf([lws('tj-0-1', '1', 'Running'), lws('tj-0', '0', 'Running')]);
    expect(steps.map((s) => [s.name, s.job, s.rank, s.pod])).toEqual([
      ['node-0', 'node', 0, 'tj-0'],
      ['node-1', 'node', 1, 'tj-0-1'],
    ]);
  });

  it('counts pods per phase and steps ready', () => {
    const steps = stepsOf([
      pod('a', 'node', '0', 'Running'),
      pod('b', 'node', '1', 'Succeeded'),
      pod('c', 'node', '2', 'Failed'),
      pod('d', 'node', '3', 'Pending'),
    ]);
    expect(phaseCounts(steps).get('node')).toEqual({ pending: 1, running: 1, succeeded: 1, failed: 1 });
    expect(stepsReady(job(undefined), steps)).toBe('2/4');
    expect(stepsReady(job(undefined, { trainer: { numNodes: 3 } }), [])).toBe('0/3');
  });
});

describe('age', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  const cases: Record<string, [string | undefined, string]> = {
    seconds: ['2026-01-01T23:59:15Z', '45s'],
    'minutes and seconds': ['2026-01-01T23:56:48Z', '3m12s'],
    minutes: ['2026-01-01T23:00:00Z', '60m'],
    'hours and minutes': ['2026-01-01T19:55:00Z', '4h5m'],
    'days and hours': ['2025-12-28T21:00:00Z', '4d3h'],
    'no timestamp': [undefined, '<unknown>'],
    'a time in the future': ['2026-01-02T00:00:09Z', '0s'],
  };
  for (const [name, [since, want]] of Object.entries(cases))
    it(name, () => expect(age(since, now)).toBe(want));
});
