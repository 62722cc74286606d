// SPDX-License-Identifier: Apache-2.0
// kubetrain's own marks on the objects it writes for a TrainJob: on ConfigMaps, Secrets and Jobs a label,
// so that the manager can watch its ConfigMaps with a label selector instead of every ConfigMap of
// the cluster (Secrets are never watched; the label names their TrainJob for users); on every object the hash of the applied content, so that a restarted manager knows
// which ones are already up to date (and writes nothing). Upstream's objects carry neither; extra
// labels and annotations on objects we own change nothing for anyone else (design decision 1).

import type { KubeObject } from '../engine/engine-port.js';

/** Label on every ConfigMap and Secret the manager writes: the owning TrainJob's name. */
export const TRAINJOB_NAME_LABEL = 'kubetrain.dev/trainjob-name';
/** Annotation on every object the manager applies: the sha256 of the desired content last applied. */
export const APPLIED_HASH_ANNOTATION = 'kubetrain.dev/applied-hash';
/** The label selector of the ConfigMap reflector. */
export const OWNED_SELECTOR = TRAINJOB_NAME_LABEL;

/**
 * Whether objects of `kind` get the TrainJob label: ConfigMaps and the LeaderWorkerSet backend's
 * initializer Jobs (both watched with the label selector), and Secrets.
 */
function isMarkedKind(kind: string): boolean {
  return kind === 'ConfigMap' || kind === 'Secret' || kind === 'Job';
}

/**
 * A copy of `object` with the marks: the applied-hash annotation, and for ConfigMaps and Secrets the
 * TrainJob label. `hash` is the hash of `object` as rendered (before the marks).
 */
export function markOwned(object: KubeObject, trainJobName: string, hash: string): KubeObject {
  const labelled = isMarkedKind(object.kind);
  return {
    ...object,
    metadata: {
      ...object.metadata,
      ...(labelled ? { labels: { ...object.metadata.labels, [TRAINJOB_NAME_LABEL]: trainJobName } } : {}),
      annotations: { ...object.metadata.annotations, [APPLIED_HASH_ANNOTATION]: hash },
    },
  };
}

/** The applied hash a stored object carries, if any. */
export function appliedHashOf(
  object: { metadata?: { annotations?: Record<string, string> } } | undefined,
): string | undefined {
  return object?.metadata?.annotations?.[APPLIED_HASH_ANNOTATION];
}
