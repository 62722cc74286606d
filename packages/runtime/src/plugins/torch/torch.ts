// SPDX-License-Identifier: Apache-2.0
// Torch (upstream `plugins/torch/torch.go`): torchrun's PET_* env, port 29500, the trainer count,
// processes per node from GPUs/CPUs, env injection into other containers, and torchtune.

import {
  CONTAINER_TRAINER_PORT,
  ContainerNames,
  envInjectionTargetMissingMessage,
  PluginNames,
  TorchEnv,
} from '@kubetrain/api/core';
import { RenderError } from '../../framework/errors.js';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import { findContainer, findPodSetByName, type RuntimeInfo } from '../../framework/runtime-info.js';
import type { EnvVar, TrainJob } from '../../types.js';
import { upsertEnv } from '../../util/upsert.js';
import { isTorchTuneCommand, mutateTorchTuneCommand, type NumProcPerNode } from './torchtune.js';
import { resolveNumProcPerNode } from './num-proc-per-node.js';
import { nodeRankEnv, firstNodeHost, openTrainerPort, applyTrainerNumNodes } from '../common/trainer-node.js';
import { validateTorch } from './validate.js';
import { validateTorchTune } from './validate-torchtune.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.Torch;

function petEnv(info: RuntimeInfo, numNodes: number, numProcPerNode: NumProcPerNode): EnvVar[] {
  return [
    { name: TorchEnv.NumNodes, value: String(numNodes) },
    { name: TorchEnv.NumProcPerNode, value: String(numProcPerNode) },
    nodeRankEnv(info, TorchEnv.NodeRank),
  ];
}

function masterEnv(info: RuntimeInfo, trainJob: TrainJob): EnvVar[] {
  return [
    { name: TorchEnv.MasterAddr, value: firstNodeHost(info, trainJob) },
    { name: TorchEnv.MasterPort, value: String(CONTAINER_TRAINER_PORT) },
  ];
}

/** The torch ML policy. */
export class Torch implements EnforceMLPolicyPlugin, CustomValidationPlugin {
  readonly name = name;

  /**
   * Applies the torch policy when the runtime has `mlPolicy.torch`. Throws {@link RenderError} when
   * an envInjection target names a job or container the runtime does not have.
   */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    const torch = info.runtimePolicy.mlPolicy?.torch;
    if (torch === undefined) return;
    const trainer = trainJob.spec.trainer;
    const trainerPS = applyTrainerNumNodes(info, trainJob);
    const numNodes = trainerPS?.count ?? 1;
    const { value: numProcPerNode, gpus } = resolveNumProcPerNode(info, trainJob);
    const pet = petEnv(info, numNodes, numProcPerNode);

    const node = trainerPS !== undefined ? findContainer(trainerPS, ContainerNames.Node) : undefined;
    if (trainer !== undefined && node !== undefined) {
      upsertEnv(node.env, trainer.env ?? []);
      upsertEnv(node.env, pet);
      if (isTorchTuneCommand(trainer.command))
        mutateTorchTuneCommand(info, trainJob, numNodes, numProcPerNode, gpus);
      else upsertEnv(node.env, masterEnv(info, trainJob));
      openTrainerPort(node);
    }

    for (const target of torch.envInjection?.targets ?? []) {
      const podSet = findPodSetByName(info, target.jobName);
      for (const containerName of target.containerNames) {
        const container =
          podSet?.containers.find((c) => c.name === containerName) ??
          podSet?.initContainers.find((c) => c.name === containerName);
        if (container === undefined) {
          throw new RenderError(envInjectionTargetMissingMessage(target.jobName, containerName));
        }
        upsertEnv(container.env, [...pet, ...masterEnv(info, trainJob)]);
      }
    }
  }

  /** The Torch rules (envInjection targets, reserved `PET_*` env), then the TorchTune rules. Returns data, never throws. */
  readonly validate = validateWithRules({ errors: [validateTorch, validateTorchTune] });
}

/** Creates the Torch plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): Torch {
  return new Torch();
}
