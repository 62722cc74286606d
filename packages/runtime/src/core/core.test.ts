// SPDX-License-Identifier: Apache-2.0
import { RenderError, RuntimeNotFoundError, UnsupportedRuntimeError } from '../framework/errors.js';
import { clusterRuntime, replicatedJob, trainJob } from '@kubetrain/testing';
import type { JobSetSpec } from '@kubetrain/api';
import type { TrainingRuntime } from '../types.js';
import { mergeRuntimePatches, newRuntimeInfo } from './new-runtime-info.js';
import { resolveRuntime, type RuntimeLookup } from './resolve-runtime.js';
import { getNumGPUPerNode, podRequests } from './resources.js';
import { applyRuntimeDefaults, applyTrainJobDefaults, defaultedField } from './runtime-defaults.js';

const namespaced: TrainingRuntime = {
  ...clusterRuntime('rt', {}, []),
  kind: 'TrainingRuntime',
  metadata: { name: 'rt', namespace: 'default' },
};
const cluster = clusterRuntime('ctr', {}, []);
const lookup: RuntimeLookup = {
  getTrainingRuntime: (ns, name) => (ns === 'default' && name === 'rt' ? namespaced : undefined),
  getClusterTrainingRuntime: (name) => (name === 'ctr' ? cluster : undefined),
};

describe('resolveRuntime', () => {
  it('finds a TrainingRuntime in the TrainJob namespace only', () => {
    const job = trainJob('j', 'rt');
    job.spec.runtimeRef.kind = 'TrainingRuntime';
    expect(resolveRuntime(job, lookup).kind).toBe('TrainingRuntime');
    job.metadata.namespace = 'other';
    expect(() => resolveRuntime(job, lookup)).toThrow(
      new RuntimeNotFoundError(
        'TrainingRuntime specified in TrainJob is not found: trainingruntimes.trainer.kubeflow.org "rt" not found',
      ),
    );
  });

  it('defaults the kind to ClusterTrainingRuntime and the group to trainer.kubeflow.org', () => {
    const job = trainJob('j', 'ctr');
    job.spec.runtimeRef = { name: 'ctr' };
    expect(resolveRuntime(job, lookup)).toMatchObject({
      kind: 'ClusterTrainingRuntime',
      runtime: { metadata: { name: 'ctr' } },
    });
    job.spec.runtimeRef = { name: 'missing' };
    expect(() => resolveRuntime(job, lookup)).toThrow(
      'not found ClusterTrainingRuntime specified in TrainJob: clustertrainingruntimes.trainer.kubeflow.org "missing" not found',
    );
  });

  const unsupported: Record<string, [string | undefined, string | undefined, string]> = {
    'another kind': [
      'trainer.kubeflow.org',
      'Deployment',
      'unsupported runtime: Deployment.trainer.kubeflow.org',
    ],
    'another group': ['example.com', 'TrainingRuntime', 'unsupported runtime: TrainingRuntime.example.com'],
    'the empty group': ['', 'TrainingRuntime', 'unsupported runtime: TrainingRuntime'],
  };
  for (const [name, [apiGroup, kind, message]] of Object.entries(unsupported)) {
    it(`rejects ${name}`, () => {
      const job = trainJob('j', 'rt');
      job.spec.runtimeRef = {
        name: 'rt',
        ...(apiGroup !== undefined ? { apiGroup } : {}),
        ...(kind !== undefined ? { kind } : {}),
      };
      expect(() => resolveRuntime(job, lookup)).toThrow(
        new UnsupportedRuntimeError(message.replace('unsupported runtime: ', '')),
      );
      expect(() => resolveRuntime(job, lookup)).toThrow(message);
    });
  }
});

describe('applyRuntimeDefaults', () => {
  it('applies the CRD defaults without touching the input', () => {
    const runtime = clusterRuntime(
      'r',
      { mlPolicy: { mpi: {} }, podGroupPolicy: { coscheduling: {}, volcano: { networkTopology: {} } } },
      [replicatedJob('node', [{ name: 'node', ports: [{ containerPort: 80 }] }])],
    );
    runtime.spec.template.spec.failurePolicy = { maxRestarts: 3 };
    const out = applyRuntimeDefaults(runtime);
    expect(out.spec.mlPolicy?.mpi).toEqual({
      numProcPerNode: 1,
      mpiImplementation: 'OpenMPI',
      sshAuthMountPath: '/root/.ssh',
      runLauncherAsNode: false,
    });
    expect(out.spec.podGroupPolicy).toEqual({
      coscheduling: { scheduleTimeoutSeconds: 60 },
      volcano: { networkTopology: { mode: 'hard', highestTierAllowed: 1 } },
    });
    expect(out.spec.template.spec.failurePolicy).toEqual({ maxRestarts: 3, restartStrategy: 'Recreate' });
    expect(out.spec.template.spec.replicatedJobs?.[0]).toMatchObject({ groupName: 'default', replicas: 1 });
    expect(
      out.spec.template.spec.replicatedJobs?.[0]?.template?.spec?.template?.spec?.containers?.[0]?.ports,
    ).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(runtime.spec.mlPolicy?.mpi).toEqual({});
    expect(applyRuntimeDefaults(out)).toEqual(out);
  });
});

