// SPDX-License-Identifier: Apache-2.0
// Rules of upstream's TorchTune support (in the Torch plugin), checked when `spec.trainer.command`
// is exactly `tune run`: a supported model, one node unless the model is 70B, QLoRA only where the
// recipes support it, no LoRA across nodes, and no override of the runtime-owned config keys.

import {
  AncestorSteps,
  fieldPath,
  invalid,
  TorchTune,
  TorchTuneModels,
  torchTuneImmutableConfigMessage,
  torchTuneNumNodesMessage,
  torchTuneQLoRAGPUMessage,
  torchTuneQLoRANumProcMessage,
  torchTuneQLoRAUnsupportedMessage,
  torchTuneUnsupportedModelMessage,
  ValidationMessages,
  type FieldError,
} from '@kubetrain/api/core';
import { findPodSetByAncestor } from '../../framework/runtime-info.js';
import { resolveNumProcPerNode } from './num-proc-per-node.js';
import {
  isLoRA,
  isQLoRA,
  isTorchTuneCommand,
  modelFromRuntimeName,
  recipeAndConfig,
  TorchTuneConfigSuffix,
} from './torchtune.js';
import type { TrainJobRuleInput } from '../../validation/input.js';

/** The only model trained on more than one node. */
const MULTI_NODE_MODEL = TorchTuneModels.Llama3_3_70B;
/** Models whose QLoRA recipes exist only for a single device. */
const SINGLE_DEVICE_QLORA_MODELS: ReadonlySet<string> = new Set([
  TorchTuneModels.Llama3_2_1B,
  TorchTuneModels.Llama3_2_3B,
]);
/** Model family without QLoRA recipes. */
const NO_QLORA_PREFIX = 'qwen2_5/';

const supported: ReadonlySet<string> = new Set(TorchTune.SupportedModels);
const immutable: ReadonlySet<string> = new Set(TorchTune.ImmutableConfigKeys);

/**
 * With `mlPolicy.torch` and `spec.trainer.command: [tune, run]` (model from the runtime name,
 * `torchtune-llama3.2-1b` → `llama3_2/1B`):
 * - an unsupported model: `spec.runtimeRef.name` Invalid, `must have a supported pretrained model,
 *   invalid model configured: <model>`;
 * - more than one node for another model than `llama3_3/70B`: `spec.trainer.numNodes` Invalid,
 *   `must be 1 for <model> model`;
 * - a QLoRA config (`_qlora`, `_qlora_single_device`) for qwen2.5: `spec.runtimeRef.name` Invalid,
 *   `QLoRA is not supported for <model> model`; for llama3.2 1B/3B other than single-device:
 *   `spec.trainer.numProcPerNode` and `spec.trainer.resourcesPerNode` Invalid;
 * - LoRA or QLoRA args with more than one node: `spec.trainer.numNodes` Invalid;
 * - each `spec.trainer.args[i]` whose key is `output_dir`, `tokenizer.path`,
 *   `checkpointer.checkpoint_dir` or `tokenizer.merges_file`: Invalid, `must not set immutable
 *   config "<key>" in trainer args; it is managed by the runtime`.
 */
export function validateTorchTune(input: TrainJobRuleInput): FieldError[] {
  const { info, newJob } = input;
  const trainer = newJob.spec.trainer;
  if (info.runtimePolicy.mlPolicy?.torch === undefined || trainer === undefined) return [];
  if (!isTorchTuneCommand(trainer.command)) return [];
  const errors: FieldError[] = [];
  const runtimeName = newJob.spec.runtimeRef.name;
  const model = modelFromRuntimeName(runtimeName);
  const args = trainer.args ?? [];
  const trainerCount = findPodSetByAncestor(info, AncestorSteps.Trainer)?.count;
  const numNodes = trainer.numNodes ?? trainerCount ?? 1;
  if (!supported.has(model)) {
    errors.push(
      invalid(fieldPath('spec', 'runtimeRef', 'name'), runtimeName, torchTuneUnsupportedModelMessage(model)),
    );
  }
  if (numNodes > 1 && model !== MULTI_NODE_MODEL) {
    errors.push(invalid(fieldPath('spec', 'trainer', 'numNodes'), numNodes, torchTuneNumNodesMessage(model)));
  }
  const { value: numProcPerNode, gpus } = resolveNumProcPerNode(info, newJob);
  const { config } = recipeAndConfig(numNodes, numProcPerNode, gpus, model, args);
  if (config.includes(TorchTuneConfigSuffix.QLoRADistributed)) {
    if (model.startsWith(NO_QLORA_PREFIX)) {
      errors.push(
        invalid(
          fieldPath('spec', 'runtimeRef', 'name'),
          runtimeName,
          torchTuneQLoRAUnsupportedMessage(model),
        ),
      );
    } else if (
      SINGLE_DEVICE_QLORA_MODELS.has(model) &&
      !config.endsWith(TorchTuneConfigSuffix.QLoRASingleDevice)
    ) {
      errors.push(
        invalid(
          fieldPath('spec', 'trainer', 'numProcPerNode'),
          trainer.numProcPerNode,
          torchTuneQLoRANumProcMessage(model),
        ),
        invalid(
          fieldPath('spec', 'trainer', 'resourcesPerNode'),
          trainer.resourcesPerNode,
          torchTuneQLoRAGPUMessage(model),
        ),
      );
    }
  }
  if (numNodes > 1 && (isLoRA(args) || isQLoRA(args))) {
    errors.push(
      invalid(fieldPath('spec', 'trainer', 'numNodes'), numNodes, ValidationMessages.LoRAMultiNode),
    );
  }
  args.forEach((arg, i) => {
    const key = arg.split('=')[0] ?? '';
    if (immutable.has(key)) {
      errors.push(
        invalid(fieldPath('spec', 'trainer', 'args').index(i), arg, torchTuneImmutableConfigMessage(key)),
      );
    }
  });
  return errors;
}
