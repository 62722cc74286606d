// SPDX-License-Identifier: Apache-2.0
// The one place the engine calls a strategic merge patch. The full implementation lives in
// `../smp/`; until it lands this adapter carries a minimal stand-in that knows the merge keys of the
// JobSet spec and the pod spec (maps merge recursively, keyed lists merge by key, others replace).

/** List fields merged by key, keyed by field name (the last path segment). */
const mergeKeys: Record<string, string> = {
  replicatedJobs: 'name',
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  imagePullSecrets: 'name',
  schedulingGates: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function mergeValue(original: unknown, patch: unknown, field: string): unknown {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const key = mergeKeys[field];
    if (key === undefined || !Array.isArray(original)) return structuredClone(patch);
    const out = [...original];
    for (const item of patch) {
      const i = isObject(item) ? out.findIndex((o) => isObject(o) && o[key] === item[key]) : -1;
      if (i >= 0) out[i] = mergeValue(out[i], item, '');
      else out.push(structuredClone(item));
    }
    return out;
  }
  if (isObject(patch)) {
    const base = isObject(original) ? { ...original } : {};
    for (const [k, v] of Object.entries(patch)) {
      const merged = mergeValue(base[k], v, k);
      if (merged === undefined) delete base[k];
      else base[k] = merged;
    }
    return base;
  }
  return patch;
}

/**
 * Applies `patch` to `original` as a strategic merge patch of a JobSet spec and returns the result;
 * neither input is changed.
 */
export function strategicMergeJobSetSpec<T extends object>(original: T, patch: object): T {
  return mergeValue(original, patch, '') as T;
}
