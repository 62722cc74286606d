// SPDX-License-Identifier: Apache-2.0
import { clusterRuntime, containerOf, envNames, jobOf, replicatedJob, trainJob } from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';

const runtime = clusterRuntime('plain', {}, [
  replicatedJob('node', [{ name: 'node', env: [{ name: 'T', value: 't' }] }], 'trainer'),
]);

describe('PlainML.enforceMLPolicy', () => {
  it('sets parallelism from numNodes and upserts the trainer env', () => {
    const jobSet = renderJobSet(
      trainJob('p', 'plain', {
        numNodes: 3,
        env: [
          { name: 'T', value: 'over' },
          { name: 'N', value: 'n' },
        ],
      }),
      runtime,
    );
    expect(jobOf(jobSet, 'node').template?.spec).toMatchObject({ parallelism: 3, completions: 3 });
    const node = containerOf(jobSet, 'node', 'node');
    expect(envNames(node)).toEqual(['T', 'N']);
    expect(node.env?.[0]).toEqual({ name: 'T', value: 'over' });
  });

  it('keeps numNodes 0 (schema-valid) as parallelism 0', () => {
    const jobSet = renderJobSet(trainJob('p', 'plain', { numNodes: 0 }), runtime);
    expect(jobOf(jobSet, 'node').template?.spec).toMatchObject({ parallelism: 0, completions: 0 });
  });

  it('ignores resourcesPerNode when the runtime has no mlPolicy', () => {
    const jobSet = renderJobSet(
      trainJob('p', 'plain', { resourcesPerNode: { limits: { cpu: '2' } } }),
      runtime,
    );
    expect(containerOf(jobSet, 'node', 'node').resources).toBeUndefined();
  });
});
