// SPDX-License-Identifier: Apache-2.0
// Looking up the patch strategy of a field, and small builders for writing schemas as tables.

import { StrategicMergePatchError } from './errors.js';
import type { PatchSchema, PatchStrategy } from './types.js';

/** The schema of a field with no tags: objects merge, lists are replaced. */
export const EMPTY_SCHEMA: PatchSchema = Object.freeze({});

/** The strategy of a field once `retainKeys` (which only matters when computing a patch) is set aside. */
interface FieldStrategy {
  /** `merge`, `replace`, or '' when the field has no strategy tag. */
  readonly strategy: '' | 'merge' | 'replace';
  /** The merge key of a merged list of objects, or ''. */
  readonly mergeKey: string;
  /** The schema of the field's value (for a list: of one element). */
  readonly schema: PatchSchema;
}

/** The schema of child `key` of an object described by `parent` (see {@link PatchSchema}). */
export function childSchema(parent: PatchSchema, key: string): PatchSchema {
  return parent.fields?.[key] ?? parent.values ?? EMPTY_SCHEMA;
}

/**
 * The strategy of child `key` of `parent`, as the API machinery's `extractRetainKeysPatchStrategy`
 * reads the tag. For a list, `schema` is the schema of its elements.
 */
export function lookupField(parent: PatchSchema, key: string, path: string): FieldStrategy {
  const field = childSchema(parent, key);
  const parts = field.patchStrategy ? field.patchStrategy.split(',') : [];
  const others = parts.filter((p) => p !== 'retainKeys');
  if (parts.length > 2 || parts.length - others.length > 1 || others.length > 1) {
    throw new StrategicMergePatchError(`unexpected patch strategy: ${field.patchStrategy}`, path);
  }
  const strategy = others[0] ?? '';
  if (strategy !== '' && strategy !== 'merge' && strategy !== 'replace') {
    throw new StrategicMergePatchError(`unexpected patch strategy: ${field.patchStrategy}`, path);
  }
  return { strategy, mergeKey: field.patchMergeKey ?? '', schema: field.items ?? field };
}

/** A struct with the given fields (untagged fields need not be listed). */
export function struct(fields: { readonly [jsonName: string]: PatchSchema }): PatchSchema {
  return { fields };
}

/** A list merged by `mergeKey` (`patchStrategy:"merge" patchMergeKey:"<mergeKey>"`), elements described by `items`. */
export function mergeList(
  mergeKey: string,
  items: PatchSchema = EMPTY_SCHEMA,
  strategy: PatchStrategy = 'merge',
): PatchSchema {
  return { patchStrategy: strategy, patchMergeKey: mergeKey, items };
}

/** A list of scalars merged as a set (`patchStrategy:"merge"` without a merge key, e.g. finalizers). */
export function mergeSet(): PatchSchema {
  return { patchStrategy: 'merge' };
}

/** A list of objects that is not merged, whose elements still have a schema (e.g. `volumeClaimPolicies`). */
export function atomicList(items: PatchSchema): PatchSchema {
  return { items };
}
