// SPDX-License-Identifier: Apache-2.0
// The framework's workload backends: one status plugin per backend, the observed workload picks
// one, builders' applyAfter becomes the desired object's `after`.

import { WorkloadBackends } from '@kubetrain/api';
import { trainJob } from '@kubetrain/testing';
import { TooManyStatusPluginsError } from './errors.js';
import { Framework } from './framework.js';
import { owns, KindRefs } from './kinds.js';
import type { AnyPlugin, StatusResult } from './plugin.js';
import type { RuntimeInfo } from './runtime-info.js';

const result = (reason: string): StatusResult => ({
  status: {
    conditions: [{ type: 'Complete', status: 'True', reason, message: '', lastTransitionTime: 't' }],
  },
  changed: true,
});

const statusPlugin = (name: string, backend?: 'JobSet' | 'LeaderWorkerSet'): AnyPlugin => ({
  name,
  ...(backend !== undefined ? { workloadBackend: backend } : {}),
  status: () => result(name),
});

const reasonOf = (r: StatusResult) => r.status.conditions?.[0]?.reason;

describe('workload backends in the framework', () => {
  it('serves JobSet always, plus each plugin backend', () => {
    expect([...new Framework([]).workloadBackends]).toEqual(['JobSet']);
    expect([
      ...new Framework([statusPlugin('lws', WorkloadBackends.LeaderWorkerSet)]).workloadBackends,
    ]).toEqual(['JobSet', 'LeaderWorkerSet']);
  });

  it.each([
    ['two without a backend', [statusPlugin('a'), statusPlugin('b')]],
    ['a JobSet one and one without a backend', [statusPlugin('a', 'JobSet'), statusPlugin('b')]],
    [
      'two LeaderWorkerSet ones',
      [statusPlugin('a', 'LeaderWorkerSet'), statusPlugin('b', 'LeaderWorkerSet')],
    ],
  ])('refuses %s', (_name, plugins) => {
    expect(() => new Framework(plugins)).toThrow(new TooManyStatusPluginsError());
  });

  it.each([
    ['no observed LeaderWorkerSet: the JobSet plugin', {}, 'js'],
    ['an observed LeaderWorkerSet: its plugin', { leaderWorkerSet: { pods: [], jobs: [] } }, 'lws'],
  ])('%s', (_name, observed, want) => {
    const framework = new Framework([statusPlugin('js'), statusPlugin('lws', 'LeaderWorkerSet')]);
    expect(reasonOf(framework.runTrainJobStatusPlugin(trainJob('tj', 'r'), { ...observed, now: 't' }))).toBe(
      want,
    );
  });

  it('an observed LeaderWorkerSet without its plugin falls back to the JobSet plugin', () => {
    const framework = new Framework([statusPlugin('js')]);
    const observed = { leaderWorkerSet: { pods: [], jobs: [] }, now: 't' };
    expect(reasonOf(framework.runTrainJobStatusPlugin(trainJob('tj', 'r'), observed))).toBe('js');
  });

  it("puts a builder's applyAfter keys in `after`, and nothing when empty", () => {
    const builder: AnyPlugin & { applyAfter: (o: { metadata: { name?: string } }) => unknown[] } = {
      name: 'b',
      kinds: [owns(KindRefs.ConfigMap, 'always')],
      build: () => [
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'first' } },
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'second' } },
      ],
      applyAfter: (o) =>
        o.metadata.name === 'second' ? [{ group: '', kind: 'ConfigMap', namespace: '', name: 'first' }] : [],
    };
    const desired = new Framework([builder]).runComponentBuilderPlugins(
      {} as RuntimeInfo,
      trainJob('tj', 'r'),
      {},
    );
    expect(desired.map((d) => d.after)).toEqual([
      undefined,
      [{ group: '', kind: 'ConfigMap', namespace: '', name: 'first' }],
    ]);
    expect('after' in (desired[0] ?? {})).toBe(false);
  });
});
