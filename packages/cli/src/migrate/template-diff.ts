// SPDX-License-Identifier: Apache-2.0
// Where two pod templates differ: the field paths, for the warnings of replica types folded into one.

import { isObject } from './v1-kinds.js';

/**
 * The paths (under `path`) at which `b` differs from `a`: a field set in one and not the other, a
 * different value, or a list of another length (named as the list). Paths in key order of `a`, then
 * the keys only `b` has.
 */
export function differingPaths(a: unknown, b: unknown, path: string): string[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    return keys.flatMap((k) => differingPaths(a[k], b[k], `${path}.${k}`));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [path];
    return a.flatMap((item, i) => differingPaths(item, b[i], `${path}[${i}]`));
  }
  return Object.is(a, b) ? [] : [path];
}
