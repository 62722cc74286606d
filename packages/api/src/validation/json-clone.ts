// SPDX-License-Identifier: Apache-2.0
// A copy of JSON data made without recursion, so that the depth of the input cannot exhaust the stack.

/**
 * Returns a deep copy of `value`: plain objects, arrays and scalars (anything else, such as a Date,
 * is copied by structuredClone). Iterative: any nesting depth is safe. Shared references are copied each time
 * they are reached, as JSON would.
 */
export function cloneJson<T>(value: T): T {
  const root: { v: unknown } = { v: undefined };
  const stack: [unknown, Record<string | number, unknown>, string | number][] = [[value, root, 'v']];
  while (stack.length > 0) {
    const [v, parent, key] = stack.pop() as [unknown, Record<string | number, unknown>, string | number];
    if (Array.isArray(v)) {
      const copy: unknown[] = new Array<unknown>(v.length);
      parent[key] = copy;
      for (let i = 0; i < v.length; i++) stack.push([v[i], copy as unknown as Record<number, unknown>, i]);
    } else if (
      v !== null &&
      typeof v === 'object' &&
      Object.prototype.toString.call(v) !== '[object Object]'
    ) {
      parent[key] = structuredClone(v); // a Date or the like: no nesting to speak of
    } else if (v !== null && typeof v === 'object') {
      const copy: Record<string, unknown> = {};
      parent[key] = copy;
      for (const [k, item] of Object.entries(v)) {
        // Defined, not assigned, so that a `__proto__` key stays a key; defined now to keep the order.
        Object.defineProperty(copy, k, {
          value: undefined,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        stack.push([item, copy, k]);
      }
    } else {
      parent[key] = v;
    }
  }
  return root.v as T;
}
