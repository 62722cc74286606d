// SPDX-License-Identifier: Apache-2.0
// The element order of a merged list, computed as the API machinery does: patch items keep the
// order the patch (or `$setElementOrder`) gives them, items only in the original keep theirs, and the
// two are interleaved by their positions in the original list.

import { StrategicMergePatchError, show } from './errors.js';
import { Directive, isJsonObject } from './values.js';

/** The value an element is identified by: its merge key for objects, itself for scalars. */
function identity(item: unknown, mergeKey: string, byKey: boolean): unknown {
  if (!byKey) return item;
  return isJsonObject(item) ? item[mergeKey] : undefined;
}

/** The position of `item` in `list` by identity, or -1. */
export function indexOf(list: readonly unknown[], item: unknown, mergeKey: string, byKey: boolean): number {
  const id = identity(item, mergeKey, byKey);
  return list.findIndex((other) => identity(other, mergeKey, byKey) === id);
}

/** Throws unless every element of every list is an object holding `mergeKey`. */
function requireMergeKey(mergeKey: string, path: string, ...lists: readonly (readonly unknown[])[]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isJsonObject(item)) {
        throw new StrategicMergePatchError(`expected a map, but received ${show(item)}`, path);
      }
      if (!Object.hasOwn(item, mergeKey)) {
        throw new StrategicMergePatchError(
          `map: ${show(item)} does not contain declared merge key: ${mergeKey}`,
          path,
        );
      }
    }
  }
}

/** True when `item` is an object carrying `$patch: delete`. */
function isDeleteItem(item: unknown): boolean {
  return isJsonObject(item) && item[Directive.marker] === Directive.delete;
}

/**
 * A stable insertion sort with a comparison that is not a strict order (items missing from `order`
 * compare as "less"): with this comparison Go's `sort.SliceStable` is this insertion sort, so the
 * result matches upstream even in those cases.
 */
function sortStable(items: unknown[], less: (a: unknown, b: unknown) => boolean): void {
  for (let i = 1; i < items.length; i++) {
    for (let j = i; j > 0 && less(items[j], items[j - 1]); j--) {
      const swap = items[j];
      items[j] = items[j - 1];
      items[j - 1] = swap;
    }
  }
}

/** Sorts `toSort` by the positions of its items in `order`; `$patch: delete` items go last. */
function sortByOrder(
  toSort: readonly unknown[],
  order: readonly unknown[],
  mergeKey: string,
  byKey: boolean,
  path: string,
): unknown[] {
  let items = [...toSort];
  let deletes: unknown[] = [];
  if (byKey) {
    requireMergeKey(mergeKey, path, toSort, order);
    deletes = items.filter(isDeleteItem);
    items = items.filter((item) => !isDeleteItem(item));
  }
  sortStable(items, (a, b) => {
    const ia = indexOf(order, a, mergeKey, byKey);
    const ib = indexOf(order, b, mergeKey, byKey);
    return ia >= 0 && ib >= 0 ? ia < ib : true;
  });
  return [...items, ...deletes];
}

/**
 * Interleaves `serverOnly` (items only in the original) into `patchItems`, keeping the relative order
 * of each: a server-only item goes before the next patch item when the original has it earlier.
 */
function interleave(
  serverOnly: readonly unknown[],
  patchItems: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
  byKey: boolean,
): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < patchItems.length) {
    if (i >= serverOnly.length) {
      out.push(patchItems[j++]);
    } else if (j >= patchItems.length) {
      out.push(serverOnly[i++]);
    } else {
      const li = indexOf(serverOrder, serverOnly[i], mergeKey, byKey);
      const ri = indexOf(serverOrder, patchItems[j], mergeKey, byKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(serverOnly[i++]);
      else out.push(patchItems[j++]);
    }
  }
  return out;
}

/**
 * Splits a merged list into the items the patch (or a `$setElementOrder` list) names and the others.
 * `byKey` compares objects by `mergeKey`; otherwise scalars are compared by value.
 */
export function partition(
  merged: readonly unknown[],
  by: readonly unknown[],
  mergeKey: string,
  byKey: boolean,
  path: string,
): { patchItems: unknown[]; serverOnly: unknown[] } {
  if (byKey) requireMergeKey(mergeKey, path, merged);
  const patchItems: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const item of merged) {
    const found = byKey
      ? by.some(
          (other) =>
            isJsonObject(other) &&
            Object.hasOwn(other, mergeKey) &&
            other[mergeKey] === (item as Record<string, unknown>)[mergeKey],
        )
      : by.includes(item);
    (found ? patchItems : serverOnly).push(item);
  }
  return { patchItems, serverOnly };
}

/**
 * The API machinery's `normalizeElementOrder`: patch items sorted by `patchOrder`, server-only items by
 * `serverOrder`, then interleaved by `serverOrder`.
 */
export function normalizeElementOrder(
  patchItems: readonly unknown[],
  serverOnly: readonly unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
  byKey: boolean,
  path: string,
): unknown[] {
  const sortedPatch = sortByOrder(patchItems, patchOrder, mergeKey, byKey, path);
  const sortedServer = sortByOrder(serverOnly, serverOrder, mergeKey, byKey, path);
  return interleave(sortedServer, sortedPatch, serverOrder, mergeKey, byKey);
}
