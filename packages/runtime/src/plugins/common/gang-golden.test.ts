// SPDX-License-Identifier: Apache-2.0
// Golden renders of one TrainJob per scheduling plugin, through the engine's `render`. Inputs are
// this folder's `<case>.input.yaml` and upstream's YAML read in place; the expected objects are
// `<case>.golden.yaml`. Regenerate with `UPDATE_GOLDEN=1` and review the diff.

import { join } from 'node:path';
import { expectGolden, readObjects, readUpstream } from '@kubetrain/testing';
import { renderYaml } from '../../../test/engine.js';
import type { RuntimeInput, TrainJobInput } from '../../types.js';

const TESTDATA = 'packages/runtime/src/plugins/common/testdata';

type Doc = Record<string, unknown>;

function isRuntime(d: Doc): boolean {
  return d['kind'] === 'TrainingRuntime' || d['kind'] === 'ClusterTrainingRuntime';
}

function pick(docs: Doc[], runtime: boolean): Doc {
  const found = docs.find((d) => isRuntime(d) === runtime && (runtime || d['kind'] === 'TrainJob'));
  if (found === undefined) throw new Error(`no ${runtime ? 'runtime' : 'TrainJob'} document`);
  return found;
}

/** Deep-merges plain objects (`overlay` wins); lists and scalars are replaced. */
function overlay(base: unknown, top: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return top;
  if (typeof top !== 'object' || top === null || Array.isArray(top)) return top;
  const out: Doc = { ...(base as Doc) };
  for (const [k, v] of Object.entries(top as Doc)) out[k] = overlay(out[k], v);
  return out;
}

interface Case {
  runtime: () => Doc;
  trainJob: () => Doc;
}

const local = (c: string): Doc[] => readObjects(join(TESTDATA, `${c}.input.yaml`));
const upstream = (path: string): Doc[] => readUpstream(path);

const cases: Record<string, Case> = {
  'coscheduling-initializers': {
    runtime: () => pick(local('coscheduling-initializers'), true),
    trainJob: () => pick(local('coscheduling-initializers'), false),
  },
  'volcano-example': {
    runtime: () => pick(upstream('examples/04-volcano-integration.yaml'), true),
    trainJob: () =>
      overlay(pick(upstream('examples/04-volcano-integration.yaml'), false), {
        metadata: { namespace: 'default', uid: '5d8c1e2f-3a4b-4c6d-9e0f-1a2b3c4d5e6f' },
      }) as Doc,
  },
  'volcano-launcher': {
    runtime: () =>
      overlay(pick(upstream('runtimes/mlx_distributed.yaml'), true), {
        spec: {
          podGroupPolicy: { volcano: { networkTopology: { mode: 'soft', highestTierAllowed: 2 } } },
          template: { metadata: { annotations: { 'scheduling.volcano.sh/queue-name': 'research' } } },
        },
      }) as Doc,
    trainJob: () => pick(local('volcano-launcher'), false),
  },
  'kai-data-cache': {
    runtime: () => pick(upstream('runtimes/data-cache/torch_distributed_with_cache.yaml'), true),
    trainJob: () => pick(local('kai-data-cache'), false),
  },
  'kueue-suspended': {
    runtime: () => pick(upstream('runtimes/torch_distributed.yaml'), true),
    trainJob: () =>
      overlay(pick(upstream('examples/03-kueue-integration.yaml'), false), {
        metadata: { namespace: 'default', uid: '3c1d9a52-7e4f-4b0a-8f6d-2a9e5b7c1d03' },
      }) as Doc,
  },
  'kueue-admitted': {
    runtime: () => pick(upstream('runtimes/torch_distributed.yaml'), true),
    trainJob: () =>
      overlay(
        overlay(pick(upstream('examples/03-kueue-integration.yaml'), false), {
          metadata: { namespace: 'default' },
        }),
        pick(local('kueue-admitted'), false),
      ) as Doc,
  },
};

describe('scheduling golden renders', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = renderYaml(tc.trainJob() as TrainJobInput, tc.runtime() as RuntimeInput);
      expectGolden(`${name}.golden.yaml`, got, { dir: TESTDATA });
    });
  }
});
