// SPDX-License-Identifier: Apache-2.0
// Reading through the store and our own recent writes.

import type { KubeObject, Lookup } from './kube.js';

/**
 * The freshest known version of an object: the store's, or our own write the store has not shown
 * yet. A write can also be recorded after its watch event arrived (the event won the race with the
 * response); then the store's copy is as new or newer, which the resourceVersions tell (etcd
 * revisions, compared as numbers).
 */
export function freshest(lookup: Lookup<KubeObject>): KubeObject | undefined {
  if (lookup.state === 'cached') return lookup.object;
  if (lookup.state === 'absent') return undefined;
  const written = lookup.write.object;
  const stored = lookup.object;
  if (written === undefined) return stored;
  if (stored === undefined) return written;
  const w = Number(written.metadata?.resourceVersion);
  const s = Number(stored.metadata?.resourceVersion);
  return Number.isFinite(w) && Number.isFinite(s) && s > w ? stored : written;
}
