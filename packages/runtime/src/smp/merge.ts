// SPDX-License-Identifier: Apache-2.0
// The apply half of Kubernetes' strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch,
// `StrategicMergeMapPatch` with MergeParallelList and IgnoreUnmatchedNulls), rewritten over plain JSON
// values and a PatchSchema table instead of Go reflection. Inputs are owned (already cloned) and mutated.

import { SmpMessages, StrategicMergePatchError, show } from './errors.js';
import { normalizeElementOrder, partition } from './order.js';
import { childSchema, lookupField } from './schema.js';
import type { JsonObject, PatchSchema } from './types.js';
import {
  DROP,
  Directive,
  elementKind,
  isJsonObject,
  kindOf,
  removeDirectives,
  toPlainValue,
} from './values.js';
import { applyRetainKeys, applySetElementOrders, extractDirectiveKey } from './directives.js';

/** Appends `key` to a field path. */
function pathOf(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The field path of a list element identified by its merge key. */
function elementPath(path: string, mergeKey: string, value: unknown): string {
  return `${path}[${mergeKey}=${typeof value === 'string' ? value : show(value)}]`;
}

/** Sets `original[key]` to a patch value taken as is (nothing to merge it with). */
function adopt(original: JsonObject, key: string, value: unknown): void {
  const cleaned = removeDirectives(value);
  if (cleaned === DROP) delete original[key];
  else original[key] = toPlainValue(cleaned);
}

/**
 * Merges `patch` into `original` (both objects described by `schema`) and returns the result, which
 * may be `original` itself, mutated.
 */
export function mergeMap(
  original: JsonObject | undefined,
  patch: JsonObject,
  schema: PatchSchema,
  path: string,
): JsonObject {
  if (Object.hasOwn(patch, Directive.marker)) {
    const directive = patch[Directive.marker];
    if (directive === Directive.replace) {
      delete patch[Directive.marker];
      return toPlainValue(patch) as JsonObject;
    }
    if (directive === Directive.delete) return {};
    if (directive !== Directive.merge) {
      throw new StrategicMergePatchError(
        `unknown patch type: ${show(directive)} in map: ${show(patch)}`,
        path,
      );
    }
    // `$patch: merge` states the default; it is accepted and dropped.
    delete patch[Directive.marker];
  }
  const out = original ?? {};
  applyRetainKeys(out, patch, path);
  applySetElementOrders(out, patch, schema, path, mergeListField);

  for (const [patchKey, patchValue] of Object.entries(patch)) {
    let key = patchKey;
    let isDeleteList = false;
    if (patchKey.startsWith(Directive.deleteFromPrimitiveListPrefix)) {
      key = extractDirectiveKey(patchKey, Directive.deleteFromPrimitiveListPrefix, path);
      isDeleteList = true;
    }
    if (patchValue === null) {
      delete out[key];
      continue;
    }
    const fieldPath = pathOf(path, key);
    const current = out[key];
    const currentKind = Object.hasOwn(out, key) ? kindOf(current) : undefined;
    if (currentKind === undefined || currentKind !== kindOf(patchValue)) {
      if (!isDeleteList) adopt(out, key, patchValue);
      continue;
    }
    if (currentKind === 'map') {
      const field = lookupField(schema, key, fieldPath);
      out[key] =
        field.strategy === 'replace'
          ? toPlainValue(patchValue)
          : mergeMap(current as JsonObject, patchValue as JsonObject, childSchema(schema, key), fieldPath);
    } else if (currentKind === 'list') {
      out[key] = mergeListField(
        current as unknown[],
        patchValue as unknown[],
        schema,
        key,
        isDeleteList,
        fieldPath,
      );
    } else {
      adopt(out, key, patchValue);
    }
  }
  return out;
}

/** Merges the list field `key` of an object described by `parent`, as its patch strategy says. */
export function mergeListField(
  original: unknown[],
  patch: unknown[],
  parent: PatchSchema,
  key: string,
  isDeleteList: boolean,
  path: string,
): unknown[] {
  const field = lookupField(parent, key, path);
  if (field.strategy !== 'merge' && !isDeleteList) return toPlainValue(patch) as unknown[];
  return mergeList(original, patch, field.schema, field.mergeKey, isDeleteList, path);
}

/** Merges two lists with the merge strategy: by `mergeKey` for objects, as a set for scalars. */
function mergeList(
  original: unknown[],
  patch: unknown[],
  itemSchema: PatchSchema,
  mergeKey: string,
  isDeleteList: boolean,
  path: string,
): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = elementKind(path, original, patch);
  let base = original;
  let items = patch;
  let merged: unknown[];
  if (kind !== 'map') {
    if (isDeleteList) return original.filter((item) => !patch.includes(item));
    merged = [...new Set([...original, ...patch])];
  } else {
    if (mergeKey === '') {
      throw new StrategicMergePatchError('cannot merge lists without merge key', path);
    }
    ({ base, items } = applyListDirectives(original, patch as JsonObject[], mergeKey, path));
    merged = mergeByKey(base, items as JsonObject[], itemSchema, mergeKey, path);
  }
  const byKey = mergeKey !== '';
  const { patchItems, serverOnly } = partition(merged, items, mergeKey, byKey, path);
  return normalizeElementOrder(patchItems, serverOnly, items, base, mergeKey, kind === 'map', path);
}

