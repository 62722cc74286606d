// SPDX-License-Identifier: Apache-2.0
// Deterministic object shape (style rule 12): every map's keys sorted, and an object's top-level
// keys ordered apiVersion, kind, metadata, spec, then the rest sorted. List order is kept: it is
// meaningful (containers, env, args).

const leadingKeys = ['apiVersion', 'kind', 'metadata', 'spec'];

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source).sort()) {
    const v = source[key];
    if (v !== undefined) out[key] = sortDeep(v);
  }
  return out;
}

/**
 * Returns a copy of a Kubernetes object with sorted keys (top level: apiVersion, kind, metadata,
 * spec first) and no `undefined` members. The input is not changed.
 */
export function canonicalObject<T extends object>(object: T): T {
  const sorted = sortDeep(object) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of leadingKeys) if (key in sorted) out[key] = sorted[key];
  for (const key of Object.keys(sorted)) if (!(key in out)) out[key] = sorted[key];
  return out as T;
}
