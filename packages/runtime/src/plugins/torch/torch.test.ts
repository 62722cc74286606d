// SPDX-License-Identifier: Apache-2.0
import { render } from '../../engine.js';
import { PluginError, RenderError } from '../../framework/errors.js';
import {
  clusterRuntime,
  containerOf,
  envMap,
  envNames,
  jobOf,
  replicatedJob,
  thrownBy,
  torchRuntime,
  trainJob,
} from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';
import type { Trainer } from '@kubetrain/api';

interface Case {
  job: string;
  trainer: Trainer;
  nnodes: string;
  nproc: string;
  masterAddr?: string;
}

// Upstream torch_test.go TestTorchEnforceMLPolicy, resources given on the TrainJob.
const cases: Record<string, Case> = {
  'trainJob numNodes is respected rather than mlPolicy one': {
    job: 'trainJob',
    trainer: { numNodes: 2 },
    nnodes: '2',
    nproc: '1',
    masterAddr: 'trainJob-node-0-0.trainJob',
  },
  'CPU limit': {
    job: 'test-job',
    trainer: { resourcesPerNode: { limits: { cpu: '4' } } },
    nnodes: '1',
    nproc: '4',
    masterAddr: 'test-job-node-0-0.test-job',
  },
  'no CPU resources': { job: 'test-job', trainer: {}, nnodes: '1', nproc: '1' },
  'low CPU': {
    job: 'test-job',
    trainer: { resourcesPerNode: { limits: { cpu: '2' } } },
    nnodes: '1',
    nproc: '2',
  },
  'CPU request only': {
    job: 'test-job',
    trainer: { resourcesPerNode: { requests: { cpu: '3' } } },
    nnodes: '1',
    nproc: '3',
  },
  '2.5 CPU rounds up': {
    job: 'j',
    trainer: { resourcesPerNode: { limits: { cpu: '2.5' } } },
    nnodes: '1',
    nproc: '3',
  },
  '0.7 CPU rounds up to 1': {
    job: 'j',
    trainer: { resourcesPerNode: { limits: { cpu: '0.7' } } },
    nnodes: '1',
    nproc: '1',
  },
  '2500m rounds up': {
    job: 'j',
    trainer: { resourcesPerNode: { limits: { cpu: '2500m' } } },
    nnodes: '1',
    nproc: '3',
  },
  '3.7 CPU rounds up': {
    job: 'cpu-frac-job',
    trainer: { resourcesPerNode: { limits: { cpu: '3.7' } } },
    nnodes: '1',
    nproc: '4',
    masterAddr: 'cpu-frac-job-node-0-0.cpu-frac-job',
  },
  'GPU gives auto': {
    job: 'j',
    trainer: { resourcesPerNode: { limits: { 'example.com/gpu': '2' } } },
    nnodes: '1',
    nproc: 'auto',
  },
  'CPU and GPU gives auto': {
    job: 'j',
    trainer: { resourcesPerNode: { limits: { cpu: '6', 'example.com/gpu': '2' } } },
    nnodes: '1',
    nproc: 'auto',
  },
  'explicit numProcPerNode wins over CPU': {
    job: 'j',
    trainer: { numProcPerNode: 3, resourcesPerNode: { limits: { cpu: '8' } } },
    nnodes: '1',
    nproc: '3',
  },
  'multi-node multi-GPU': {
    job: 'gpu-job',
    trainer: {
      numNodes: 4,
      resourcesPerNode: { limits: { cpu: '8', memory: '16Gi', 'nvidia.com/gpu': '4' } },
    },
    nnodes: '4',
    nproc: 'auto',
    masterAddr: 'gpu-job-node-0-0.gpu-job',
  },
};