/**
 * Applies the `$patch` elements of a merged list: `delete` removes every original element with that
 * key, `replace` makes the other patch elements the whole list. Returns the new base list and the
 * patch elements that remain to merge.
 */
function applyListDirectives(
  original: unknown[],
  patch: JsonObject[],
  mergeKey: string,
  path: string,
): { base: unknown[]; items: unknown[] } {
  let base = original;
  const items: JsonObject[] = [];
  let replace = false;
  for (const item of patch) {
    if (!Object.hasOwn(item, Directive.marker)) {
      items.push(item);
      continue;
    }
    const directive = item[Directive.marker];
    if (directive === Directive.delete) {
      if (!Object.hasOwn(item, mergeKey)) {
        throw new StrategicMergePatchError(
          `map: ${show(item)} does not contain declared merge key: ${mergeKey}`,
          path,
        );
      }
      base = base.filter(
        (other) =>
          !(isJsonObject(other) && Object.hasOwn(other, mergeKey) && other[mergeKey] === item[mergeKey]),
      );
    } else if (directive === Directive.replace) {
      replace = true;
    } else if (directive === Directive.merge) {
      throw new StrategicMergePatchError(SmpMessages.mergingListsNotSupported, path);
    } else {
      throw new StrategicMergePatchError(
        `unknown patch type: ${show(directive)} in map: ${show(item)}`,
        path,
      );
    }
  }
  if (replace) return { base: items.map((item) => toPlainValue(item)), items: [] };
  return { base, items };
}

/** Merges each patch element into the original element with the same key, or appends it. */
function mergeByKey(
  original: unknown[],
  patch: JsonObject[],
  itemSchema: PatchSchema,
  mergeKey: string,
  path: string,
): unknown[] {
  const out = [...original];
  for (const item of patch) {
    if (!Object.hasOwn(item, mergeKey)) {
      throw new StrategicMergePatchError(
        `map: ${show(item)} does not contain declared merge key: ${mergeKey}`,
        path,
      );
    }
    const index = out.findIndex((other) => {
      if (!isJsonObject(other)) {
        throw new StrategicMergePatchError(`expected a map, but received ${show(other)}`, path);
      }
      return Object.hasOwn(other, mergeKey) && other[mergeKey] === item[mergeKey];
    });
    if (index >= 0) {
      out[index] = mergeMap(
        out[index] as JsonObject,
        item,
        itemSchema,
        elementPath(path, mergeKey, item[mergeKey]),
      );
    } else {
      out.push(toPlainValue(item));
    }
  }
  return out;
}
