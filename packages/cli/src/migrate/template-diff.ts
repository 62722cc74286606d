// SPDX-License-Identifier: Apache-2.0
// Where two pod templates differ: the field paths, for the warnings of replica types folded into one.

import { isObject } from './v1-kinds.js';

/**
 * The paths (under `path`) at which `b` differs from `a`: a field set in one and not the other, a
 * different value, or a list of another length (named as the list). Paths in key order of `a`, then
 * the keys only `b` has. Iterative (depth first, in that order): any nesting depth is safe.
 */
export function differingPaths(a: unknown, b: unknown, path: string): string[] {
  const out: string[] = [];
  const stack: [unknown, unknown, string][] = [[a, b, path]];
  while (stack.length > 0) {
    const [x, y, at] = stack.pop() as [unknown, unknown, string];
    const children: [unknown, unknown, string][] = [];
    if (isObject(x) && isObject(y)) {
      const keys = [...Object.keys(x), ...Object.keys(y).filter((k) => !(k in x))];
      for (const k of keys) children.push([x[k], y[k], `${at}.${k}`]);
    } else if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) out.push(at);
      else x.forEach((item, i) => children.push([item, y[i], `${at}[${i}]`]));
    } else if (!Object.is(x, y)) {
      out.push(at);
    }
    // Pushed last first, so that they are visited in order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [unknown, unknown, string]);
  }
  return out;
}
