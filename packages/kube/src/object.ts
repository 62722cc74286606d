// SPDX-License-Identifier: Apache-2.0
/** The shape of a Kubernetes object as far as the cluster boundary reads it (plain JSON). */

/** An owner reference (`metadata.ownerReferences[]`). */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** `metadata` of any object; only the fields the boundary reads are typed, the rest pass through. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

/** Any Kubernetes object, as plain JSON. Kind-specific types (TrainJob, JobSet) are assignable to it. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** A LIST response. */
export interface ObjectList<T extends KubeObject = KubeObject> {
  apiVersion?: string;
  kind?: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

/** The store key of an object: `namespace/name`, or `name` for cluster-scoped objects (client-go's MetaNamespaceKeyFunc). */
export function objectKey(object: KubeObject): string {
  const namespace = object.metadata?.namespace;
  const name = object.metadata?.name ?? '';
  return namespace ? `${namespace}/${name}` : name;
}

/** The key of `name` in `namespace` (or of a cluster-scoped `name`), as {@link objectKey} gives it. */
export function keyOf(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** Splits a key from {@link objectKey} into namespace (`undefined` when cluster-scoped) and name. */
export function splitKey(key: string): { namespace: string | undefined; name: string } {
  const slash = key.indexOf('/');
  return slash < 0
    ? { namespace: undefined, name: key }
    : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** The controller owner reference of `object` (`controller: true`), of `kind` when given; else undefined. */
export function controllerOwner(object: KubeObject, kind?: string): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find(
    (o) => o.controller === true && (kind === undefined || o.kind === kind),
  );
}

/**
 * The key of the controller owner of `object` ({@link controllerOwner}, of `kind` when given): the
 * owner is in the object's namespace, so `namespace/ownerName` as {@link keyOf} gives it; else undefined.
 */
export function controllerOwnerKey(object: KubeObject, kind?: string): string | undefined {
  const owner = controllerOwner(object, kind);
  return owner === undefined ? undefined : keyOf(object.metadata?.namespace, owner.name);
}
