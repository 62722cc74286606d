// SPDX-License-Identifier: Apache-2.0
// Desired objects: what `render` returns for the controller to apply. Each carries a stable key, its
// canonical content, a content hash and the apply policy of the plugin that built it.

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

/** The desired object for `object` applied with `policy`: canonical content, key and hash. */
export function desiredObject(object: KubeObject, policy: ApplyPolicy): DesiredObject {
  const canonical = canonicalObject(object);
  const hash = createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
  return { key: objectKeyOf(canonical), object: canonical, hash, policy };
}
