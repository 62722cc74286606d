// SPDX-License-Identifier: Apache-2.0
// Golden renders of the LeaderWorkerSet backend, one per ML policy and one with a gang plugin.
// `UPDATE_GOLDEN=1` rewrites testdata/.

import { expectGolden, trainJobObject } from '@kubetrain/testing';
import type { TrainJob, TrainingRuntime } from '../../types.js';
import { optIn, renderLwsYaml, shippedRuntime } from '../../../test/leaderworkerset.js';

const testdata = 'packages/runtime/src/workload/leaderworkerset/testdata';

function job(name: string, runtime: TrainingRuntime, spec: Partial<TrainJob['spec']>): TrainJob {
  return trainJobObject({
    name,
    namespace: 'golden',
    uid: `uid-${name}`,
    runtime: runtime.metadata.name ?? '',
    runtimeKind: runtime.kind,
    spec,
  });
}

const gpuTrainer: TrainJob['spec']['trainer'] = {
  numNodes: 4,
  image: 'example.com/trainer:v1',
  command: ['python3', 'train.py'],
  env: [{ name: 'EXTRA', value: 'from-trainjob' }],
  resourcesPerNode: { limits: { 'nvidia.com/gpu': '8' }, requests: { cpu: '16' } },
};

/** torch-distributed without its torch policy: the PlainML path. */
function plainRuntime(): TrainingRuntime {
  const runtime = structuredClone(shippedRuntime('torch-distributed'));
  runtime.metadata.name = 'plain-distributed';
  runtime.spec.mlPolicy = { numNodes: 1 };
  return runtime;
}

/** torch-distributed with coscheduling, a restart budget and exclusive placement on a rack. */
function gangRuntime(): TrainingRuntime {
  const runtime = optIn(shippedRuntime('torch-distributed'), {
    'leaderworkerset.sigs.k8s.io/exclusive-topology': 'topology.example.com/rack',
  });
  runtime.metadata.name = 'torch-gang';
  runtime.spec.podGroupPolicy = { coscheduling: { scheduleTimeoutSeconds: 120 } };
  runtime.spec.template.spec.failurePolicy = { maxRestarts: 3 };
  return runtime;
}

const cases: Record<string, { runtime: TrainingRuntime; spec: Partial<TrainJob['spec']> }> = {
  torch: { runtime: optIn(shippedRuntime('torch-distributed')), spec: { trainer: gpuTrainer } },
  'torch-suspended': {
    runtime: optIn(shippedRuntime('torch-distributed')),
    spec: { trainer: { numNodes: 2 }, suspend: true },
  },
  'torch-initializers': {
    runtime: optIn(shippedRuntime('torchtune-llama3.2-1b')),
    spec: {
      trainer: { numNodes: 1 },
      initializer: {
        dataset: { storageUri: 'hf://tatsu-lab/alpaca' },
        model: { storageUri: 'hf://meta-llama/Llama-3.2-1B' },
      },
    },
  },
  mpi: { runtime: optIn(shippedRuntime('deepspeed-distributed')), spec: { trainer: gpuTrainer } },
  jax: { runtime: optIn(shippedRuntime('jax-distributed')), spec: { trainer: gpuTrainer } },
  xgboost: { runtime: optIn(shippedRuntime('xgboost-distributed')), spec: { trainer: gpuTrainer } },
  plainml: {
    runtime: optIn(plainRuntime()),
    spec: { trainer: { numNodes: 3, env: [{ name: 'EXTRA', value: 'x' }] } },
  },
  'torch-coscheduling': { runtime: gangRuntime(), spec: { trainer: gpuTrainer } },
};

describe('golden: the LeaderWorkerSet rendering of each ML policy', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      expectGolden(`lws-${name}.yaml`, renderLwsYaml(job(`tj-${name}`, c.runtime, c.spec), c.runtime), {
        dir: testdata,
      });
    });
  }
});
