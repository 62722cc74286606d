// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from '@kubetrain/kube';
import { requestedGpus, type UsageRuntimeSpec, type UsageTrainJob } from '@kubetrain/runtime';
import { torchRuntime } from '@kubetrain/testing';
import { RuntimeTable, runtimeFacts, runtimeKeyOfJob } from './runtime-gpus.js';

/** A ClusterTrainingRuntime named `name` of `numNodes` nodes whose node container has `resources`. */
function runtime(name: string, numNodes: number | undefined, resources: Record<string, unknown>): KubeObject {
  const spec = torchRuntime(resources).spec as UsageRuntimeSpec & Record<string, unknown>;
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'ClusterTrainingRuntime',
    metadata: { name, resourceVersion: '7', labels: { big: 'x'.repeat(1000) }, annotations: { a: 'b' } },
    spec: { ...spec, mlPolicy: { ...(numNodes === undefined ? {} : { numNodes }), torch: {} } },
  } as KubeObject;
}

const GPU8 = { limits: { 'nvidia.com/gpu': 8 } };

describe('runtimeFacts', () => {
  const jobs: Record<string, UsageTrainJob> = {
    'no trainer': { spec: { runtimeRef: { name: 'rt' } } },
    'own nodes': { spec: { runtimeRef: { name: 'rt' }, trainer: { numNodes: 3 } } },
    'own resources': {
      spec: { trainer: { numNodes: 2, resourcesPerNode: { requests: { 'amd.com/gpu': '1' } } } },
    },
  };
  const runtimes: Record<string, KubeObject> = {
    'GPUs and nodes': runtime('rt', 2, GPU8),
    'GPUs, no nodes': runtime('rt', undefined, { requests: { 'nvidia.com/gpu': '4' } }),
    'no GPUs': runtime('rt', 4, { requests: { cpu: '2' } }),
  };
  const cases = Object.entries(jobs).flatMap(([j, job]) =>
    Object.entries(runtimes).map(([r, rt]) => [`${j} on ${r}`, job, rt] as const),
  );
  it.each(cases)('counts as the whole runtime does: %s', (_name, job, rt) => {
    const whole = (rt as { spec: UsageRuntimeSpec }).spec;
    expect(requestedGpus(job, runtimeFacts(rt).spec)).toBe(requestedGpus(job, whole));
  });

  it('keeps only the name, the nodes and the node container resources', () => {
    expect(runtimeFacts(runtime('rt', 2, GPU8))).toEqual({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'ClusterTrainingRuntime',
      metadata: { name: 'rt', resourceVersion: '7' },
      spec: {
        mlPolicy: { numNodes: 2 },
        template: {
          spec: {
            replicatedJobs: [
              {
                name: 'node',
                template: {
                  spec: { template: { spec: { containers: [{ name: 'node', resources: GPU8 }] } } },
                },
              },
            ],
          },
        },
      },
    });
  });
});

describe('RuntimeTable', () => {
  const table = new RuntimeTable();
  table.set('ClusterTrainingRuntime', runtimeFacts(runtime('shared', 2, GPU8)));
  table.set('TrainingRuntime', {
    ...runtimeFacts(runtime('own', 1, { limits: { 'nvidia.com/gpu': 1 } })),
    metadata: { name: 'own', namespace: 'team-a' },
  });
  table.set('TrainingRuntime', {
    ...runtimeFacts(runtime('gone', 1, GPU8)),
    metadata: { name: 'gone', namespace: 'team-a' },
  });
  table.delete('TrainingRuntime', { metadata: { name: 'gone', namespace: 'team-a' } });
  const cases: Record<string, { job: UsageTrainJob; key: string; gpus: number }> = {
    'a ClusterTrainingRuntime (the default kind)': {
      job: { metadata: { namespace: 'team-a' }, spec: { runtimeRef: { name: 'shared' } } },
      key: 'ClusterTrainingRuntime/shared',
      gpus: 16,
    },
    "a TrainingRuntime of the job's namespace": {
      job: {
        metadata: { namespace: 'team-a' },
        spec: { runtimeRef: { name: 'own', kind: 'TrainingRuntime' } },
      },
      key: 'TrainingRuntime/team-a/own',
      gpus: 1,
    },
    'a TrainingRuntime of another namespace is not it': {
      job: {
        metadata: { namespace: 'team-b' },
        spec: { runtimeRef: { name: 'own', kind: 'TrainingRuntime' } },
      },
      key: 'TrainingRuntime/team-b/own',
      gpus: 0,
    },
    'a deleted runtime: the job alone': {
      job: {
        metadata: { namespace: 'team-a' },
        spec: { runtimeRef: { name: 'gone', kind: 'TrainingRuntime' } },
      },
      key: 'TrainingRuntime/team-a/gone',
      gpus: 0,
    },
    "the job's own resources win": {
      job: {
        metadata: { namespace: 'team-a' },
        spec: {
          runtimeRef: { name: 'shared' },
          trainer: { numNodes: 3, resourcesPerNode: { limits: { 'nvidia.com/gpu': 2 } } },
        },
      },
      key: 'ClusterTrainingRuntime/shared',
      gpus: 6,
    },
  };
  it.each(Object.entries(cases))('%s', (_name, { job, key, gpus }) => {
    expect(runtimeKeyOfJob(job)).toBe(key);
    expect(table.gpusOf(job)).toBe(gpus);
  });
});
