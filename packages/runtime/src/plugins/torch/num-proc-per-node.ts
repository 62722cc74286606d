// SPDX-License-Identifier: Apache-2.0
// Torch's processes per node (upstream `plugins/torch/torch.go`), shared by the plugin and the
// torchtune rule.

import { effectiveResourcesPerNode, getNumCPUPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import type { NumProcPerNode } from './torchtune.js';

/**
 * Resolves processes per node: `spec.trainer.numProcPerNode` if set, else `auto`; `auto` without a
 * GPU becomes the CPU count (rounded up, at least 1).
 */
export function resolveNumProcPerNode(
  info: RuntimeInfo,
  trainJob: TrainJob,
): { value: NumProcPerNode; gpus: number } {
  const resources = effectiveResourcesPerNode(info, trainJob);
  const gpus = getNumGPUPerNode(resources);
  const explicit = trainJob.spec.trainer?.numProcPerNode;
  if (explicit !== undefined) return { value: explicit, gpus };
  if (gpus === 0) return { value: Math.max(1, getNumCPUPerNode(resources)), gpus };
  return { value: 'auto', gpus };
}
