// SPDX-License-Identifier: Apache-2.0
// The resources the v1 controllers read and write: the v1 kinds, and the pods and Services they own.
import { V1_API_VERSION, V1KindPlurals, type V1KindName } from '@kubetrain/api/core';
import { CoreResources, resourceRef, type ResourceRef } from '../cluster/kube.js';

/** Pods and Services of the v1 jobs. */
export const V1OwnedResources = {
  Pod: CoreResources.Pod,
  Service: resourceRef('v1', 'services', 'Service'),
} as const satisfies Record<string, ResourceRef>;

/** The resource of the v1 kind `kind`. */
export function v1Resource(kind: V1KindName): ResourceRef {
  return resourceRef(V1_API_VERSION, V1KindPlurals[kind], kind);
}
