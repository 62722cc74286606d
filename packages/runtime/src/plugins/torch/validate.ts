// SPDX-License-Identifier: Apache-2.0
// Rules of upstream's Torch plugin: envInjection targets must exist, and `spec.trainer.env` must not
// set the torchrun variables the plugin injects.

import {
  envInjectionTargetMissingMessage,
  fieldPath,
  invalid,
  TORCH_RESERVED_ENV_NAMES,
  type FieldError,
} from '@kubetrain/api/core';
import { findPodSetByName } from '../../framework/runtime-info.js';
import { validateReservedTrainerEnv, type TrainJobRuleInput } from '../../validation/input.js';

const RESERVED: ReadonlySet<string> = new Set(TORCH_RESERVED_ENV_NAMES);

/**
 * With `mlPolicy.torch`: every `envInjection.targets[].containerNames[]` must name a container or
 * init container of the pod set `jobName` (`field.Invalid(spec.runtimeRef, <target>,
 * envInjection target podSet "<job>" container "<c>" not found in runtime template)`), and
 * `spec.trainer.env` must not use `PET_NNODES`, `PET_NPROC_PER_NODE`, `PET_NODE_RANK`,
 * `PET_MASTER_ADDR`, `PET_MASTER_PORT` (`field.Invalid(spec.trainer.env, <env>, must not have
 * reserved envs, invalid envs configured: [<sorted names>])`).
 */
export function validateTorch(input: TrainJobRuleInput): FieldError[] {
  const torch = input.info.runtimePolicy.mlPolicy?.torch;
  if (torch === undefined) return [];
  const errors: FieldError[] = [];
  for (const target of torch.envInjection?.targets ?? []) {
    const podSet = findPodSetByName(input.info, target.jobName);
    const names = new Set(
      [...(podSet?.containers ?? []), ...(podSet?.initContainers ?? [])].map((c) => c.name),
    );
    for (const container of target.containerNames) {
      if (!names.has(container)) {
        errors.push(
          invalid(
            fieldPath('spec', 'runtimeRef'),
            target,
            envInjectionTargetMissingMessage(target.jobName, container),
          ),
        );
      }
    }
  }
  errors.push(...validateReservedTrainerEnv(input.newJob, RESERVED));
  return errors;
}
