// SPDX-License-Identifier: Apache-2.0
// What the TrainJob store keeps of each TrainJob. A running job keeps what its reconcile renders
// from (the whole spec, labels and annotations); a finished one is never rendered again, so it keeps
// only what its readers read (FINISHED_TRAINJOB_FIELDS, the one list the projection and its test
// are derived from): thousands of finished jobs kept for their history cost a few hundred bytes
// each, not their spec. No reader ever reads managedFields or kubectl's copy of the last applied
// configuration (a second copy of the spec): they are dropped from every job.

import type { TrainJobStatus } from '@kubetrain/api/core';
import { isFinished } from '../engine/engine-port.js';
import { projection, stripManagedFields, type KubeObject } from './kube.js';

/** kubectl's `apply` copy of the object: read by no one here. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * Every field of a finished TrainJob that a reader of the store reads, by dotted path, besides
 * `metadata` (whose annotations and managedFields no reader of a finished job reads), with who reads it.
 */
export const FINISHED_TRAINJOB_FIELDS: Readonly<Record<string, string>> = {
  'spec.managedBy': 'reconcile: a job another controller manages is skipped',
  'spec.runtimeRef': 'the runtime index (the runtime finalizer), its run policy (TTL), the metrics',
  'spec.suspend': 'the status point (the Suspended condition), the GPU-seconds metric',
  'spec.activeDeadlineSeconds': 'the status point (the deadline; none once finished)',
  'spec.ttlSecondsAfterFinished': 'the TTL after finished (ttl-after-finished.ts)',
  'spec.trainer.numNodes': 'the GPU metrics (gpuUsage)',
  'spec.trainer.resourcesPerNode': 'the GPU metrics (gpuUsage)',
  status: 'the status point, the TTL, the metrics, the status server, the events',
};

const finishedProjection = projection(Object.keys(FINISHED_TRAINJOB_FIELDS));

type Metadata = NonNullable<KubeObject['metadata']>;

/** `metadata` without kubectl's last-applied annotation (the others are kept: render reads some). */
function withoutLastApplied(metadata: Metadata): Metadata {
  const annotations = metadata.annotations;
  if (annotations === undefined || !(LAST_APPLIED_ANNOTATION in annotations)) return metadata;
  const { [LAST_APPLIED_ANNOTATION]: _dropped, ...rest } = annotations;
  return { ...metadata, annotations: rest };
}

/**
 * What the store keeps of a TrainJob (see the module comment): managedFields and the last-applied
 * annotation never; a finished job's apiVersion, kind, metadata without annotations and
 * {@link FINISHED_TRAINJOB_FIELDS} only. Kept values are shared with the input, never copied.
 */
export function trainJobProjection(object: KubeObject): KubeObject {
  const stripped = stripManagedFields(object);
  const metadata = stripped.metadata;
  if (!isFinished((object as { status?: TrainJobStatus }).status)) {
    return metadata === undefined ? stripped : { ...stripped, metadata: withoutLastApplied(metadata) };
  }
  const finished = finishedProjection(object);
  const { annotations: _annotations, ...kept } = finished.metadata ?? {};
  return { ...finished, metadata: kept };
}