describe('applyTrainJobDefaults', () => {
  it('applies the TrainJob CRD defaults without touching the input', () => {
    const job = trainJob('j', 'rt');
    const out = applyTrainJobDefaults(job);
    expect(out.spec.runtimeRef).toEqual({
      name: 'rt',
      apiGroup: 'trainer.kubeflow.org',
      kind: 'ClusterTrainingRuntime',
    });
    expect(out.spec.suspend).toBe(false);
    expect(out.spec.managedBy).toBe('trainer.kubeflow.org/trainjob-controller');
    expect(job.spec.suspend).toBeUndefined();
    expect(applyTrainJobDefaults(out)).toEqual(out);
  });
});

describe('defaultedField', () => {
  it('returns a set value and throws a RenderError naming a field the defaults did not set', () => {
    expect(defaultedField(0, 'spec.x')).toBe(0);
    expect(() => defaultedField(undefined, 'spec.x')).toThrow(
      new RenderError('spec.x is not set: the CRD defaults were not applied'),
    );
  });
});

describe('newRuntimeInfo', () => {
  it('overlays runtimePatch metadata in order and keeps the runtime replicatedJob order', () => {
    const runtime = clusterRuntime('r', { mlPolicy: { numNodes: 3, torch: {} } }, [
      replicatedJob('dataset-initializer', [{ name: 'dataset-initializer' }], 'dataset-initializer'),
      replicatedJob('node', [{ name: 'node' }], 'trainer'),
    ]);
    runtime.spec.template.metadata = { labels: { a: 'runtime', b: 'runtime' } };
    const job = trainJob('j', 'r', undefined, {
      runtimePatches: [
        { manager: 'x.io/one', trainingRuntimeSpec: { template: { metadata: { labels: { a: 'one' } } } } },
        {
          manager: 'x.io/two',
          trainingRuntimeSpec: {
            template: {
              metadata: { labels: { a: 'two' } },
              spec: {
                replicatedJobs: [{ name: 'node', template: { metadata: { labels: { extra: 'y' } } } }],
              },
            },
          },
        },
      ],
    });
    const info = newRuntimeInfo(runtime, job);
    expect(info.labels).toEqual({ a: 'two', b: 'runtime' });
    expect(info.templateSpec.podSets.map((p) => [p.name, p.ancestor, p.count])).toEqual([
      ['dataset-initializer', 'dataset-initializer', 1],
      ['node', 'trainer', 3],
    ]);
    expect(info.templateSpec.spec.replicatedJobs?.map((r) => r.name)).toEqual([
      'dataset-initializer',
      'node',
    ]);
    expect(info.templateSpec.spec.replicatedJobs?.[1]?.template?.metadata?.labels).toEqual({
      'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer',
      extra: 'y',
    });
  });

  it('restores the runtime order after a patch reorders replicatedJobs', () => {
    const spec = { replicatedJobs: [{ name: 'a' }, { name: 'b' }] } as JobSetSpec;
    const job = trainJob('j', 'r', undefined, {
      runtimePatches: [
        {
          manager: 'x.io/m',
          trainingRuntimeSpec: { template: { spec: { replicatedJobs: [{ name: 'b' }, { name: 'a' }] } } },
        },
      ],
    });
    expect(mergeRuntimePatches(spec, job).replicatedJobs?.map((r) => r.name)).toEqual(['a', 'b']);
  });
});

describe('resources', () => {
  it('sums containers, takes the larger init container, adds overhead', () => {
    expect(
      podRequests({
        containers: [
          { name: 'a', resources: { requests: { cpu: '500m', memory: '1Gi' } } },
          { name: 'b', resources: { requests: { cpu: '250m' } } },
        ],
        initContainers: [{ name: 'i', resources: { requests: { cpu: '2', memory: '512Mi' } } }],
        overhead: { memory: '512Mi' },
      }),
    ).toEqual({ cpu: '2', memory: '1536Mi' });
  });

  const gpus: Record<string, [Parameters<typeof getNumGPUPerNode>[0], number]> = {
    'nvidia in limits': [{ limits: { 'nvidia.com/gpu': '4' } }, 4],
    'amd in requests wins': [{ requests: { 'amd.com/gpu': 2 }, limits: { 'amd.com/gpu': '8' } }, 2],
    'zero request falls back to limits': [
      { requests: { 'example.com/gpu': '0' }, limits: { 'example.com/gpu': '3' } },
      3,
    ],
    'tpu does not count': [{ limits: { 'google.com/tpu': '4' } }, 0],
    none: [undefined, 0],
  };
  for (const [name, [resources, want]] of Object.entries(gpus)) {
    it(`GPUs: ${name}`, () => expect(getNumGPUPerNode(resources)).toBe(want));
  }
});
