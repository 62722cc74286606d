// SPDX-License-Identifier: Apache-2.0
// TorchTune (upstream `plugins/torch/torchtune.go`): when `spec.trainer.command` is exactly
// `tune run`, the torch plugin appends the rendezvous endpoint, the recipe and config chosen from the
// node count, processes, GPUs and LoRA/QLoRA args, and the runtime's immutable overrides.

import { AncestorSteps, CONTAINER_TRAINER_PORT, ContainerNames, TorchTune } from '@kubetrain/api/core';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { ancestorOf } from '../../util/replicated-job.js';
import { firstNodeHost } from '../common/trainer-node.js';

/** Recipe names. */
const TorchTuneRecipe = {
  FullFinetuneDistributed: 'full_finetune_distributed',
  FullFinetuneSingleDevice: 'full_finetune_single_device',
  LoRAFinetuneDistributed: 'lora_finetune_distributed',
  LoRAFinetuneSingleDevice: 'lora_finetune_single_device',
} as const;

/** Config-name suffixes appended to `<model>`. */
export const TorchTuneConfigSuffix = {
  FullMultiDevices: '_full',
  FullMultiNodes: '_full_multinode',
  FullSingleDevice: '_full_single_device',
  LoRADistributed: '_lora',
  LoRASingleDevice: '_lora_single_device',
  QLoRADistributed: '_qlora',
  QLoRASingleDevice: '_qlora_single_device',
} as const;

const loraAttnModules = 'model.lora_attn_modules';
const quantizeBase = 'model.quantize_base';
const useDora = 'model.use_dora';

/** The number of processes per node as torch resolved it: an integer or `auto`. */
export type NumProcPerNode = number | 'auto';

/** True if `command` is exactly `tune run`. */
export function isTorchTuneCommand(command: readonly string[] | undefined): boolean {
  return (
    command?.length === 2 && command[0] === TorchTune.Entrypoint[0] && command[1] === TorchTune.Entrypoint[1]
  );
}

/**
 * The model a torchtune runtime name encodes: `torchtune-llama3.2-1b` → `llama3_2/1B`; names that do
 * not have exactly three dash-separated parts give `''`.
 */
export function modelFromRuntimeName(runtimeName: string): string {
  const fields = runtimeName.split('-');
  if (fields.length !== 3) return '';
  return `${(fields[1] ?? '').replaceAll('.', '_')}/${(fields[2] ?? '').toUpperCase()}`;
}

function boolArg(args: readonly string[], item: string): boolean {
  return args.some((arg) => {
    const [key = '', value = ''] = arg.split('=', 2);
    return key.includes(item) && value.toLowerCase() === 'true';
  });
}

/** True if the args ask for QLoRA: `model.quantize_base=true` without `model.use_dora=true`. */
export function isQLoRA(args: readonly string[]): boolean {
  return boolArg(args, quantizeBase) && !boolArg(args, useDora);
}

/** True if the args configure LoRA (any arg mentions `model.lora_attn_modules`). */
export function isLoRA(args: readonly string[]): boolean {
  return args.some((arg) => arg.includes(loraAttnModules));
}

/** Returns the recipe and config name for the given shape (upstream `getRecipeAndConfig`). */
export function recipeAndConfig(
  numNodes: number,
  numProcPerNode: NumProcPerNode,
  gpus: number,
  model: string,
  args: readonly string[],
): { recipe: string; config: string } {
  let recipe: string = TorchTuneRecipe.FullFinetuneDistributed;
  let suffix: string = TorchTuneConfigSuffix.FullMultiDevices;
  if (numNodes === 1 && (numProcPerNode === 1 || gpus === 1)) {
    if (isQLoRA(args)) {
      recipe = TorchTuneRecipe.LoRAFinetuneSingleDevice;
      suffix = TorchTuneConfigSuffix.QLoRASingleDevice;
    } else if (isLoRA(args)) {
      recipe = TorchTuneRecipe.LoRAFinetuneSingleDevice;
      suffix = TorchTuneConfigSuffix.LoRASingleDevice;
    } else {
      recipe = TorchTuneRecipe.FullFinetuneSingleDevice;
      suffix = TorchTuneConfigSuffix.FullSingleDevice;
    }
  } else if (numNodes === 1 && isQLoRA(args)) {
    recipe = TorchTuneRecipe.LoRAFinetuneDistributed;
    suffix = TorchTuneConfigSuffix.QLoRADistributed;
  } else if (numNodes === 1 && isLoRA(args)) {
    recipe = TorchTuneRecipe.LoRAFinetuneDistributed;
    suffix = TorchTuneConfigSuffix.LoRADistributed;
  } else if (numNodes > 1) {
    suffix = TorchTuneConfigSuffix.FullMultiNodes;
  }
  return { recipe, config: `${model}${suffix}` };
}

/** The runtime trainer `node` command items whose key is one of `TorchTune.ImmutableConfigKeys`. */
function overridesFromRuntime(info: RuntimeInfo): string[] {
  const out: string[] = [];
  for (const rJob of info.templateSpec.spec.replicatedJobs ?? []) {
    if (ancestorOf(rJob) !== AncestorSteps.Trainer) continue;
    for (const c of rJob.template.spec?.template?.spec?.containers ?? []) {
      if (c.name !== ContainerNames.Node) continue;
      for (const item of c.command ?? []) {
        const key = item.split('=')[0] ?? '';
        if ((TorchTune.ImmutableConfigKeys as readonly string[]).includes(key)) out.push(item);
      }
    }
  }
  return out;
}

/**
 * Appends the torchtune arguments to `info.trainer.command` (which starts as `tune run`):
 * `--rdzv_endpoint=<tj>-node-0-0.<tj>:29500` for multi-node or multi-process runs, the recipe,
 * `--config <model><suffix>`, then the runtime's immutable overrides.
 */
export function mutateTorchTuneCommand(
  info: RuntimeInfo,
  trainJob: TrainJob,
  numNodes: number,
  numProcPerNode: NumProcPerNode,
  gpus: number,
): void {
  const extra: string[] = [];
  const multiProcess = numProcPerNode === 'auto' ? gpus > 1 : numProcPerNode > 1;
  if (numNodes > 1 || multiProcess) {
    extra.push(`--rdzv_endpoint=${firstNodeHost(info, trainJob)}:${CONTAINER_TRAINER_PORT}`);
  }
  const model = modelFromRuntimeName(trainJob.spec.runtimeRef.name);
  const { recipe, config } = recipeAndConfig(
    numNodes,
    numProcPerNode,
    gpus,
    model,
    trainJob.spec.trainer?.args ?? [],
  );
  extra.push(recipe, '--config', config, ...overridesFromRuntime(info));
  info.trainer.command = [...(info.trainer.command ?? []), ...extra];
}
