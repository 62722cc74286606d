// SPDX-License-Identifier: Apache-2.0
// The admission rules of TrainJob, TrainingRuntime and ClusterTrainingRuntime: every rule of
// upstream's webhooks and plugins' Validate, with upstream's messages and field paths, plus the
// JobSet name-length limit (design decision 6). One file per rule group; this file runs them.

import { applyRuntimeDefaults, applyTrainJobDefaults } from '../core/runtime-defaults.js';
import { newRuntimeInfo } from '../core/new-runtime-info.js';
import type { ValidationResult } from '@kubetrain/api';
import type { ClusterReader } from '../framework/plugin.js';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import type { RuntimeInput, TrainJobInput } from '../types.js';
import { validateFlux } from './flux.js';
import { validateInitializers } from './initializers.js';
import type { TrainJobRuleInput } from './input.js';
import { validateMPI } from './mpi.js';
import { validateNameLength } from './name-length.js';
import { validateRuntimeDeprecation, validateRuntimeMissing } from './runtime-ref.js';
import { validateRuntimePatchesUpdate, validateRuntimePatchTargets } from './runtime-patches.js';
import { validateSchedulingHints } from './scheduling.js';
import { validateTorch } from './torch.js';
import { validateTorchTune } from './torchtune.js';
import { validateVolcano } from './volcano.js';
import { validateXGBoost } from './xgboost.js';

export { validateTrainingRuntime, validateReplicatedJobs } from './training-runtime.js';
export { validateRuntimeDeprecation, validateRuntimeMissing } from './runtime-ref.js';
export { validateNameLength, generatedNames, expectedPodCounts } from './name-length.js';
export { isDomainPrefixedPath, isDNS1035Label, isDNS1123Subdomain } from './k8s-names.js';
export type { TrainJobRuleInput } from './input.js';

/** The TrainJob rules, in the order their errors are reported. */
const trainJobRules: ReadonlyArray<(input: TrainJobRuleInput) => ValidationResult['errors']> = [
  validateInitializers,
  validateRuntimePatchesUpdate,
  validateRuntimePatchTargets,
  validateTorch,
  validateTorchTune,
  validateMPI,
  validateXGBoost,
  validateFlux,
  validateVolcano,
  validateNameLength,
];

/**
 * Validates a TrainJob create (`oldJob` undefined) or update against its runtime, as upstream's
 * TrainJob webhook does, plus kubetrain's own checks.
 *
 * - `runtime` undefined means the referenced runtime does not exist: the result is upstream's
 *   "must be created before the TrainJob is created" error and nothing else. A runtimeRef to any
 *   other kind than TrainingRuntime/ClusterTrainingRuntime throws UnsupportedRuntimeError
 *   (`unsupported runtime: <Kind.group>`), as upstream's webhook fails before any rule.
 * - `info` is `newRuntimeInfo(runtime, newJob)` (runtimePatches merged, no policy enforced); it is
 *   computed when absent. The CRD defaults are applied to the TrainJobs and `runtime` here.
 * - `cluster` lends the observed JobSet (runtimePatches vs active pods; without it the stored
 *   TrainJob's `status.jobsStatus` is used) and PriorityClass existence (Volcano; skipped without).
 *
 * Warnings: the ClusterTrainingRuntime deprecation warning, then the scheduling hints. Errors: the
 * JobSet plugin's initializer and runtimePatches rules, Torch (envInjection, reserved env),
 * TorchTune, MPI, XGBoost, Flux, Volcano, then the JobSet name-length limit. Pure: no input changes.
 */
export function validateTrainJob(
  oldJobInput: TrainJobInput | undefined,
  newJobInput: TrainJobInput,
  runtimeInput: RuntimeInput | undefined,
  info?: RuntimeInfo,
  cluster: ClusterReader = {},
): ValidationResult {
  const newJob = applyTrainJobDefaults(newJobInput);
  if (runtimeInput === undefined) return validateRuntimeMissing(newJob);
  const oldJob = oldJobInput === undefined ? undefined : applyTrainJobDefaults(oldJobInput);
  const runtime = applyRuntimeDefaults(runtimeInput);
  const input: TrainJobRuleInput = {
    oldJob,
    newJob,
    runtime,
    info: info ?? newRuntimeInfo(runtime, newJob),
    cluster,
  };
  const warnings = [
    ...validateRuntimeDeprecation(newJob, runtime).warnings,
    ...validateSchedulingHints(input),
  ];
  const errors = trainJobRules.flatMap((rule) => rule(input));
  return { warnings, errors };
}
