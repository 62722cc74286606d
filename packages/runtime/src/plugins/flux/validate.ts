// SPDX-License-Identifier: Apache-2.0
// Rules of upstream's Flux plugin: at least one process per node, and the `flux-installer` init
// container name is the plugin's own.

import { ContainerNames, fieldPath, invalid, ValidationMessages, type FieldError } from '@kubetrain/api/core';
import { findPodSetByName } from '../../framework/runtime-info.js';
import type { TrainJobRuleInput } from '../../validation/input.js';

/** Message of the Flux processes-per-node rule (upstream `flux.go`). */
const FLUX_NUM_PROC_PER_NODE_MESSAGE = 'must be greater than or equal to 1 for Flux TrainJob';

/**
 * With `mlPolicy.flux`: the policy's `numProcPerNode` below 1 is
 * `field.Invalid(spec.trainer.numProcPerNode, <n>, must be greater than or equal to 1 for Flux
 * TrainJob)` (the runtime CRD rejects it too); an init container named `flux-installer` in the
 * `node` pod set is `field.Invalid(spec.trainer.initContainers, "flux-installer", InitContainer
 * 'flux-installer' is reserved)`.
 */
export function validateFlux(input: TrainJobRuleInput): FieldError[] {
  const flux = input.info.runtimePolicy.mlPolicy?.flux;
  if (flux === undefined) return [];
  const errors: FieldError[] = [];
  if (flux.numProcPerNode !== undefined && flux.numProcPerNode < 1) {
    errors.push(
      invalid(
        fieldPath('spec', 'trainer', 'numProcPerNode'),
        flux.numProcPerNode,
        FLUX_NUM_PROC_PER_NODE_MESSAGE,
      ),
    );
  }
  for (const c of findPodSetByName(input.info, ContainerNames.Node)?.initContainers ?? []) {
    if (c.name === ContainerNames.FluxInstaller) {
      errors.push(
        invalid(
          fieldPath('spec', 'trainer', 'initContainers'),
          c.name,
          ValidationMessages.FluxInstallerReserved,
        ),
      );
    }
  }
  return errors;
}
