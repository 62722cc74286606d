// SPDX-License-Identifier: Apache-2.0
// One Training Operator v1 job in, its v2 objects and warnings out: the job checked against its v1
// CRD and v1's admission webhook, its metadata carried over, then the kind's conversion.

import { pruneV1Object, required, V1KindNames, validateV1Schema } from '@kubetrain/api';
import { defaultV1Job, Frameworks, validateV1Webhook } from '@kubetrain/runtime/v1';
import type { V1JobObject } from '@kubetrain/runtime/v1';
import type { FieldError, V1KindName } from '@kubetrain/api';
import type { ConvertedObjects, ShippedRuntimes } from './context.js';
import { Findings } from './findings.js';
import type { MigrationWarning } from './findings.js';
import { convertFolded, isFoldedKind } from './folded.js';
import { convertMPI } from './mpi.js';
import { convertMultiRole } from './multi-role.js';
import type { CarriedMetadata } from './objects.js';
import { readRunPolicy } from './run-policy.js';
import { isObject } from './v1-kinds.js';
import type { Json } from './v1-kinds.js';

/** The outcome of {@link convertV1Job}. */
export type Conversion =
  | { readonly objects: ConvertedObjects; readonly warnings: readonly MigrationWarning[] }
  | { readonly errors: readonly FieldError[] };

/** True for the six v1 kinds. */
export function isV1KindName(kind: string): kind is V1KindName {
  return (Object.values(V1KindNames) as string[]).includes(kind);
}

/** Metadata the API server sets: not the user's, dropped without a word. */
const SERVER_METADATA = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

/** The annotation kubectl keeps the applied v1 object in: it describes the v1 job, not the TrainJob. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The name, namespace, labels and annotations; the rest of the metadata is reported. */
function carryMetadata(metadata: Json, findings: Findings): CarriedMetadata {
  for (const key of Object.keys(metadata)) {
    if (['name', 'namespace', 'labels', 'annotations'].includes(key) || SERVER_METADATA.has(key)) continue;
    findings.notCarried(`metadata.${key}`, 'it belongs to the v1 object');
  }
  const annotations = isObject(metadata.annotations) ? { ...metadata.annotations } : {};
  delete annotations[LAST_APPLIED];
  return {
    name: String(metadata.name),
    ...(typeof metadata.namespace === 'string' && metadata.namespace !== ''
      ? { namespace: metadata.namespace }
      : {}),
    ...(isObject(metadata.labels) && Object.keys(metadata.labels).length > 0
      ? { labels: metadata.labels }
      : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
  };
}

/**
 * Converts `object`, a Training Operator v1 job of kind `kind`, into the v2 objects that run it (a
 * TrainJob, preceded by a TrainingRuntime when no shipped runtime can run its pods), with a warning
 * for every field that is not carried over or behaves differently in v2. An object its v1 CRD or
 * v1's admission webhook refuses (or without a name) is not converted: its errors are returned. The output depends only on
 * the input and `shipped`.
 */
export function convertV1Job(kind: V1KindName, input: Json, shipped: ShippedRuntimes): Conversion {
  const checked = validateV1Schema(kind, input);
  if (checked.errors.length > 0) return { errors: checked.errors };
  // What v1's API server stored: without the fields its CRD does not declare (nor their nesting).
  const pruned = pruneV1Object(kind, input);
  const object = pruned.object as Json;
  const metadata = isObject(object.metadata) ? object.metadata : {};
  if (typeof metadata.name !== 'string' || metadata.name === '')
    return { errors: [required('metadata.name', 'name or generateName is required')] };
  // What Training Operator v1's admission webhook refuses (two Masters, an unknown replica type, a
  // name over 63 characters, a template without containers, ...), on the job as v1 defaults it.
  const framework = Frameworks[kind];
  const refused = validateV1Webhook(defaultV1Job(object as unknown as V1JobObject, framework), framework);
  if (refused.length > 0) return { errors: refused };
  const findings = new Findings();
  for (const path of pruned.dropped)
    findings.notCarried(
      path,
      `unknown field: the ${kind} CRD does not declare it (v1's API server drops it)`,
    );
  const carried = carryMetadata(metadata, findings);
  const spec = isObject(object.spec) ? object.spec : {};
  const run = readRunPolicy(spec.runPolicy, 'spec.runPolicy', findings);
  const ctx = { kind, metadata: carried, spec, run, shipped, findings };
  const objects = isFoldedKind(kind)
    ? convertFolded(ctx)
    : kind === 'MPIJob'
      ? convertMPI(ctx)
      : convertMultiRole(ctx);
  return { objects, warnings: findings.warnings };
}
