// SPDX-License-Identifier: Apache-2.0
import { validateSchema } from '@kubetrain/api';
import { makeJobSet } from './jobset.js';
import {
  DEFAULT_TRAINER_IMAGE,
  makeClusterTrainingRuntime,
  makeReplicatedJob,
  makeTrainingRuntime,
} from './runtime.js';
import { makeTrainJob, replicatedJobPodPatch } from './trainjob.js';

describe('makeTrainJob', () => {
  it('builds a TrainJob on torch-distributed by default', () => {
    expect(makeTrainJob('ns', 'job').obj()).toEqual({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'job', namespace: 'ns' },
      spec: {
        runtimeRef: {
          name: 'torch-distributed',
          apiGroup: 'trainer.kubeflow.org',
          kind: 'ClusterTrainingRuntime',
        },
      },
    });
  });

  it('sets every spec field it offers', () => {
    const job = makeTrainJob('ns', 'job')
      .uid('u1')
      .creationTimestamp('2026-01-01T00:00:00Z')
      .labels({ 'kueue.x-k8s.io/queue-name': 'q' })
      .annotations({ a: 'b' })
      .runtimeRef('my-runtime', 'TrainingRuntime')
      .numNodes(2)
      .numProcPerNode(4)
      .image('img:1')
      .command('torchrun')
      .args('train.py', '--epochs=1')
      .env({ name: 'A', value: '1' })
      .env({ name: 'B', value: '2' })
      .resourcesPerNode({ limits: { 'nvidia.com/gpu': '8' } })
      .datasetInitializer({ storageUri: 'hf://tatsu-lab/alpaca' })
      .modelInitializer({ storageUri: 'hf://meta/llama' })
      .runtimePatch('example.io/a', { template: { metadata: { labels: { x: 'y' } } } })
      .runtimePatch('example.io/b')
      .runtimePatch('example.io/a', { template: { metadata: { labels: { x: 'z' } } } })
      .suspend(true)
      .managedBy('kueue.x-k8s.io/multikueue')
      .activeDeadlineSeconds(60)
      .obj();
    expect(job.metadata).toEqual({
      name: 'job',
      namespace: 'ns',
      uid: 'u1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { 'kueue.x-k8s.io/queue-name': 'q' },
      annotations: { a: 'b' },
    });
    expect(job.spec).toEqual({
      runtimeRef: { name: 'my-runtime', apiGroup: 'trainer.kubeflow.org', kind: 'TrainingRuntime' },
      trainer: {
        numNodes: 2,
        numProcPerNode: 4,
        image: 'img:1',
        command: ['torchrun'],
        args: ['train.py', '--epochs=1'],
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
        resourcesPerNode: { limits: { 'nvidia.com/gpu': '8' } },
      },
      initializer: {
        dataset: { storageUri: 'hf://tatsu-lab/alpaca' },
        model: { storageUri: 'hf://meta/llama' },
      },
      runtimePatches: [
        { manager: 'example.io/b' },
        { manager: 'example.io/a', trainingRuntimeSpec: { template: { metadata: { labels: { x: 'z' } } } } },
      ],
      suspend: true,
      managedBy: 'kueue.x-k8s.io/multikueue',
      activeDeadlineSeconds: 60,
    });
  });

  it('sets status conditions and jobsStatus', () => {
    const condition = {
      type: 'Suspended',
      status: 'True' as const,
      lastTransitionTime: '2026-01-01T00:00:00Z',
      reason: 'Suspended',
      message: 'TrainJob is suspended',
    };
    const jobs = { name: 'node', ready: 1, succeeded: 0, failed: 0, active: 1, suspended: 0 };
    expect(makeTrainJob('ns', 'job').conditions(condition).jobsStatus(jobs).obj().status).toEqual({
      conditions: [condition],
      jobsStatus: [jobs],
    });
  });

  it('patches the pod spec of one replicatedJob', () => {
    const patch = replicatedJobPodPatch('node', { nodeSelector: { pool: 'gpu' } });
    expect(patch).toEqual({
      replicatedJobs: [
        { name: 'node', template: { spec: { template: { spec: { nodeSelector: { pool: 'gpu' } } } } } },
      ],
    });
    const job = makeTrainJob('ns', 'job')
      .runtimePatch('example.io/a', { template: { spec: patch } })
      .obj();
    expect(validateSchema('TrainJob', job).errors).toEqual([]);
  });

  it('returns independent copies', () => {
    const builder = makeTrainJob('ns', 'job');
    const first = builder.obj();
    builder.numNodes(3);
    expect(first.spec?.trainer).toBeUndefined();
    expect(builder.obj().spec?.trainer?.numNodes).toBe(3);
  });

  it('builds objects the API accepts', () => {
    const job = makeTrainJob('ns', 'job').numNodes(2).image('img').env({ name: 'A', value: '1' }).obj();
    expect(validateSchema('TrainJob', job).errors).toEqual([]);
  });
});

