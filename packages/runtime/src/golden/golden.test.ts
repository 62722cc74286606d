// SPDX-License-Identifier: Apache-2.0
// Golden renders of every upstream runtime and example. `UPDATE_GOLDEN=1` rewrites testdata/.

import { render } from '../engine.js';
import type { RuntimePatch, Trainer } from '@kubetrain/api';
import type { KubeObject, TrainJob, TrainingRuntime } from '../types.js';
import { expectGolden, trainJobObject, upstreamExamples, upstreamRuntimes } from '@kubetrain/testing';
import { renderYaml } from '../../test/engine.js';

const testdata = 'packages/runtime/src/golden/testdata';

function expectRendered(name: string, yaml: string): void {
  expectGolden(`${name}.yaml`, yaml, { dir: testdata });
}

function makeTrainJob(name: string, runtime: TrainingRuntime, trainer: Trainer, extra: Partial<TrainJob['spec']> = {}): TrainJob {
  return trainJobObject({
    name,
    namespace: 'golden',
    uid: `uid-${name}`,
    runtime: runtime.metadata.name ?? '',
    runtimeKind: runtime.kind,
    spec: { trainer, ...extra },
  });
}

const platformPatch: RuntimePatch = {
  manager: 'example.io/platform-team',
  trainingRuntimeSpec: {
    template: {
      metadata: { labels: { team: 'ml-platform' } },
      spec: {
        replicatedJobs: [
          {
            name: 'node',
            template: {
              spec: {
                template: {
                  spec: {
                    nodeSelector: { 'node.kubernetes.io/instance-type': 'p5.48xlarge' },
                    tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
                  },
                },
              },
            },
          },
        ],
      },
    },
  },
};

const kueuePatch: RuntimePatch = {
  manager: 'kueue.x-k8s.io/manager',
  trainingRuntimeSpec: {
    template: {
      spec: {
        replicatedJobs: [
          {
            name: 'node',
            template: {
              spec: {
                template: { spec: { nodeSelector: { 'node.kubernetes.io/instance-type': 'p5en.48xlarge' } } },
              },
            },
          },
        ],
      },
    },
  },
};

interface Variant {
  trainer: Trainer;
  extra?: Partial<TrainJob['spec']>;
}

function variants(runtime: TrainingRuntime): Record<string, Variant> {
  const jobs = runtime.spec.template.spec.replicatedJobs ?? [];
  const hasDataset = jobs.some((j) => j.name === 'dataset-initializer');
  const hasModel = jobs.some((j) => j.name === 'model-initializer');
  return {
    '1node-cpu': { trainer: { numNodes: 1, resourcesPerNode: { requests: { cpu: '2', memory: '4Gi' } } } },
    '4node-gpu': {
      trainer: {
        numNodes: 4,
        image: 'example.com/trainer:v1',
        command: ['python3', 'train.py'],
        args: ['--epochs', '3'],
        env: [{ name: 'EXTRA', value: 'from-trainjob' }],
        resourcesPerNode: { limits: { 'nvidia.com/gpu': '8' }, requests: { cpu: '16' } },
      },
    },
    'patched-initializers': {
      trainer: { numNodes: 2 },
      extra: {
        runtimePatches: [platformPatch, kueuePatch],
        ...(hasDataset || hasModel
          ? {
              initializer: {
                ...(hasDataset ? { dataset: { storageUri: 'hf://org/dataset', secretRef: { name: 'hf-secret' } } } : {}),
                ...(hasModel ? { model: { storageUri: 'hf://org/model', env: [{ name: 'ACCESS', value: 'x' }] } } : {}),
              },
            }
          : {}),
      },
    },
  };
}

const runtimes = upstreamRuntimes();

describe('golden: upstream runtimes', () => {
  it('finds every shipped runtime', () => {
    expect([...runtimes.keys()].sort()).toEqual([
      'deepspeed-distributed',
      'jax-distributed',
      'mlx-distributed',
      'torch-distributed',
      'torch-distributed-with-cache',
      'torchtune-llama3.2-1b',
      'torchtune-llama3.2-3b',
      'torchtune-qwen2.5-1.5b',
      'xgboost-distributed',
    ]);
  });
  for (const [name, { runtime }] of runtimes) {
    for (const [variant, v] of Object.entries(variants(runtime))) {
      it(`${name} ${variant}`, () => {
        const job = makeTrainJob(`tj-${variant}`, runtime, v.trainer, v.extra);
        expectRendered(`runtime-${name}-${variant}`, renderYaml(job, runtime));
      });
    }
  }
  for (const name of ['torchtune-llama3.2-1b', 'torchtune-llama3.2-3b', 'torchtune-qwen2.5-1.5b']) {
    it(`${name} tune run`, () => {
      const entry = runtimes.get(name);
      if (entry === undefined) throw new Error(`missing ${name}`);
      const job = makeTrainJob('tune', entry.runtime, { command: ['tune', 'run'], numNodes: 1 }, {
        initializer: { dataset: { storageUri: 'hf://tatsu-lab/alpaca' } },
      });
      expectRendered(`runtime-${name}-tune-run`, renderYaml(job, entry.runtime));
    });
  }
});

