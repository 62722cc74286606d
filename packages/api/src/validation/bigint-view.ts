// SPDX-License-Identifier: Apache-2.0
// The schema checks (ajv, the CEL rules) work on numbers. An object read losslessly (json/lossless-json.ts)
// holds integers past 2^53 as bigints; the checks see each as the nearest number that keeps the one
// judgement that depends on it: whether the integer fits an int64 (an int32 or a bound below 2^53 is
// passed by neither way of rounding).

import { cloneJson } from './json-clone.js';

/** The largest double below 2^63: every int64 past it rounds up to 2^63, which no int64 holds. */
const LARGEST_INT64_DOUBLE = 2 ** 63 - 1024;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** The number the schema checks see for `value`: inside int64 stays inside, outside stays outside. */
export function numberForBigint(value: bigint): number {
  if (value > INT64_MAX || value < INT64_MIN) return Number(value) >= 0 ? 2 ** 64 : -(2 ** 64);
  return Math.min(Number(value), LARGEST_INT64_DOUBLE);
}

/** Whether `value` holds a bigint anywhere (iteratively). */
function hasBigint(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'bigint') return true;
    if (v !== null && typeof v === 'object') for (const item of Object.values(v)) stack.push(item);
  }
  return false;
}

/** `object` with each bigint replaced by {@link numberForBigint} (a copy; `object` itself when it has none). */
export function withBigintsAsNumbers<T>(object: T): T {
  if (!hasBigint(object)) return object;
  const root: Record<string, unknown> = { v: cloneJson(object) };
  const stack: Record<string, unknown>[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (typeof v === 'bigint') node[key] = numberForBigint(v);
      else if (v !== null && typeof v === 'object') stack.push(v as Record<string, unknown>);
    }
  }
  return root['v'] as T;
}
