// SPDX-License-Identifier: Apache-2.0
// The JSON patch (RFC 6902) from the object the API server sent to the defaulted one, as
// controller-runtime's `PatchResponseFromRaw` computes it. fast-json-patch stays behind this one
// function so that another library can replace it.

import fastJsonPatch from 'fast-json-patch';

/** One RFC 6902 operation. */
interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** The operations that turn `original` into `mutated` (empty when they are equal). */
export function jsonPatch(original: object, mutated: object): PatchOperation[] {
  return fastJsonPatch.compare(original, mutated) as PatchOperation[];
}
