// SPDX-License-Identifier: Apache-2.0
// JSON merge patches (RFC 7386) from two versions of a document, as controller-runtime's
// `client.MergeFrom(prev)` computes them: changed and new members set, removed members null,
// arrays replaced whole.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are equal (member order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The merge patch that turns `from` into `to` (both JSON objects); `{}` when they are equal.
 * `undefined` members count as absent.
 */
export function mergePatch(from: Record<string, unknown>, to: Record<string, unknown>): Record<string, Json> {
  const patch: Record<string, Json> = {};
  for (const key of Object.keys(from)) {
    if (from[key] !== undefined && to[key] === undefined) patch[key] = null;
  }
  for (const [key, value] of Object.entries(to)) {
    if (value === undefined) continue;
    const old = from[key];
    if (jsonEqual(old, value)) continue;
    patch[key] = isObject(old) && isObject(value) ? mergePatch(old, value) : (value as Json);
  }
  return patch;
}
