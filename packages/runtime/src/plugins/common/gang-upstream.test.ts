// SPDX-License-Identifier: Apache-2.0
// The gang of every shipped upstream runtime (read in place): identical to upstream's sum for the
// runtimes without dependsOn, and without the steps JobSet holds back for the others.

import { computeGang } from './gang.js';
import { gangTrainJob, readUpstreamRuntime } from '@kubetrain/testing';
import { makeInfo } from '../../../test/engine.js';

describe('gang of the shipped runtimes', () => {
  const cases: Record<string, { members: string[]; includesAll: boolean }> = {
    'torch_distributed.yaml': { members: ['node'], includesAll: true },
    'jax_distributed.yaml': { members: ['node'], includesAll: true },
    'xgboost_distributed.yaml': { members: ['node'], includesAll: true },
    'deepspeed_distributed.yaml': { members: ['node'], includesAll: false },
    'mlx_distributed.yaml': { members: ['node'], includesAll: false },
    'torchtune/llama3_2/llama3_2_1B.yaml': { members: ['node'], includesAll: false },
    'torchtune/qwen2_5/qwen2_5_1.5B.yaml': { members: ['node'], includesAll: false },
    'data-cache/torch_distributed_with_cache.yaml': { members: ['node'], includesAll: false },
  };
  for (const [file, tc] of Object.entries(cases)) {
    it(file, () => {
      const runtime = readUpstreamRuntime(`runtimes/${file}`);
      const info = makeInfo(runtime, gangTrainJob('job', { runtime: runtime.metadata.name ?? '' }));
      const gang = computeGang(info);
      expect(gang.members.map((m) => m.podSet.name)).toEqual(tc.members);
      expect(gang.includesAll).toBe(tc.includesAll);
      const all = info.templateSpec.podSets.reduce((sum, ps) => sum + (ps.count ?? 1), 0);
      if (tc.includesAll) expect(gang.minMember).toBe(all);
      else expect(gang.minMember).toBeLessThan(all);
    });
  }
});
