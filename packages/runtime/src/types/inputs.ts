// SPDX-License-Identifier: Apache-2.0
// What the public API accepts: objects typed by `@kubetrain/api`, or the engine's structural views.

import type {
  ClusterTrainingRuntime as ApiClusterTrainingRuntime,
  JobSet as ApiJobSet,
  TrainJob as ApiTrainJob,
  TrainingRuntime as ApiTrainingRuntime,
} from '@kubetrain/api';
import type { JobSet } from './jobset.js';
import type { TrainJob, TrainingRuntime } from './trainer.js';

/** A TrainJob as `@kubetrain/api` types it, or the engine's structural view of one. */
export type TrainJobInput = ApiTrainJob | TrainJob;

/** A runtime as `@kubetrain/api` types it (either kind), or the engine's structural view of one. */
export type RuntimeInput = ApiTrainingRuntime | ApiClusterTrainingRuntime | TrainingRuntime;

/** A JobSet as `@kubetrain/api` types it, or the engine's structural view of one. */
export type JobSetInput = ApiJobSet | JobSet;

/**
 * The engine's structural view of an API object. The API types mark `spec` optional (Go's
 * `omitzero`) while the CRD requires it on every object that reaches the engine, and they carry
 * members the engine never reads; the view is the same object, typed narrowly.
 */
export function view<T>(object: TrainJobInput | RuntimeInput | JobSetInput): T {
  return object as unknown as T;
}
