// SPDX-License-Identifier: Apache-2.0
// The CRD defaults the API server applies when it stores an object. A runtime or TrainJob read
// from a file has none of them, so the engine applies them to what it is given, with
// @kubetrain/api's `applyDefaults`: the CRD schema is the only place their values are written.
// Applying them twice is a no-op.

import { applyDefaults, Kinds } from '@kubetrain/api/core';
import { RenderError } from '../framework/errors.js';
import {
  viewRuntime,
  viewTrainJob,
  type RuntimeInput,
  type TrainingRuntime,
  type TrainJob,
  type TrainJobInput,
} from '../types.js';

/**
 * Returns a copy of `runtime` with every default of its kind's CRD schema applied, as the API
 * server stores it: the runtime's own (MPI, Flux, coscheduling, Volcano network topology) and
 * those of the embedded JobSet and pod templates (replicatedJob `replicas` and `groupName`,
 * failurePolicy `restartStrategy`, container port `protocol`, ...). A runtime without a
 * TrainingRuntime `kind` is defaulted as a ClusterTrainingRuntime (both kinds share one spec).
 */
export function applyRuntimeDefaults(runtime: RuntimeInput): TrainingRuntime {
  const kind = runtime.kind === Kinds.TrainingRuntime ? Kinds.TrainingRuntime : Kinds.ClusterTrainingRuntime;
  return viewRuntime(withRuntimeZeroValues(applyDefaults(kind, runtime)));
}

/**
 * Fills the members the engine reads but the API server may store absent (a runtime without
 * `spec`, `spec.template` or `spec.template.spec` is schema-valid) with the zero values Go's decoder
 * gives them, after the CRD defaults, so absent parts read as empty, never as a TypeError.
 */
export function withRuntimeZeroValues<T extends RuntimeInput>(runtime: T): T {
  const spec = (runtime.spec ?? {}) as NonNullable<RuntimeInput['spec']>;
  const template = spec.template ?? {};
  return {
    ...runtime,
    metadata: runtime.metadata ?? {},
    spec: { ...spec, template: { ...template, spec: template.spec ?? {} } },
  };
}

/**
 * Fills `metadata`, `spec` and `spec.runtimeRef` of a TrainJob the API server may store without
 * them (`spec` is not required by the CRD) with Go's zero values, after the CRD defaults: the
 * runtimeRef then names no group and kind, as upstream's webhook sees it.
 */
function withTrainJobZeroValues<T extends TrainJobInput>(trainJob: T): T {
  const spec = (trainJob.spec ?? {}) as NonNullable<TrainJobInput['spec']>;
  return {
    ...trainJob,
    metadata: trainJob.metadata ?? {},
    // Empty strings, not absent members, so that defaulting again leaves them as Go reads them.
    spec: { ...spec, runtimeRef: spec.runtimeRef ?? { name: '', apiGroup: '', kind: '' } },
  };
}

/**
 * Returns a copy of `trainJob` with every default of the TrainJob CRD schema applied, as the API
 * server stores it (runtimeRef `apiGroup` and `kind`, `suspend`, `managedBy`, and those of the
 * embedded core/v1 types).
 */
export function applyTrainJobDefaults(trainJob: TrainJobInput): TrainJob {
  return viewTrainJob(withTrainJobZeroValues(applyDefaults(Kinds.TrainJob, trainJob)));
}

/**
 * Returns `value`, a field the CRD schema defaults, read from an object the engine has defaulted
 * (so it is always set there). Throws a RenderError naming `field` when it is not, which means the
 * object did not go through {@link applyRuntimeDefaults} or {@link applyTrainJobDefaults}.
 */
export function defaultedField<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new RenderError(`${field} is not set: the CRD defaults were not applied`);
  return value;
}
