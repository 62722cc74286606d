// SPDX-License-Identifier: Apache-2.0
// The runtime snapshot (upstream `pkg/runtime/core/snapshot.go`, KEP-2599): ConfigMap
// `<tj>-runtime-snapshot` whose `runtime` key holds the (Cluster)TrainingRuntime as it was when the
// TrainJob was first reconciled, so later runtime edits do not leak into the job. The engine builds and
// checks the ConfigMap; the YAML codec is passed in (upstream uses sigs.k8s.io/yaml).

import {
  DataKeys,
  EngineMessages,
  ObjectNameSuffixes,
  snapshotUnmarshalMessage,
  snapshotWrongRuntimeMessage,
} from '@kubetrain/api/core';
import { desiredObject, type DesiredObject } from '../framework/desired.js';
import { EngineError } from '../framework/errors.js';
import { groupOfApiVersion } from '../framework/kinds.js';
import {
  viewTrainJob,
  type KubeObject,
  type RuntimeInput,
  type TrainJobInput,
  type TrainingRuntime,
} from '../types.js';
import { ownedObject, trainJobObjectName } from '../util/owner-reference.js';

/** A snapshot ConfigMap that cannot be used; the message is upstream's. */
export class RuntimeSnapshotError extends EngineError {}

/** `<tj>-runtime-snapshot`. */
export function runtimeSnapshotName(trainJob: TrainJobInput): string {
  return trainJobObjectName(viewTrainJob(trainJob), ObjectNameSuffixes.RuntimeSnapshot);
}

/**
 * The snapshot ConfigMap for `runtime` (the object as read from the cluster), owned by the TrainJob,
 * without labels: `data.runtime = toYaml(runtime)`.
 */
export function buildRuntimeSnapshot(
  trainJobInput: TrainJobInput,
  runtime: RuntimeInput,
  toYaml: (object: unknown) => string,
): KubeObject {
  const trainJob = viewTrainJob(trainJobInput);
  return ownedObject(trainJob, 'v1', 'ConfigMap', runtimeSnapshotName(trainJob), {
    data: { [DataKeys.RuntimeSnapshot]: toYaml(runtime) },
  });
}

/**
 * {@link buildRuntimeSnapshot} as a desired object: policy `createOnly`, as upstream creates the
 * snapshot once and never updates it (deleting it re-snapshots the current runtime).
 */
export function desiredRuntimeSnapshot(
  trainJob: TrainJobInput,
  runtime: RuntimeInput,
  toYaml: (object: unknown) => string,
): DesiredObject {
  return desiredObject(buildRuntimeSnapshot(trainJob, runtime, toYaml), 'createOnly');
}

/**
 * Reads the runtime out of an existing snapshot ConfigMap, checking it as upstream does. Throws
 * {@link RuntimeSnapshotError} when the ConfigMap is not controlled by this TrainJob (UID), lacks
 * the `runtime` key, does not parse, or names another runtime than `spec.runtimeRef` (an unset
 * apiGroup/kind matches any, printed `<any>`).
 */
export function readRuntimeSnapshot(
  trainJobInput: TrainJobInput,
  configMap: KubeObject,
  fromYaml: (text: string) => unknown,
): TrainingRuntime {
  const trainJob = viewTrainJob(trainJobInput);
  const owner = configMap.metadata.ownerReferences?.find((o) => o.controller === true);
  if (owner === undefined || owner.uid !== trainJob.metadata.uid) {
    throw new RuntimeSnapshotError(EngineMessages.SnapshotOwnedByAnother);
  }
  const text = (configMap.data as Record<string, string> | undefined)?.[DataKeys.RuntimeSnapshot];
  if (text === undefined) {
    throw new RuntimeSnapshotError(EngineMessages.SnapshotMissingRuntimeKey);
  }
  let runtime: TrainingRuntime;
  try {
    runtime = fromYaml(text) as TrainingRuntime;
  } catch (e) {
    throw new RuntimeSnapshotError(snapshotUnmarshalMessage(e instanceof Error ? e.message : String(e)), {
      cause: e,
    });
  }
  const ref = trainJob.spec.runtimeRef;
  const want = [ref.name, ref.apiGroup ?? '<any>', ref.kind ?? '<any>'];
  const got = [
    runtime?.metadata?.name ?? '',
    groupOfApiVersion(runtime?.apiVersion ?? ''),
    runtime?.kind ?? '',
  ];
  const matches =
    want[0] === got[0] &&
    (ref.apiGroup === undefined || want[1] === got[1]) &&
    (ref.kind === undefined || want[2] === got[2]);
  if (!matches) {
    throw new RuntimeSnapshotError(snapshotWrongRuntimeMessage(want, got));
  }
  return runtime;
}
