// SPDX-License-Identifier: Apache-2.0
// JSON value helpers and the directive vocabulary of strategic merge patch.

import { SmpMessages, StrategicMergePatchError, show } from './errors.js';
import type { JsonObject } from './types.js';

/** Directive keys and values, as the API machinery spells them. */
export const Directive = {
  marker: '$patch',
  replace: 'replace',
  delete: 'delete',
  merge: 'merge',
  retainKeys: '$retainKeys',
  deleteFromPrimitiveListPrefix: '$deleteFromPrimitiveList',
  setElementOrderPrefix: '$setElementOrder',
} as const;

/** The kind of a JSON value, the way the merge compares kinds. */
type JsonKind = 'map' | 'list' | 'string' | 'number' | 'boolean' | 'null';

/** True for a JSON object (not null, not a list). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The kind of `value`; anything that is not a JSON container or scalar counts as `null`. */
export function kindOf(value: unknown): JsonKind {
  if (Array.isArray(value)) return 'list';
  if (isJsonObject(value)) return 'map';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return typeof value as JsonKind;
  return 'null';
}

/** Marker returned by {@link removeDirectives} for a value that must not be kept at all. */
export const DROP: unique symbol = Symbol('drop');

/**
 * The API machinery's `removeDirectives`, used when a patch value is taken as is because the original
 * has nothing to merge it with: an object carrying `$patch` is dropped (and so is a list element that is
 * one). `$patch: merge` is the one exception: it only says "merge", so the marker is removed and the
 * object kept. Mutates `value`.
 */
export function removeDirectives(value: unknown): unknown {
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const item of value) {
      const cleaned = removeDirectives(item);
      if (cleaned !== DROP) kept.push(cleaned);
    }
    return kept;
  }
  if (!isJsonObject(value)) return value;
  if (Object.hasOwn(value, Directive.marker)) {
    if (value[Directive.marker] !== Directive.merge) return DROP;
    delete value[Directive.marker];
  }
  for (const [key, child] of Object.entries(value)) {
    const cleaned = removeDirectives(child);
    if (cleaned === DROP) delete value[key];
    else value[key] = cleaned;
  }
  return value;
}

/**
 * Gives a patch value taken as is the shape it has after upstream's round trip through the typed Go
 * struct: `null` members are dropped (the API machinery's `discardNullValuesFromPatch`) and so are
 * leftover `$`-prefixed directive keys, which no Kubernetes type has as a field. Mutates `value`.
 */
export function toPlainValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toPlainValue(value[i]);
    return value;
  }
  if (!isJsonObject(value)) return value;
  for (const [key, child] of Object.entries(value)) {
    if (child === null || key.startsWith('$')) delete value[key];
    else value[key] = toPlainValue(child);
  }
  return value;
}

/** The kind shared by every element of the given lists; throws on mixed kinds or lists of lists. */
export function elementKind(path: string, ...lists: readonly (readonly unknown[])[]): JsonKind | undefined {
  let kind: JsonKind | undefined;
  for (const list of lists) {
    for (const item of list) {
      const itemKind = kindOf(item);
      if (itemKind === 'list') throw new StrategicMergePatchError(SmpMessages.noListOfLists, path);
      if (kind !== undefined && kind !== itemKind) {
        throw new StrategicMergePatchError(`list element types are not identical: ${show(lists)}`, path);
      }
      kind = itemKind;
    }
  }
  return kind;
}
