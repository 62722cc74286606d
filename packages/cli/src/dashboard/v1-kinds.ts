// SPDX-License-Identifier: Apache-2.0
// The Training Operator v1 kinds (kubeflow.org/v1) as the dashboard watches them: one resource per
// kind, listed beside the TrainJobs when its CRD is installed, named on a page by `?kind=`.

import { V1_API_VERSION, V1KindNames, V1KindPlurals, type V1KindName } from '@kubetrain/api/core';
import { resourceRef, type ResourceRef } from '@kubetrain/kube';
import { TRAINJOB_KIND } from './web/feed-types.js';

/** The v1 kinds, in upstream's order. */
export const V1_KINDS: readonly V1KindName[] = Object.values(V1KindNames);

/** A v1 kind's plural resource name, as the port's watches name it (`pytorchjobs`; checked in the test). */
export type V1Resource = `${Lowercase<V1KindName>}s`;

/** The resource name of a v1 kind. */
export function v1Resource(kind: V1KindName): V1Resource {
  return V1KindPlurals[kind] as V1Resource;
}

/** True for one of the six v1 kind names. */
export function isV1Kind(kind: string): kind is V1KindName {
  return (V1_KINDS as readonly string[]).includes(kind);
}

/** The resource of a v1 kind. */
export function v1Ref(kind: V1KindName): ResourceRef {
  return resourceRef(V1_API_VERSION, v1Resource(kind), kind);
}

/** The v1 kind of a resource name, or undefined when it is none. */
export function v1KindOf(resource: string): V1KindName | undefined {
  return V1_KINDS.find((k) => V1KindPlurals[k] === resource);
}

/**
 * The kind a request names (`?kind=`): undefined for none or `TrainJob` (a TrainJob's page, as before
 * v1 kinds), a v1 kind, or an Error naming the parameter.
 */
export function parseKind(value: string | null): V1KindName | undefined | Error {
  if (value === null || value === '' || value === TRAINJOB_KIND) return undefined;
  if (isV1Kind(value)) return value;
  return new Error(`kind: must be ${[TRAINJOB_KIND, ...V1_KINDS].join(', ')}`);
}