describe('makeTrainingRuntime and makeClusterTrainingRuntime', () => {
  it('builds a one-node torch runtime shaped like torch-distributed', () => {
    expect(makeClusterTrainingRuntime('torch-distributed').obj()).toEqual({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'ClusterTrainingRuntime',
      metadata: { name: 'torch-distributed' },
      spec: {
        mlPolicy: { numNodes: 1, torch: {} },
        template: {
          spec: {
            replicatedJobs: [
              {
                name: 'node',
                template: {
                  metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
                  spec: {
                    template: { spec: { containers: [{ name: 'node', image: DEFAULT_TRAINER_IMAGE }] } },
                  },
                },
              },
            ],
          },
        },
      },
    });
  });

  it('edits policies, metadata and the template', () => {
    const runtime = makeTrainingRuntime('ns', 'rt')
      .labels({ 'trainer.kubeflow.org/framework': 'torch' })
      .annotations({ a: 'b' })
      .numNodes(3)
      .podGroupPolicy({ coscheduling: { scheduleTimeoutSeconds: 60 } })
      .templateLabels({ l: '1' })
      .templateAnnotations({ an: '2' })
      .withReplicatedJob(
        makeReplicatedJob('dataset-initializer', { ancestor: 'dataset-initializer', image: 'init' }),
      )
      .container('node', 'node', 'img:2', ['torchrun'], ['a'])
      .container('node', 'sidecar', 'side:1')
      .replicas('node', 2)
      .obj();
    expect(runtime.kind).toBe('TrainingRuntime');
    expect(runtime.metadata).toEqual({
      name: 'rt',
      namespace: 'ns',
      labels: { 'trainer.kubeflow.org/framework': 'torch' },
      annotations: { a: 'b' },
    });
    expect(runtime.spec!.mlPolicy).toEqual({ numNodes: 3, torch: {} });
    expect(runtime.spec!.podGroupPolicy).toEqual({ coscheduling: { scheduleTimeoutSeconds: 60 } });
    expect(runtime.spec!.template!.metadata).toEqual({ labels: { l: '1' }, annotations: { an: '2' } });
    const [node, init] = runtime.spec!.template!.spec?.replicatedJobs ?? [];
    expect(node?.replicas).toBe(2);
    expect(node?.template.spec?.template?.spec?.containers).toEqual([
      { name: 'node', image: 'img:2', command: ['torchrun'], args: ['a'] },
      { name: 'sidecar', image: 'side:1' },
    ]);
    expect(init?.name).toBe('dataset-initializer');
    expect(validateSchema('TrainingRuntime', runtime).errors).toEqual([]);
  });

  it('replaces the replicatedJobs and drops the mlPolicy on request', () => {
    const runtime = makeClusterTrainingRuntime('plain')
      .mlPolicy(undefined)
      .replicatedJobsOf(
        makeReplicatedJob('launcher', { ancestor: 'trainer', containerName: 'node', replicas: 1 }),
      )
      .obj();
    expect(runtime.spec!.mlPolicy).toBeUndefined();
    expect(runtime.spec!.template!.spec?.replicatedJobs?.map((j) => j.name)).toEqual(['launcher']);
    expect(runtime.spec!.template!.spec?.replicatedJobs?.[0]?.replicas).toBe(1);
  });

  it('rejects an edit of a replicatedJob that does not exist', () => {
    expect(() => makeClusterTrainingRuntime('rt').replicas('missing', 1)).toThrow('no replicatedJob missing');
  });
});

describe('makeJobSet', () => {
  it('builds a JobSet with status', () => {
    const jobSet = makeJobSet('ns', 'job')
      .labels({ a: 'b' })
      .replicatedJobs(makeReplicatedJob('node'))
      .suspend(false)
      .replicatedJobStatus('node', { active: 2, ready: 2 })
      .replicatedJobStatus('node', { active: 1 })
      .replicatedJobStatus('init', { succeeded: 1 })
      .completed('2026-01-02T00:00:00Z')
      .failed()
      .obj();
    expect(jobSet).toEqual({
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'job', namespace: 'ns', labels: { a: 'b' } },
      spec: {
        replicatedJobs: [
          { name: 'node', template: { spec: { template: { spec: { containers: [{ name: 'node' }] } } } } },
        ],
        suspend: false,
      },
      status: {
        replicatedJobsStatus: [
          { name: 'node', ready: 0, succeeded: 0, failed: 0, active: 1, suspended: 0 },
          { name: 'init', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
        ],
        conditions: [
          {
            type: 'Completed',
            status: 'True',
            lastTransitionTime: '2026-01-02T00:00:00Z',
            reason: 'AllJobsCompleted',
            message: 'jobset completed successfully',
          },
          {
            type: 'Failed',
            status: 'True',
            lastTransitionTime: '2026-01-01T00:00:00Z',
            reason: 'FailedJobs',
            message: 'jobset failed due to one or more job failures',
          },
        ],
      },
    });
  });
});