describe('Torch.enforceMLPolicy', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const jobSet = renderJobSet(trainJob(tc.job, 'torch-distributed', tc.trainer), torchRuntime());
      const node = containerOf(jobSet, 'node', 'node');
      expect(envNames(node)).toEqual([
        'PET_NNODES',
        'PET_NPROC_PER_NODE',
        'PET_NODE_RANK',
        'PET_MASTER_ADDR',
        'PET_MASTER_PORT',
      ]);
      const env = envMap(node);
      expect(env.PET_NNODES).toBe(tc.nnodes);
      expect(env.PET_NPROC_PER_NODE).toBe(tc.nproc);
      expect(env.PET_NODE_RANK).toBe("metadata.annotations['batch.kubernetes.io/job-completion-index']");
      expect(env.PET_MASTER_ADDR).toBe(tc.masterAddr ?? `${tc.job}-node-0-0.${tc.job}`);
      expect(env.PET_MASTER_PORT).toBe('29500');
      expect(node.ports).toEqual([{ containerPort: 29500 }]);
      const spec = jobOf(jobSet, 'node').template?.spec;
      expect(spec?.parallelism).toBe(Number(tc.nnodes));
      expect(spec?.completions).toBe(Number(tc.nnodes));
    });
  }

  it('uses the runtime CPU request when the TrainJob sets no resources', () => {
    const jobSet = renderJobSet(
      trainJob('j', 'torch-distributed', {}),
      torchRuntime({ requests: { cpu: '1' } }),
    );
    expect(envMap(containerOf(jobSet, 'node', 'node')).PET_NPROC_PER_NODE).toBe('1');
  });

  it('merges resourcesPerNode with the runtime resources and derives from the TrainJob value only', () => {
    const runtime = torchRuntime({ requests: { cpu: '1' } });
    const job = trainJob('j', 'torch-distributed', {
      resourcesPerNode: { limits: { 'nvidia.com/gpu': '4' } },
    });
    const node = containerOf(renderJobSet(job, runtime), 'node', 'node');
    expect(node.resources).toEqual({ limits: { 'nvidia.com/gpu': '4' }, requests: { cpu: '1' } });
    expect(envMap(node).PET_NPROC_PER_NODE).toBe('auto');
  });

  it('puts template env first, then new trainer env, then PET env, overriding in place', () => {
    const runtime = clusterRuntime('torch-distributed', { mlPolicy: { numNodes: 100, torch: {} } }, [
      replicatedJob(
        'node',
        [
          {
            name: 'node',
            image: 'runtime-image',
            env: [
              { name: 'TRAIN_JOB', value: 'original' },
              { name: 'RUNTIME', value: 'test:runtime' },
            ],
            resources: { requests: { cpu: '1' } },
          },
        ],
        'trainer',
      ),
    ]);
    const job = trainJob('test-job', 'torch-distributed', {
      image: 'test:trainjob',
      command: ['trainjob'],
      args: ['trainjob'],
      env: [
        { name: 'TRAIN_JOB', value: 'override' },
        { name: 'TRAIN_JOB_CUSTOM', value: 'test:trainjob' },
      ],
    });
    const node = containerOf(renderJobSet(job, runtime), 'node', 'node');
    expect(envNames(node)).toEqual([
      'TRAIN_JOB',
      'RUNTIME',
      'TRAIN_JOB_CUSTOM',
      'PET_NNODES',
      'PET_NPROC_PER_NODE',
      'PET_NODE_RANK',
      'PET_MASTER_ADDR',
      'PET_MASTER_PORT',
    ]);
    expect(envMap(node)).toMatchObject({ TRAIN_JOB: 'override', PET_NNODES: '100', PET_NPROC_PER_NODE: '1' });
    expect(node).toMatchObject({ image: 'test:trainjob', command: ['trainjob'], args: ['trainjob'] });
  });

  it('injects nothing into node when spec.trainer is absent', () => {
    const node = containerOf(
      renderJobSet(trainJob('j', 'torch-distributed'), torchRuntime()),
      'node',
      'node',
    );
    expect(node.env).toBeUndefined();
    expect(node.ports).toBeUndefined();
  });

  it('injects the five PET env into envInjection targets', () => {
    const runtime = clusterRuntime(
      'torch-distributed',
      {
        mlPolicy: {
          numNodes: 1,
          torch: { envInjection: { targets: [{ jobName: 'node', containerNames: ['sidecar'] }] } },
        },
      },
      [replicatedJob('node', [{ name: 'node' }, { name: 'sidecar' }], 'trainer')],
    );
    const sidecar = containerOf(
      renderJobSet(trainJob('j', 'x', { numNodes: 2 }), runtime),
      'node',
      'sidecar',
    );
    expect(envMap(sidecar)).toMatchObject({
      PET_NNODES: '2',
      PET_MASTER_ADDR: 'j-node-0-0.j',
      PET_MASTER_PORT: '29500',
    });
  });

  it('rejects an envInjection target that does not exist', () => {
    const runtime = clusterRuntime(
      'torch-distributed',
      {
        mlPolicy: {
          torch: { envInjection: { targets: [{ jobName: 'node', containerNames: ['missing'] }] } },
        },
      },
      [replicatedJob('node', [{ name: 'node' }], 'trainer')],
    );
    expect(() => render(trainJob('j', 'x', {}), runtime)).toThrow(
      new PluginError(
        'Torch',
        'enforceMLPolicy',
        { namespace: 'default', name: 'j' },
        new RenderError(
          'envInjection target podSet "node" container "missing" not found in runtime template',
        ),
      ),
    );
    expect(thrownBy(() => render(trainJob('j', 'x', {}), runtime))).toMatchObject({
      plugin: 'Torch',
      cause: expect.any(RenderError),
    });
  });
});