describe('golden: upstream examples', () => {
  for (const example of upstreamExamples()) {
    for (const trainJob of example.trainJobs) {
      it(`${example.file} ${trainJob.metadata.name ?? ''}`, () => {
        const ref = trainJob.spec.runtimeRef.name;
        const runtime = example.runtimes.find((r) => r.metadata.name === ref) ?? runtimes.get(ref)?.runtime;
        if (runtime === undefined) throw new Error(`runtime ${ref} not found`);
        const job: TrainJob = { ...trainJob, metadata: { ...trainJob.metadata, namespace: 'golden', uid: 'uid-example' } };
        expectRendered(`example-${example.file.replace(/\.yaml$/, '')}`, renderYaml(job, runtime));
      });
    }
  }
});

function objectsOf(example: string, name: string): KubeObject[] {
  const found = upstreamExamples().find((e) => e.file === example);
  const trainJob = found?.trainJobs.find((t) => t.metadata.name === name);
  if (found === undefined || trainJob === undefined) throw new Error(`missing ${example} ${name}`);
  const ref = trainJob.spec.runtimeRef.name;
  const runtime = found.runtimes.find((r) => r.metadata.name === ref) ?? runtimes.get(ref)?.runtime;
  if (runtime === undefined) throw new Error(`runtime ${ref} not found`);
  return render({ ...trainJob, metadata: { ...trainJob.metadata, namespace: 'ns', uid: 'u' } }, runtime).objects;
}

