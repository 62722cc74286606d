// SPDX-License-Identifier: Apache-2.0
// Whether a live object already holds everything the manager would apply: every field of `desired`
// is in `live` with the same value (objects compared member by member, arrays element by element
// and of the same length; what the API server or another manager added beside them is ignored).
// Used to adopt objects another manager wrote without applying them again. Pure.

/** Whether `desired` is contained in `live` (see the module comment). */
export function containedIn(desired: unknown, live: unknown): boolean {
  if (Array.isArray(desired)) {
    return (
      Array.isArray(live) &&
      live.length === desired.length &&
      desired.every((d, i) => containedIn(d, live[i]))
    );
  }
  if (desired !== null && typeof desired === 'object') {
    if (live === null || typeof live !== 'object' || Array.isArray(live)) return false;
    const l = live as Record<string, unknown>;
    return Object.entries(desired as Record<string, unknown>).every(
      ([k, v]) => v === undefined || (k in l && containedIn(v, l[k])),
    );
  }
  return Object.is(desired, live);
}
