// SPDX-License-Identifier: Apache-2.0
// The shapes the strategic merge patch works on: plain JSON values and the patch-strategy schema.

/** A JSON object as decoded from YAML or JSON (string keys, JSON values). */
export type JsonObject = { [key: string]: unknown };

/**
 * The `patchStrategy` struct tag of a Kubernetes Go field, spelled as in the tag:
 * `merge` merges a list by `patchMergeKey` (or, for a list of scalars, as a set), `replace` replaces
 * the value wholesale, `retainKeys` only matters when a patch is computed (it is accepted here so that
 * tags can be copied verbatim).
 */
export type PatchStrategy = 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys' | 'retainKeys,merge';

/**
 * Describes, for one field and everything under it, how a strategic merge patch treats it: the
 * equivalent of the Go struct tags `patchStrategy` and `patchMergeKey` that the API machinery reads by
 * reflection.
 *
 * Lookup rules: a child key `k` of an object is described by `fields[k]`, else by `values` (the
 * element type of a `map[string]T`), else by the empty schema. Under the empty schema objects are
 * merged key by key and lists are replaced, which is what the API machinery does for fields without
 * tags.
 */
export interface PatchSchema {
  /** The field's `patchStrategy` tag; absent means objects merge and lists are replaced. */
  readonly patchStrategy?: PatchStrategy;
  /** The field's `patchMergeKey` tag: the key that identifies an element of a merged list of objects. */
  readonly patchMergeKey?: string;
  /** The struct fields, by JSON name (inlined Go structs are listed flat, as JSON sees them). */
  readonly fields?: { readonly [jsonName: string]: PatchSchema };
  /** For a list field: the schema of one element. */
  readonly items?: PatchSchema;
  /** For a `map[string]T` field: the schema of one value. */
  readonly values?: PatchSchema;
}