function jobSetOf(objects: KubeObject[]) {
  const js = objects.find((o) => o.kind === 'JobSet');
  if (js === undefined) throw new Error('no JobSet');
  return js as KubeObject & { spec: { suspend: boolean; replicatedJobs: Array<Record<string, any>> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function envOf(container: { env?: Array<{ name: string; value?: string }> }): Record<string, string | undefined> {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
}

describe('golden facts (plugins-and-runtimes.md §5)', () => {
  it('01-multi-node: one JobSet, 3 pods, PET env, port 29500, suspend false', () => {
    const objects = objectsOf('01-multi-node.yaml', 'multi-node-example');
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['JobSet/multi-node-example']);
    const js = jobSetOf(objects);
    expect(js.spec.suspend).toBe(false);
    const [rJob] = js.spec.replicatedJobs;
    expect(rJob).toMatchObject({ name: 'node', groupName: 'default', replicas: 1 });
    expect(rJob?.template.spec).toMatchObject({ parallelism: 3, completions: 3 });
    const node = rJob?.template.spec.template.spec.containers[0];
    expect(envOf(node)).toEqual({
      PET_NNODES: '3',
      PET_NPROC_PER_NODE: '1',
      PET_NODE_RANK: undefined,
      PET_MASTER_ADDR: 'multi-node-example-node-0-0.multi-node-example',
      PET_MASTER_PORT: '29500',
    });
    expect(node.ports).toEqual([{ containerPort: 29500 }]);
  });

  it('02-runtime-patches: JobSet metadata, pod spec patch, resources and env', () => {
    const js = jobSetOf(objectsOf('02-runtime-patches.yaml', 'runtime-patches-example'));
    expect(js.metadata.labels).toEqual({ 'cost-center': 'research', team: 'ml-platform' });
    expect(js.metadata.annotations).toEqual({ 'prometheus.io/port': '8080', 'prometheus.io/scrape': 'true' });
    const pod = js.spec.replicatedJobs[0]?.template.spec.template.spec;
    expect(pod).toMatchObject({
      serviceAccountName: 'training-sa',
      nodeSelector: { 'node-type': 'training' },
      tolerations: [{ key: 'training-workload', operator: 'Equal', value: 'true', effect: 'NoSchedule' }],
    });
    const node = pod.containers[0];
    expect(node.resources).toEqual({ requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '4', memory: '8Gi' } });
    expect(node.env.map((e: { name: string }) => e.name)).toEqual([
      'CUSTOM_VAR',
      'PYTHONUNBUFFERED',
      'PET_NNODES',
      'PET_NPROC_PER_NODE',
      'PET_NODE_RANK',
      'PET_MASTER_ADDR',
      'PET_MASTER_PORT',
    ]);
    expect(envOf(node)).toMatchObject({
      PET_NNODES: '2',
      PET_NPROC_PER_NODE: '2',
      PET_MASTER_ADDR: 'runtime-patches-example-node-0-0.runtime-patches-example',
    });
  });

  it('03-kueue-integration: suspended JobSet with the TrainJob image', () => {
    const js = jobSetOf(objectsOf('03-kueue-integration.yaml', 'kueue-example'));
    expect(js.spec.suspend).toBe(true);
    expect(js.metadata.labels).toBeUndefined();
    const node = js.spec.replicatedJobs[0]?.template.spec.template.spec.containers[0];
    expect(node.image).toBe('python:3.11-slim');
    expect(envOf(node)).toMatchObject({ PET_NNODES: '3', PET_NPROC_PER_NODE: '2' });
  });

  it('04-volcano-integration: PET_NPROC_PER_NODE from the CPU request', () => {
    const node = jobSetOf(objectsOf('04-volcano-integration.yaml', 'volcano-example')).spec.replicatedJobs[0]?.template.spec
      .template.spec.containers[0];
    expect(envOf(node)).toMatchObject({ PET_NNODES: '4', PET_NPROC_PER_NODE: '1' });
  });

  it('05-multi-step: STORAGE_URI on the dataset initializer, one initializer pod', () => {
    const js = jobSetOf(objectsOf('05-multi-step.yaml', 'multi-step-example'));
    const [init, node] = js.spec.replicatedJobs;
    expect(init?.template.spec).toMatchObject({ parallelism: 1, completions: 1 });
    expect(init?.template.spec.template.spec.containers[0].env).toEqual([
      { name: 'STORAGE_URI', value: 'hf://tatsu-lab/alpaca' },
    ]);
    expect(node?.dependsOn).toEqual([{ name: 'dataset-initializer', status: 'Complete' }]);
    expect(node?.template.spec).toMatchObject({ parallelism: 2, completions: 2 });
  });

  it('deepspeed-distributed with numNodes 2: node count 1, hostfile in template order, env on both node containers', () => {
    const entry = runtimes.get('deepspeed-distributed');
    if (entry === undefined) throw new Error('missing deepspeed');
    const job = makeTrainJob('ds', entry.runtime, { numNodes: 2, env: [{ name: 'E', value: 'v' }] });
    const objects = render(job, entry.runtime).objects;
    expect(objects.find((o) => o.kind === 'ConfigMap')?.data).toEqual({
      hostfile: 'ds-node-0-0.ds slots=1\nds-launcher-0-0.ds slots=1\n',
    });
    const js = jobSetOf(objects);
    const [node, launcher] = js.spec.replicatedJobs;
    expect(node?.template.spec).toMatchObject({ parallelism: 1, completions: 1 });
    expect(launcher?.template.spec).toMatchObject({ parallelism: 1, completions: 1 });
    expect(node?.template.spec.template.spec.containers[0].volumeMounts).toEqual([
      { mountPath: '/home/mpiuser/.ssh', name: 'mpi-ssh-auth' },
    ]);
    expect(envOf(node?.template.spec.template.spec.containers[0])).toEqual({ E: 'v' });
    expect(envOf(launcher?.template.spec.template.spec.containers[0])).toMatchObject({
      E: 'v',
      OMPI_MCA_orte_default_hostfile: '/etc/mpi/hostfile',
    });
  });

  it('two runtime patches: the later manager wins on nodeSelector', () => {
    const entry = runtimes.get('torch-distributed');
    if (entry === undefined) throw new Error('missing torch');
    const job = makeTrainJob('p', entry.runtime, {}, { runtimePatches: [platformPatch, kueuePatch] });
    const pod = jobSetOf(render(job, entry.runtime).objects).spec.replicatedJobs[0]?.template.spec.template.spec;
    expect(pod.nodeSelector).toEqual({ 'node.kubernetes.io/instance-type': 'p5en.48xlarge' });
  });
});
