// SPDX-License-Identifier: Apache-2.0
/** The requests of `KubeClient` (client.ts): the options of each verb, the watch event, the patch flavours. */
import type { KubeObject } from './object.js';
import type { ObjectLocation } from './resource.js';
import type { TransportRequest } from './transport.js';

/** Options every request takes. */
export interface RequestOptions {
  /** Aborting fails the request with a `TimeoutError` (`code` 0). */
  signal?: AbortSignal | undefined;
}

/** Options every write takes. */
export interface WriteOptions extends RequestOptions {
  /** `All` validates and admits without persisting. */
  dryRun?: 'All';
  /** `metadata.managedFields` owner of this write. */
  fieldManager?: string;
  /** Strict, Warn or Ignore unknown/duplicate fields. */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

/** Query of a LIST. */
export interface ListOptions extends RequestOptions {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /** `0`: from the watch cache (any age); `''`/unset: a consistent read. */
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact' | undefined;
  limit?: number | undefined;
  continue?: string | undefined;
  /** Ask for `PartialObjectMetadataList`: items carry only apiVersion, kind and metadata (no data, no spec). */
  metadataOnly?: boolean | undefined;
}

/** Query of a WATCH. */
export interface WatchOptions {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /** Watch changes after this resourceVersion. */
  resourceVersion?: string | undefined;
  allowWatchBookmarks?: boolean | undefined;
  /**
   * A streaming list (KEP-3157, WatchList): the stream begins with an ADDED event per existing
   * object, then a BOOKMARK annotated {@link INITIAL_EVENTS_END}; needs `allowWatchBookmarks` and
   * `resourceVersionMatch: 'NotOlderThan'` (with no resourceVersion: a consistent read).
   */
  sendInitialEvents?: boolean | undefined;
  resourceVersionMatch?: 'NotOlderThan' | undefined;
  /** The server closes the stream cleanly after this many seconds. */
  timeoutSeconds?: number | undefined;
  /** Aborting ends the stream (the iterator returns). */
  signal?: AbortSignal | undefined;
  /** Ask for `PartialObjectMetadata` objects: only apiVersion, kind and metadata. */
  metadataOnly?: boolean | undefined;
}

/** The annotation of the BOOKMARK that ends a streaming list's initial events (its value `"true"`). */
export const INITIAL_EVENTS_END = 'k8s.io/initial-events-end';

/** One event of a watch stream. ERROR events are not yielded: they are thrown as typed errors. */
export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
  object: T;
}

/** The patch flavours the API server accepts, by Content-Type. */
export const PatchTypes = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
} as const;

/** A key of {@link PatchTypes}. */
export type PatchType = keyof typeof PatchTypes;

/** Options of a PATCH. */
export interface PatchOptions extends WriteOptions {
  type: PatchType;
  /** Server-side apply only: take over fields other managers own. */
  force?: boolean;
  subresource?: string;
}

/** Accept headers of metadata-only reads (controller-runtime's `WatchesMetadata`). */
export const MetadataAccept = {
  list: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
  object: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1',
} as const;

/** Options of a DELETE. */
export interface DeleteOptions {
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  /** Delete only this incarnation / version of the object (409 Conflict otherwise). */
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: 'All';
}

/** Where an object lives: its namespace for namespaced resources. */
export interface NamespaceOption extends RequestOptions {
  namespace?: string | undefined;
}

/** A raw request on a resource location (see `KubeClient.call`). */
export interface RawCall extends ObjectLocation {
  method: TransportRequest['method'];
  query?: TransportRequest['query'];
  body?: unknown;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal | undefined;
}
