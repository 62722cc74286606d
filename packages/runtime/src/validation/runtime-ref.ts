// SPDX-License-Identifier: Apache-2.0
// runtimeRef rules of the TrainJob webhook (upstream `ValidateObjects` of the TrainingRuntime and
// ClusterTrainingRuntime runtimes): the runtime must exist, and a deprecated
// ClusterTrainingRuntime draws a warning.

import {
  clusterTrainingRuntimeMissingMessage,
  deprecatedRuntimeReferenceWarning,
  fieldPath,
  invalid,
  Kinds,
  Labels,
  LabelValues,
  runtimeNotFoundMessage,
  trainingRuntimeMissingMessage,
  type ValidationResult,
} from '@kubetrain/api/core';
import { runtimeKindOf } from '../core/resolve-runtime.js';
import type { TrainJob, TrainingRuntime } from '../types.js';

/**
 * The errors for a TrainJob whose runtime does not exist, as upstream reports the failed Get:
 * `spec.runtimeRef` for a TrainingRuntime and `spec.RuntimeRef` (capital R, as upstream) for a
 * ClusterTrainingRuntime, value the runtimeRef, message `<NotFound error>: specified
 * trainingRuntime|clusterTrainingRuntime must be created before the TrainJob is created`. Throws
 * UnsupportedRuntimeError (`unsupported runtime: <Kind.group>`) for any other kind, as upstream's
 * registry lookup fails before the Get.
 */
export function validateRuntimeMissing(trainJob: TrainJob): ValidationResult {
  const ref = trainJob.spec.runtimeRef;
  if (runtimeKindOf(trainJob) === Kinds.TrainingRuntime) {
    const notFound = runtimeNotFoundMessage(Kinds.TrainingRuntime, ref.name);
    return {
      warnings: [],
      errors: [invalid(fieldPath('spec', 'runtimeRef'), ref, trainingRuntimeMissingMessage(notFound))],
    };
  }
  const notFound = runtimeNotFoundMessage(Kinds.ClusterTrainingRuntime, ref.name);
  return {
    warnings: [],
    errors: [invalid(fieldPath('spec', 'RuntimeRef'), ref, clusterTrainingRuntimeMissingMessage(notFound))],
  };
}

/**
 * The warnings of a TrainJob that references an existing runtime: a ClusterTrainingRuntime
 * labelled `trainer.kubeflow.org/support: deprecated` gives `Referenced ClusterTrainingRuntime
 * "<name>" is deprecated ...`. A deprecated namespaced TrainingRuntime gives none, as upstream.
 */
export function validateRuntimeDeprecation(trainJob: TrainJob, runtime: TrainingRuntime): ValidationResult {
  if (runtimeKindOf(trainJob) !== Kinds.ClusterTrainingRuntime) return { warnings: [], errors: [] };
  if (runtime.metadata.labels?.[Labels.Support] !== LabelValues.SupportDeprecated)
    return { warnings: [], errors: [] };
  return {
    warnings: [deprecatedRuntimeReferenceWarning(runtime.metadata.name ?? trainJob.spec.runtimeRef.name)],
    errors: [],
  };
}
