// SPDX-License-Identifier: Apache-2.0
import type { ReplicatedJob } from '@kubetrain/api';
import { ancestorOf, ensureJobSpec, mergePodMetadata, ensurePodSpec } from './replicated-job.js';

/** A replicatedJob as a runtime read from a file may hold it: without the levels the CRD requires. */
const bare = (): ReplicatedJob => ({ name: 'node' }) as ReplicatedJob;

describe('replicatedJob access', () => {
  it('reads the ancestor label of the job template', () => {
    const rJob = {
      name: 'node',
      template: { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } } },
    } as ReplicatedJob;
    expect(ancestorOf(rJob)).toBe('trainer');
    expect(ancestorOf(bare())).toBeUndefined();
  });

  it('creates only the levels it is asked for', () => {
    const job = bare();
    ensureJobSpec(job).parallelism = 2;
    expect(job).toEqual({ name: 'node', template: { spec: { parallelism: 2 } } });
    ensurePodSpec(job).schedulerName = 'kai-scheduler';
    expect(job).toEqual({
      name: 'node',
      template: { spec: { parallelism: 2, template: { spec: { schedulerName: 'kai-scheduler' } } } },
    });
  });

  it('merges pod-template metadata; empty maps change nothing', () => {
    const job = bare();
    mergePodMetadata(job, {}, undefined);
    expect(job).toEqual({ name: 'node' });
    mergePodMetadata(job, { a: '1' }, undefined);
    mergePodMetadata(job, { b: '2' }, { c: '3' });
    expect(job.template.spec?.template.metadata).toEqual({
      labels: { a: '1', b: '2' },
      annotations: { c: '3' },
    });
  });
});
