// SPDX-License-Identifier: Apache-2.0
// runtimeRef resolution: a TrainJob names a TrainingRuntime in its own namespace or a
// ClusterTrainingRuntime; any other group/kind is rejected with upstream's message.

import { GROUP, Kinds, runtimeNotFoundMessage } from '@kubetrain/api/core';
import { RuntimeNotFoundError, UnsupportedRuntimeError } from '../framework/errors.js';
import { viewTrainJob, type RuntimeInput, type TrainJobInput, type TrainingRuntime } from '../types.js';
import { applyRuntimeDefaults, applyTrainJobDefaults } from './runtime-defaults.js';

/** Read access to runtimes; both methods return undefined when the object does not exist. */
export interface RuntimeLookup {
  getTrainingRuntime(namespace: string, name: string): RuntimeInput | undefined;
  getClusterTrainingRuntime(name: string): RuntimeInput | undefined;
}

/** The two kinds a runtimeRef may name. */
export type RuntimeKind = typeof Kinds.TrainingRuntime | typeof Kinds.ClusterTrainingRuntime;

/** A resolved runtime: its kind and the object with CRD defaults applied. */
export interface ResolvedRuntime {
  readonly kind: RuntimeKind;
  readonly runtime: TrainingRuntime;
}

/**
 * The runtimeRef's group and kind as Kubernetes prints a GroupKind (`Kind.group`, or `Kind` when
 * the group is empty), after the CRD defaults (`trainer.kubeflow.org` / `ClusterTrainingRuntime`);
 * empty for a TrainJob with no runtimeRef.
 */
function runtimeGroupKind(trainJob: TrainJobInput): string {
  const ref = applyTrainJobDefaults(trainJob).spec.runtimeRef;
  // Unset only when the TrainJob has no runtimeRef at all: Go's zero values, as upstream reads them.
  const group = ref.apiGroup ?? '';
  const kind = ref.kind ?? '';
  return group === '' ? kind : `${kind}.${group}`;
}

/**
 * Returns the runtime kind the TrainJob refers to. Throws {@link UnsupportedRuntimeError}
 * (`unsupported runtime: <Kind.group>`) for anything other than the two trainer kinds.
 */
export function runtimeKindOf(trainJob: TrainJobInput): RuntimeKind {
  const gk = runtimeGroupKind(trainJob);
  if (gk === `${Kinds.TrainingRuntime}.${GROUP}`) return Kinds.TrainingRuntime;
  if (gk === `${Kinds.ClusterTrainingRuntime}.${GROUP}`) return Kinds.ClusterTrainingRuntime;
  throw new UnsupportedRuntimeError(gk);
}

/**
 * Finds the runtime named by `trainJob.spec.runtimeRef` and returns it with CRD defaults applied.
 * A TrainingRuntime is looked up only in the TrainJob's namespace. Throws
 * {@link UnsupportedRuntimeError} for other kinds and {@link RuntimeNotFoundError} (upstream's
 * reconcile messages) when the object does not exist.
 */
export function resolveRuntime(trainJobInput: TrainJobInput, lookup: RuntimeLookup): ResolvedRuntime {
  const trainJob = viewTrainJob(trainJobInput);
  const kind = runtimeKindOf(trainJob);
  const name = trainJob.spec.runtimeRef.name;
  if (kind === Kinds.TrainingRuntime) {
    const runtime = lookup.getTrainingRuntime(trainJob.metadata.namespace ?? '', name);
    if (runtime === undefined) {
      throw new RuntimeNotFoundError(
        `TrainingRuntime specified in TrainJob is not found: ${runtimeNotFoundMessage(kind, name)}`,
      );
    }
    return { kind, runtime: applyRuntimeDefaults(runtime) };
  }
  const runtime = lookup.getClusterTrainingRuntime(name);
  if (runtime === undefined) {
    throw new RuntimeNotFoundError(
      `not found ClusterTrainingRuntime specified in TrainJob: ${runtimeNotFoundMessage(kind, name)}`,
    );
  }
  return { kind, runtime: applyRuntimeDefaults(runtime) };
}
