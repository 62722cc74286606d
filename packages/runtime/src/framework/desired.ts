// SPDX-License-Identifier: Apache-2.0
// Desired objects: what `render` returns for the controller to apply. Each carries a stable key, its
// canonical content, a content hash and the apply policy of the plugin that built it.

import { stringifyJson } from '@kubetrain/api/core';
import { createHash } from 'node:crypto';
import type { KubeObject } from '../types.js';
import { canonicalObject } from '../util/canonical.js';
import type { ApplyPolicy } from './kinds.js';
import { groupOfApiVersion } from './kinds.js';

/** The identity of a desired object: what the controller looks it up by. */
export interface ObjectKey {
  /** API group; `''` for the core group. */
  readonly group: string;
  readonly kind: string;
  /** The TrainJob's namespace; `''` when it has none (objects read from files). */
  readonly namespace: string;
  readonly name: string;
}

/** One object the controller must apply for a TrainJob. */
export interface DesiredObject {
  readonly key: ObjectKey;
  /** The object, keys sorted (apiVersion, kind, metadata, spec first), no undefined members. */
  readonly object: KubeObject;
  /** sha256 of `JSON.stringify(object)` (the canonical JSON), lowercase hex. */
  readonly hash: string;
  /** How upstream applies it; see {@link ApplyPolicy}. */
  readonly policy: ApplyPolicy;
  /**
   * Objects to wait for (absent: none): apply this one only once each of them exists and is finished
   * (a batch/v1 Job with condition `Complete=True`). Set by the LeaderWorkerSet backend, whose
   * workload runs after the initializer Jobs (a JobSet orders its steps itself with `dependsOn`).
   */
  readonly after?: readonly ObjectKey[];
}

/** The key of an object. */
export function objectKeyOf(object: KubeObject): ObjectKey {
  return {
    group: groupOfApiVersion(object.apiVersion),
    kind: object.kind,
    namespace: object.metadata.namespace ?? '',
    name: object.metadata.name ?? '',
  };
}

/**
 * The desired object for `object` applied with `policy` (after the objects `after`, when any):
 * canonical content, key and hash. `after` does not enter the hash.
 */
export function desiredObject(
  object: KubeObject,
  policy: ApplyPolicy,
  after: readonly ObjectKey[] = [],
): DesiredObject {
  const canonical = canonicalObject(object);
  const hash = createHash('sha256').update(stringifyJson(canonical)).digest('hex');
  const desired = { key: objectKeyOf(canonical), object: canonical, hash, policy };
  return after.length > 0 ? { ...desired, after: [...after] } : desired;
}
