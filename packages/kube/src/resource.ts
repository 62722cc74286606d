// SPDX-License-Identifier: Apache-2.0
/**
 * Which resource a request is about, and the URL path the API server serves it at. Pure: no
 * discovery, the caller names group, version, plural and scope.
 */

/** A resource of the API: `group` is `''` for the core group (`/api/v1`). */
export interface ResourceRef {
  /** API group, `''` for core. */
  readonly group: string;
  readonly version: string;
  /** Plural resource name as in URLs and RBAC (`jobsets`, `configmaps`). */
  readonly resource: string;
  /** Whether objects live in a namespace (`false` for Namespaces, ClusterTrainingRuntimes, …). */
  readonly namespaced: boolean;
  /** `kind` of the objects; sent in apply bodies and used in messages. */
  readonly kind: string;
}

/** Where in a resource a request goes: one object, a subresource of it, or the collection. */
export interface ObjectLocation {
  /** Required for namespaced resources when `name` is given; omitted to address all namespaces. */
  namespace?: string | undefined;
  name?: string | undefined;
  /** A subresource such as `status` or `scale`; needs `name`. */
  subresource?: string | undefined;
}

/** Builds a {@link ResourceRef} from `apiVersion` (`group/version` or `v1`), plural, kind and scope. */
export function resourceRef(
  apiVersion: string,
  resource: string,
  kind: string,
  namespaced = true,
): ResourceRef {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion, resource, kind, namespaced }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1), resource, kind, namespaced };
}

/** `apiVersion` of a resource's objects (`v1`, `jobset.x-k8s.io/v1alpha2`). */
export function apiVersionOf(ref: ResourceRef): string {
  return ref.group === '' ? ref.version : `${ref.group}/${ref.version}`;
}

/**
 * The URL path of a resource location, e.g.
 * `/apis/jobset.x-k8s.io/v1alpha2/namespaces/ns/jobsets/name/status`. Path segments are escaped.
 * Throws when a namespaced object is addressed without a namespace, or a cluster-scoped one with one.
 */
export function resourcePath(ref: ResourceRef, at: ObjectLocation = {}): string {
  const parts = [ref.group === '' ? `/api/${ref.version}` : `/apis/${ref.group}/${ref.version}`];
  if (ref.namespaced) {
    if (at.namespace) parts.push('namespaces', encodeURIComponent(at.namespace));
    else if (at.name) throw new TypeError(`${ref.kind} ${at.name}: a namespaced resource needs a namespace`);
  } else if (at.namespace) {
    throw new TypeError(`${ref.kind} is cluster-scoped: no namespace allowed (got ${at.namespace})`);
  }
  parts.push(ref.resource);
  if (at.name) parts.push(encodeURIComponent(at.name));
  if (at.subresource) {
    if (!at.name) throw new TypeError(`${ref.kind}: subresource ${at.subresource} needs a name`);
    parts.push(at.subresource);
  }
  return parts.join('/');
}

/** Resources of the core and coordination groups the controller uses. */
export const CoreResources = {
  Namespace: resourceRef('v1', 'namespaces', 'Namespace', false),
  ConfigMap: resourceRef('v1', 'configmaps', 'ConfigMap'),
  Secret: resourceRef('v1', 'secrets', 'Secret'),
  Pod: resourceRef('v1', 'pods', 'Pod'),
  Event: resourceRef('v1', 'events', 'Event'),
  Lease: resourceRef('coordination.k8s.io/v1', 'leases', 'Lease'),
} as const satisfies Record<string, ResourceRef>;
