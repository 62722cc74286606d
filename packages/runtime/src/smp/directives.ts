// SPDX-License-Identifier: Apache-2.0
// The object-level directives of strategic merge patch: `$retainKeys` and `$setElementOrder/<field>`.
// Both run before the other keys of the same patch object are merged, as in the API machinery.

import { SmpMessages, StrategicMergePatchError, show } from './errors.js';
import { normalizeElementOrder, partition } from './order.js';
import { lookupField } from './schema.js';
import type { JsonObject, PatchSchema } from './types.js';
import { Directive, elementKind, isJsonObject, removeDirectives, toPlainValue } from './values.js';

/** The signature of `mergeListField` of ./merge.ts, passed in so that the modules stay acyclic. */
type MergeListField = (
  original: unknown[],
  patch: unknown[],
  parent: PatchSchema,
  key: string,
  isDeleteList: boolean,
  path: string,
) => unknown[];

/** The field name of a `<prefix>/<field>` directive key; throws the API machinery's format error. */
export function extractDirectiveKey(key: string, prefix: string, path: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw new StrategicMergePatchError(
      prefix === Directive.deleteFromPrimitiveListPrefix
        ? SmpMessages.badPatchFormatForPrimitiveList
        : SmpMessages.badPatchFormatForSetElementOrderList,
      path,
    );
  }
  return key.slice(slash + 1);
}

/**
 * `$retainKeys: [...]`: removes from `original` every key the list does not name. Every key the patch
 * sets (to something other than null) must be in the list. Removes the directive from `patch`.
 */
export function applyRetainKeys(original: JsonObject, patch: JsonObject, path: string): void {
  if (!Object.hasOwn(patch, Directive.retainKeys)) return;
  const retain = patch[Directive.retainKeys];
  delete patch[Directive.retainKeys];
  if (!Array.isArray(retain))
    throw new StrategicMergePatchError(SmpMessages.badPatchFormatForRetainKeys, path);
  const keep = new Set<unknown>(retain);
  for (const [key, value] of Object.entries(patch)) {
    if (
      value === null ||
      key.startsWith(Directive.deleteFromPrimitiveListPrefix) ||
      key.startsWith(Directive.setElementOrderPrefix)
    ) {
      continue;
    }
    if (!keep.has(key)) throw new StrategicMergePatchError(SmpMessages.badPatchFormatForRetainKeys, path);
  }
  for (const key of Object.keys(original)) {
    if (!keep.has(key)) delete original[key];
  }
}

/**
 * Checks that the patch list names its elements in the order of the `$setElementOrder` list and names
 * no element the order list lacks (`$patch: delete` elements excepted).
 */
function validateAgainstOrder(
  patchList: readonly unknown[],
  order: readonly unknown[],
  mergeKey: string,
  path: string,
): void {
  if (order.length === 0 || patchList.length === 0) return;
  let items = patchList;
  if (mergeKey !== '') {
    for (const item of patchList) {
      if (!isJsonObject(item))
        throw new StrategicMergePatchError(`expected a map, but received ${show(item)}`, path);
    }
    items = patchList.filter((item) => (item as JsonObject)[Directive.marker] !== Directive.delete);
  }
  const keyOf = (item: unknown): unknown => {
    if (mergeKey === '') return item;
    if (!isJsonObject(item))
      throw new StrategicMergePatchError(`expected a map, but received ${show(item)}`, path);
    if (!Object.hasOwn(item, mergeKey)) {
      throw new StrategicMergePatchError(
        `map: ${show(item)} does not contain declared merge key: ${mergeKey}`,
        path,
      );
    }
    return item[mergeKey];
  };
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    const item = items[p];
    if (isJsonObject(item) && Object.hasOwn(item, Directive.marker)) {
      p++;
      continue;
    }
    if (keyOf(item) === keyOf(order[o])) p++;
    o++;
  }
  if (p < items.length && o >= order.length) {
    throw new StrategicMergePatchError(
      `The order in patch list:\n${show(patchList)}\n doesn't match ${Directive.setElementOrderPrefix} list:\n${show(order)}\n`,
      path,
    );
  }
}

/** Reads list field `key` of `obj`, or undefined; throws if it is there but not a list. */
function listAt(obj: JsonObject, key: string, path: string): unknown[] | undefined {
  if (!Object.hasOwn(obj, key)) return undefined;
  const value = obj[key];
  if (!Array.isArray(value))
    throw new StrategicMergePatchError(`expected a list, but received ${show(value)}`, path);
  return value;
}

/**
 * `$setElementOrder/<field>: [...]`: merges `<field>` of the patch into the original now, then orders
 * the result: elements named by the order list in that order, the others where the original had them.
 * Removes the directive and the merged field from `patch`.
 */
export function applySetElementOrders(
  original: JsonObject,
  patch: JsonObject,
  schema: PatchSchema,
  path: string,
  mergeListField: MergeListField,
): void {
  for (const directiveKey of Object.keys(patch)) {
    if (!directiveKey.startsWith(Directive.setElementOrderPrefix)) continue;
    const order = patch[directiveKey];
    delete patch[directiveKey];
    if (!Array.isArray(order)) {
      throw new StrategicMergePatchError(`expected a list, but received ${show(order)}`, path);
    }
    const key = extractDirectiveKey(directiveKey, Directive.setElementOrderPrefix, path);
    const fieldPath = path === '' ? key : `${path}.${key}`;
    const originalList = listAt(original, key, fieldPath);
    const patchList = listAt(patch, key, fieldPath);
    const { mergeKey } = lookupField(schema, key, fieldPath);
    validateAgainstOrder(patchList ?? [], order, mergeKey, fieldPath);

    let merged: unknown[];
    if (originalList !== undefined && patchList !== undefined) {
      merged = mergeListField(originalList, patchList, schema, key, false, fieldPath);
    } else if (patchList !== undefined) {
      merged = toPlainValue(removeDirectives(patchList)) as unknown[];
    } else if (originalList !== undefined) {
      merged = originalList;
    } else {
      continue;
    }

    const kind = elementKind(fieldPath, originalList ?? [], patchList ?? []);
    if (kind === undefined) {
      throw new StrategicMergePatchError('no elements in any of the given slices', fieldPath);
    }
    const { patchItems, serverOnly } = partition(merged, order, mergeKey, mergeKey !== '', fieldPath);
    original[key] = normalizeElementOrder(
      patchItems,
      serverOnly,
      order,
      originalList ?? [],
      mergeKey,
      kind === 'map',
      fieldPath,
    );
    delete patch[key];
  }
}
