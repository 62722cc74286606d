// SPDX-License-Identifier: Apache-2.0
// The v2 objects a migration writes: the TrainJob and, when one is needed, its TrainingRuntime.

import { API_VERSION, AncestorSteps, ContainerNames, GROUP, Kinds, Labels } from '@kubetrain/api';
import type { RunPolicyFields } from './run-policy.js';
import type { Json } from './v1-kinds.js';

/** The metadata carried over from the v1 job. */
export interface CarriedMetadata {
  readonly name: string;
  readonly namespace?: string;
  readonly labels?: Json;
  readonly annotations?: Json;
}

/** The ancestor label that marks a runtime's trainer job. */
export const TRAINER_JOB_LABELS: Json = { [Labels.TrainJobAncestor]: AncestorSteps.Trainer };

/** A TrainJob on runtime `runtime` (of kind `kind`) with `trainer` and the run policy's fields. */
export function trainJobObject(
  metadata: CarriedMetadata,
  runtime: { name: string; kind: string },
  trainer: Json,
  run: RunPolicyFields,
  runtimePatches: Json[] = [],
): Json {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    metadata: { ...metadata },
    spec: {
      runtimeRef: { name: runtime.name, apiGroup: GROUP, kind: runtime.kind },
      trainer,
      ...(runtimePatches.length > 0 ? { runtimePatches } : {}),
      ...run,
    },
  };
}

/** The manager of the runtime patch a migration writes (a domain-prefixed path, as the webhook requires). */
const MIGRATION_PATCH_MANAGER = 'kubetrain.dev/migrate';

/**
 * The TrainJob's runtimePatches for `podPatch`, a patch of the trainer job's pod template (the job
 * the shipped single-job runtimes name `node`): none when it is empty.
 */
export function migrationPatches(podPatch: Json): Json[] {
  if (Object.keys(podPatch).length === 0) return [];
  const replicatedJobs = [{ name: ContainerNames.Node, template: { spec: { template: podPatch } } }];
  return [
    { manager: MIGRATION_PATCH_MANAGER, trainingRuntimeSpec: { template: { spec: { replicatedJobs } } } },
  ];
}

/** A TrainingRuntime named as the job, in its namespace, with `spec`. */
function trainingRuntimeObject(metadata: CarriedMetadata, labels: Json | undefined, spec: Json): Json {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainingRuntime,
    metadata: {
      name: metadata.name,
      ...(metadata.namespace !== undefined ? { namespace: metadata.namespace } : {}),
      ...(labels !== undefined && Object.keys(labels).length > 0 ? { labels } : {}),
    },
    spec,
  };
}

/**
 * A TrainingRuntime named as the job (with `labels` and `spec`) and a TrainJob on it with `trainer`
 * and the run policy's fields: the objects of a job no shipped runtime can run, in apply order.
 */
export function runtimeAndTrainJob(
  metadata: CarriedMetadata,
  labels: Json | undefined,
  spec: Json,
  trainer: Json,
  run: RunPolicyFields,
): Json[] {
  return [
    trainingRuntimeObject(metadata, labels, spec),
    trainJobObject(metadata, { name: metadata.name, kind: Kinds.TrainingRuntime }, trainer, run),
  ];
}
