// SPDX-License-Identifier: Apache-2.0
// JSON for log fields, never throwing: bigints as strings, a value that contains itself as
// "[Circular]" (JSON.stringify throws on both).

const bigintAsString = (_key: string, value: unknown): unknown =>
  typeof value === 'bigint' ? value.toString() : value;

/** A copy of `value` with every reference back to an enclosing object replaced by "[Circular]". */
function acyclic(value: unknown, ancestors: object[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return acyclic((json as () => unknown).call(value), ancestors);
  if (ancestors.includes(value)) return '[Circular]';
  ancestors.push(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((item) => acyclic(item, ancestors));
  else {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      copy[key] = acyclic((value as Record<string, unknown>)[key], ancestors);
    out = copy;
  }
  ancestors.pop();
  return out;
}

/** `JSON.stringify(value)` for a log line; see the module comment for what it does differently. */
export function encodeFields(value: unknown): string {
  try {
    return JSON.stringify(value, bigintAsString) ?? 'undefined';
  } catch {
    return JSON.stringify(acyclic(value, []), bigintAsString) ?? 'undefined';
  }
}
