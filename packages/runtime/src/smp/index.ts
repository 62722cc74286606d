// SPDX-License-Identifier: Apache-2.0
// Strategic merge patch over plain JSON, driven by a patch-strategy schema.

import { mergeMap } from './merge.js';
import type { JsonObject, PatchSchema } from './types.js';
import { isJsonObject } from './values.js';
import { StrategicMergePatchError } from './errors.js';

export { StrategicMergePatchError, SmpMessages } from './errors.js';
export type { JsonObject, PatchSchema, PatchStrategy } from './types.js';
export { EMPTY_SCHEMA, atomicList, mergeList, mergeSet, struct } from './schema.js';
export {
  jobSetSpecPatchSchema,
  podSpecPatchSchema,
  podTemplateSpecPatchSchema,
  containerPatchSchema,
  objectMetaPatchSchema,
  resourceRequirementsPatchSchema,
} from './jobset-schema.js';

/**
 * Applies `patch` to `original` as a Kubernetes strategic merge patch and returns the result; neither
 * input is modified. `schema` describes `original`'s type (for runtime patches:
 * {@link jobSetSpecPatchSchema}).
 *
 * Semantics are those of the API machinery's `StrategicMergePatch` when the server applies a patch:
 * - objects merge key by key; a `null` value deletes the key;
 * - lists tagged `merge` merge by their merge key (objects) or as a set (scalars); other lists and
 *   scalars are replaced;
 * - directives: `$patch: replace | delete` on an object or as a list element (`delete` needs the
 *   merge key), `$patch: merge` on an object (the default, accepted and dropped; upstream rejects it
 *   there), `$retainKeys`, `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`;
 * - merged lists keep upstream's element order: patch elements in patch order, interleaved with
 *   original-only elements by their original positions, new elements after the patch element they
 *   follow.
 *
 * Patch values taken as they are (new keys, appended elements, replaced values) come out as upstream's
 * typed round trip leaves them: without `null` members and without directive keys. The output is
 * deterministic: original keys keep their order, new keys follow in patch order, and the keys of one
 * patch object are applied in patch order (upstream applies them in Go's random map order, which only
 * matters for a patch that both adds and deletes the same scalar). Unlike upstream, a field the schema
 * does not describe is not an error: objects merge and lists are replaced.
 *
 * @throws StrategicMergePatchError when the patch is malformed (bad directive, missing merge key,
 *   mixed list element kinds), with the field path.
 */
export function strategicMergePatch<T extends object>(original: T, patch: object, schema: PatchSchema): T {
  if (!isJsonObject(original) || !isJsonObject(patch)) {
    throw new StrategicMergePatchError('invalid JSON document', '');
  }
  return mergeMap(
    structuredClone(original) as JsonObject,
    structuredClone(patch) as JsonObject,
    schema,
    '',
  ) as T;
}
