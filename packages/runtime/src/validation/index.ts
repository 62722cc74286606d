// SPDX-License-Identifier: Apache-2.0
// The admission rules that belong to no plugin: the runtime reference (missing runtime, deprecated
// ClusterTrainingRuntime) and the JobSet name-length limit (design decision 6), plus the runtime
// webhooks' rules. Every plugin's rules sit in the plugin's own `validate` point
// (`../plugins/<name>/validate*.ts`, `../workload/jobset/validate-*.ts`); the engine's
// `validateAdmission` runs both.

import { applyRuntimeDefaults, applyTrainJobDefaults } from '../core/runtime-defaults.js';
import { newRuntimeInfo } from '../core/new-runtime-info.js';
import type { ValidationResult } from '@kubetrain/api/core';
import type { ClusterReader, Plugin } from '../framework/plugin.js';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import type { RuntimeInput, TrainJobInput } from '../types.js';
import type { TrainJobRuleInput } from './input.js';
import { defaultPlugins } from '../plugins/registry.js';
import { validateNameLength } from './name-length.js';
import { validateRuntimeDeprecation, validateRuntimeMissing } from './runtime-ref.js';

export { validateTrainingRuntime, validateReplicatedJobs } from './training-runtime.js';

/** Options of {@link validateTrainJob}. */
interface TrainJobRuleOptions {
  /** `newRuntimeInfo(runtime, newJob)`; computed when absent. */
  readonly info?: RuntimeInfo;
  /** Cluster state some rules consult. */
  readonly cluster?: ClusterReader;
  /** The plugins whose ML policies give the pod counts of the name-length rule; the defaults when absent. */
  readonly plugins?: readonly Plugin[];
}

/**
 * The TrainJob rules that belong to no plugin, for a create (`oldJob` undefined) or an update.
 *
 * - `runtime` undefined means the referenced runtime does not exist: the result is upstream's
 *   "must be created before the TrainJob is created" error and nothing else. A runtimeRef to any
 *   other kind than TrainingRuntime/ClusterTrainingRuntime throws UnsupportedRuntimeError.
 * - Warnings: the ClusterTrainingRuntime deprecation warning. Errors: the JobSet name-length limit,
 *   with the pod counts the registered ML-policy plugins give.
 *
 * The CRD defaults are applied to the TrainJobs and `runtime` here. Pure: no input changes.
 */
export function validateTrainJob(
  oldJobInput: TrainJobInput | undefined,
  newJobInput: TrainJobInput,
  runtimeInput: RuntimeInput | undefined,
  options: TrainJobRuleOptions = {},
): ValidationResult {
  const newJob = applyTrainJobDefaults(newJobInput);
  if (runtimeInput === undefined) return validateRuntimeMissing(newJob);
  const oldJob = oldJobInput === undefined ? undefined : applyTrainJobDefaults(oldJobInput);
  const runtime = applyRuntimeDefaults(runtimeInput);
  const input: TrainJobRuleInput = {
    oldJob,
    newJob,
    runtime,
    info: options.info ?? newRuntimeInfo(runtime, newJob),
    cluster: options.cluster ?? {},
    plugins: options.plugins ?? defaultPlugins(),
  };
  return {
    warnings: validateRuntimeDeprecation(newJob, runtime).warnings,
    errors: validateNameLength(input),
  };
}
