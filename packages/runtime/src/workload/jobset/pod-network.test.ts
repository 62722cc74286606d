// SPDX-License-Identifier: Apache-2.0
import { clusterRuntime, replicatedJob, trainJob } from '@kubetrain/testing';
import { render } from '../../engine.js';
import { infoOf } from '../../../test/engine.js';
import { podEndpoints, syncPodNetwork } from './pod-network.js';

describe('pod endpoints', () => {
  it('lists replica then pod, and can be iterated again', () => {
    const endpoints = podEndpoints('j-node', 'j', 2, 2);
    const want = ['j-node-0-0.j', 'j-node-0-1.j', 'j-node-1-0.j', 'j-node-1-1.j'];
    expect([...endpoints]).toEqual(want);
    expect([...endpoints]).toEqual(want);
  });

  it('builds no name until iterated: a billion pods cost nothing up front', () => {
    const runtime = clusterRuntime('rt', { mlPolicy: { numNodes: 1, torch: {} } }, [
      replicatedJob('node', [{ name: 'node' }], 'trainer'),
    ]);
    const job = trainJob('j', 'rt');
    const info = infoOf(runtime, job);
    const [podSet] = info.templateSpec.podSets;
    if (podSet === undefined) throw new Error('no pod set');
    podSet.count = 1e9;
    syncPodNetwork(info, job);
    expect(Array.isArray(podSet.endpoints)).toBe(false);
    expect(podSet.endpoints[Symbol.iterator]().next()).toEqual({ value: 'j-node-0-0.j', done: false });
  });

  it('renders a 100,000-node torch TrainJob (the Indexed Job limit) with the counts set and no per-pod object', () => {
    const runtime = clusterRuntime('rt', { mlPolicy: { numNodes: 1, torch: {} } }, [
      replicatedJob('node', [{ name: 'node' }], 'trainer'),
    ]);
    const { objects } = render(trainJob('j', 'rt', { numNodes: 100_000 }), runtime);
    expect(objects).toHaveLength(1);
    expect(JSON.stringify(objects).length).toBeLessThan(10_000);
    expect(JSON.stringify(objects)).toContain('"parallelism":100000');
  });
});
