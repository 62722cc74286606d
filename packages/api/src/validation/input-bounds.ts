// SPDX-License-Identifier: Apache-2.0
// Bounds on the shape of an input object, checked without recursion before anything walks it.

/** The deepest nesting of lists and objects accepted, as Kubernetes' JSON and YAML decoders accept. */
export const MAX_NESTING_DEPTH = 10000;

/** The size of one object the API server accepts in a request, in bytes of JSON (3 MiB). */
export const MAX_OBJECT_BYTES = 3 * 1024 * 1024;

/** Why an object is out of bounds. */
export type BoundsProblem =
  { kind: 'depth'; message: string } | { kind: 'size'; message: string } | { kind: 'value'; message: string };

/** Limits for {@link checkInputBounds}. */
export interface InputBounds {
  /** The deepest nesting accepted; default {@link MAX_NESTING_DEPTH}. */
  readonly maxDepth?: number;
  /** The largest JSON encoding accepted, in bytes; default: no limit. */
  readonly maxBytes?: number;
}

/** The JSON name of a value's kind, for messages. */
function kindOf(value: unknown): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === 'Object' || tag === 'Undefined' ? typeof value : tag;
}

/**
 * Checks, iteratively (so that any depth is safe), that `value` is plain JSON data within bounds:
 * nesting at most `maxDepth`, a JSON encoding of at most `maxBytes` (estimated, counting a value
 * reached twice through shared references twice, as JSON would; the walk stops as soon as the limit
 * is passed, so its cost is bounded by the limit), finite numbers only, and only strings, numbers,
 * booleans, null, arrays and plain objects. Returns the first problem, or `undefined`.
 */
export function checkInputBounds(value: unknown, bounds: InputBounds = {}): BoundsProblem | undefined {
  const maxDepth = bounds.maxDepth ?? MAX_NESTING_DEPTH;
  const maxBytes = bounds.maxBytes ?? Infinity;
  let bytes = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > maxDepth) return { kind: 'depth', message: `exceeded max depth of ${maxDepth}` };
    if (Array.isArray(v)) {
      bytes += 2 + Math.max(0, v.length - 1);
      for (const item of v) stack.push([item, depth + 1]);
    } else if (v !== null && typeof v === 'object') {
      // Plain objects only (of any realm): not a Date, Map, Set or byte array.
      if (Object.prototype.toString.call(v) !== '[object Object]')
        return { kind: 'value', message: `a ${kindOf(v)} value cannot be converted to JSON` };
      const entries = Object.entries(v);
      bytes += 2 + Math.max(0, entries.length - 1);
      for (const [k, item] of entries) {
        // A member set to undefined is absent, as JSON.stringify drops it.
        if (item === undefined) continue;
        bytes += Buffer.byteLength(k) + 3;
        stack.push([item, depth + 1]);
      }
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v))
        return {
          kind: 'value',
          message: `json: unsupported value: ${v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN'}`,
        };
      bytes += String(v).length;
    } else if (typeof v === 'bigint') {
      bytes += v.toString().length; // an integer past 2^53, read losslessly (see json/lossless-json.ts)
    } else if (typeof v === 'string') {
      bytes += Buffer.byteLength(v) + 2;
    } else if (typeof v === 'boolean' || v === null) {
      bytes += 5;
    } else {
      return { kind: 'value', message: `a ${kindOf(v)} value cannot be converted to JSON` };
    }
    if (bytes > maxBytes) return { kind: 'size', message: `Request entity too large: limit is ${maxBytes}` };
  }
  return undefined;
}
