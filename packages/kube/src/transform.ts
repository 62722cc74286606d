// SPDX-License-Identifier: Apache-2.0
/**
 * What the store keeps of an object. The reflector always strips `metadata.managedFields`
 * (the biggest part of most objects, never read by a controller); a per-reflector `transform`
 * narrows further, e.g. owned JobSets to metadata + the spec fields read + status.
 */
import type { KubeObject } from './object.js';

/** Turns an object from the API server into what the store keeps. Must not mutate its input. */
export type Transform<T extends KubeObject = KubeObject> = (object: KubeObject) => T;

/** The object without `metadata.managedFields` (a shallow copy; the input is untouched). */
export function stripManagedFields<T extends KubeObject>(object: T): T {
  if (!object.metadata || !('managedFields' in object.metadata)) return object;
  const { managedFields: _dropped, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/** Only `apiVersion`, `kind` and `metadata` (managedFields stripped): for Secrets and ConfigMaps we only own. */
export function metadataOnly(object: KubeObject): KubeObject {
  const { metadata } = stripManagedFields(object);
  return {
    ...(object.apiVersion !== undefined ? { apiVersion: object.apiVersion } : {}),
    ...(object.kind !== undefined ? { kind: object.kind } : {}),
    ...(metadata !== undefined ? { metadata } : {}),
  };
}

/** Copies the value at dotted `path` from `source` into `target`, creating parents; absent paths are skipped. */
function copyPath(source: unknown, target: Record<string, unknown>, path: string[]): void {
  let from: unknown = source;
  for (const part of path) {
    if (typeof from !== 'object' || from === null || !(part in from)) return;
    from = (from as Record<string, unknown>)[part];
  }
  let to = target;
  for (const part of path.slice(0, -1)) {
    const next = to[part];
    to = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (to[part] = {});
  }
  to[path[path.length - 1]!] = from;
}

/**
 * A transform that keeps `apiVersion`, `kind`, `metadata` (managedFields stripped) and the
 * given dotted paths, e.g. `projection(['spec.suspend', 'spec.replicatedJobs', 'status'])`.
 * Kept values are shared with the input, not copied (cached objects are never mutated).
 */
export function projection<T extends KubeObject = KubeObject>(paths: readonly string[]): Transform<T> {
  const split = paths.map((path) => path.split('.'));
  return (object) => {
    const out = metadataOnly(object) as Record<string, unknown>;
    for (const path of split) copyPath(object, out, path);
    return out as T;
  };
}
