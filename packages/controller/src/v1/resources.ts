// SPDX-License-Identifier: Apache-2.0
// The resources the v1 controllers read and write: the v1 kinds, the pods and Services they own, and
// the objects the engine names by API (MPI's ConfigMap and RBAC, PyTorch's HPA, the PodGroups).
import { V1_API_VERSION, V1KindPlurals, type V1KindName } from '@kubetrain/api/core';
import type { V1ObjectApi } from '@kubetrain/runtime/v1';
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

/** The resource of the objects of `api`, an API the engine names as plain data (all namespaced). */
export function objectApiResource(api: V1ObjectApi): ResourceRef {
  return resourceRef(api.apiVersion, api.plural, api.kind);
}
