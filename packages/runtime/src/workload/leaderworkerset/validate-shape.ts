// SPDX-License-Identifier: Apache-2.0
// The admission rule of the LeaderWorkerSet backend: what its render would refuse, refused first.

import { fieldPath, invalid, WorkloadBackends, type FieldError } from '@kubetrain/api/core';
import { RenderError } from '../../framework/errors.js';
import type { TrainJobRuleInput } from '../../validation/input.js';
import { FLUX_UNSUPPORTED_MESSAGE } from './builder.js';
import { groupShape } from './group-shape.js';

/**
 * For a runtime rendered as a LeaderWorkerSet: the Flux ML policy, or steps that make no group (see
 * `groupShape`), are `field.Invalid(spec.runtimeRef, runtimeRef, <the render's message>)`.
 */
export function validateGroupShape(input: TrainJobRuleInput): FieldError[] {
  if (input.info.workload !== WorkloadBackends.LeaderWorkerSet) return [];
  const path = fieldPath('spec', 'runtimeRef');
  const ref = input.newJob.spec.runtimeRef;
  if (input.info.runtimePolicy.mlPolicy?.flux !== undefined)
    return [invalid(path, ref, FLUX_UNSUPPORTED_MESSAGE)];
  try {
    groupShape(input.info);
    return [];
  } catch (e) {
    if (e instanceof RenderError) return [invalid(path, ref, e.message)];
    throw e;
  }
}
