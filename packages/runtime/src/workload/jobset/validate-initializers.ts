// SPDX-License-Identifier: Apache-2.0
// Initializer rules of upstream's JobSet plugin: a TrainJob that configures a dataset or model
// initializer needs the runtime's matching job, container and `initializer` volume mount.

import {
  ContainerNames,
  fieldPath,
  invalid,
  ValidationMessages,
  VolumeNames,
  type FieldError,
} from '@kubetrain/api/core';
import { allContainersOf, replicatedJobsOf, type TrainJobRuleInput } from '../../validation/input.js';

interface InitializerRule {
  readonly name: string;
  readonly configured: (input: TrainJobRuleInput) => boolean;
  readonly jobMissing: string;
  readonly containerMissing: string;
  readonly mountMissing: string;
}

const rules: readonly InitializerRule[] = [
  {
    name: ContainerNames.DatasetInitializer,
    configured: (input) => input.newJob.spec.initializer?.dataset !== undefined,
    jobMissing: ValidationMessages.DatasetInitializerJobMissing,
    containerMissing: ValidationMessages.DatasetInitializerContainerMissing,
    mountMissing: ValidationMessages.DatasetInitializerVolumeMountMissing,
  },
  {
    name: ContainerNames.ModelInitializer,
    configured: (input) => input.newJob.spec.initializer?.model !== undefined,
    jobMissing: ValidationMessages.ModelInitializerJobMissing,
    containerMissing: ValidationMessages.ModelInitializerContainerMissing,
    mountMissing: ValidationMessages.ModelInitializerVolumeMountMissing,
  },
];

/**
 * For `spec.initializer.dataset` (and `.model`): the runtime (runtimePatches merged) must have a
 * replicatedJob named `dataset-initializer`, with a container (or init container) of that name,
 * which mounts a volume named `initializer`. Jobs are found by name, not by ancestor label, as
 * upstream. Each failure is `field.Invalid(spec.runtimeRef, runtimeRef, <message>)`; only the
 * first missing piece per initializer is reported.
 */
export function validateInitializers(input: TrainJobRuleInput): FieldError[] {
  const errors: FieldError[] = [];
  const ref = input.newJob.spec.runtimeRef;
  const path = fieldPath('spec', 'runtimeRef');
  for (const rule of rules) {
    if (!rule.configured(input)) continue;
    const job = replicatedJobsOf(input.info).find((r) => r.name === rule.name);
    if (job === undefined) {
      errors.push(invalid(path, ref, rule.jobMissing));
      continue;
    }
    const container = allContainersOf(job).find((c) => c.name === rule.name);
    if (container === undefined) {
      errors.push(invalid(path, ref, rule.containerMissing));
      continue;
    }
    if (!(container.volumeMounts ?? []).some((m) => m.name === VolumeNames.Initializer)) {
      errors.push(invalid(path, ref, rule.mountMissing));
    }
  }
  return errors;
}
