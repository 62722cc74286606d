// SPDX-License-Identifier: Apache-2.0
/**
 * The one client of the API server: raw JSON requests on any group/version/resource over the
 * keep-alive {@link Transport}, every failure mapped once to a typed error (errors.ts).
 */
import {
  ApiError,
  errorFromResponse,
  errorFromStatus,
  isStatus,
  TimeoutError,
  type RequestInfo,
} from './errors.js';
import { parseJsonLossless, stringifyJson } from './lossless-json.js';
import { parseNdjson } from './ndjson.js';
import type { KubeObject, ObjectList } from './object.js';
import {
  MetadataAccept,
  PatchTypes,
  type DeleteOptions,
  type ListOptions,
  type NamespaceOption,
  type PatchOptions,
  type RawCall,
  type WatchEvent,
  type WatchOptions,
  type WriteOptions,
} from './request-options.js';
import { resourcePath, type ResourceRef } from './resource.js';
import {
  RequestAbortedError,
  RequestTimeoutError,
  Transport,
  type ConnectionConfig,
  type TransportOptions,
  type TransportRequest,
} from './transport.js';

function writeQuery(options: WriteOptions | undefined): TransportRequest['query'] {
  return {
    dryRun: options?.dryRun,
    fieldManager: options?.fieldManager,
    fieldValidation: options?.fieldValidation,
  };
}

/** Maps a transport failure (no HTTP response) to an ApiError, timeouts and aborts to TimeoutError. */
function transportError(error: unknown, info: RequestInfo): ApiError {
  if (error instanceof ApiError) return error;
  const message = `${info.method} ${info.path}: ${(error as Error)?.message ?? String(error)}`;
  // The request timeout, and aborts by the caller's signal: the request may be retried.
  if (error instanceof RequestTimeoutError || error instanceof RequestAbortedError)
    return new TimeoutError(message, 0, 'Timeout', undefined, info, { cause: error });
  // Refused, reset, TLS failures: no answer from the server.
  return new ApiError(message, 0, 'Unknown', undefined, info, { cause: error });
}

/**
 * Raw JSON access to the API server. Every method throws a typed {@link ApiError} subclass on
 * failure. Objects are plain JSON in and out: no model classes, no field dropping.
 */
/**
 * The request verbs of {@link KubeClient} that reconcilers and writers use: the port they are given,
 * so that a unit test can hand them an in-memory client of the same shape (@kubetrain/testing).
 */
export type KubeApi = Pick<KubeClient, 'get' | 'list' | 'create' | 'replace' | 'patch' | 'delete'>;

export class KubeClient {
  private constructor(readonly transport: Transport) {}

  /** A client for the kubeconfig's current context (see {@link loadKubeConfig}). */
  static async create(kubeConfig: ConnectionConfig, options: TransportOptions = {}): Promise<KubeClient> {
    return new KubeClient(await Transport.create(kubeConfig, options));
  }

  /** Closes the connections (see {@link Transport.close}). */
  close(): Promise<void> {
    return this.transport.close();
  }

  /** GET one object (or one of its subresources). */
  get<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    name: string,
    options: NamespaceOption & { subresource?: string } = {},
  ): Promise<T> {
    return this.call<T>(ref, { method: 'GET', name, ...options });
  }

  /** LIST one page of a collection (in `namespace`, or in all namespaces); `items` is always an array. */
  async list<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const { namespace, metadataOnly, signal, ...query } = options;
    const list = await this.call<ObjectList<T>>(ref, {
      method: 'GET',
      namespace,
      signal,
      query: { ...query },
      ...(metadataOnly ? { accept: MetadataAccept.list } : {}),
    });
    // An empty PartialObjectMetadataList comes with `items: null`.
    list.items ??= [];
    list.metadata ??= {};
    return list;
  }

  /** POST a new object; its namespace comes from `metadata.namespace` unless given. */
  create<T extends KubeObject>(
    ref: ResourceRef,
    object: T,
    options: WriteOptions & NamespaceOption = {},
  ): Promise<T> {
    const namespace = options.namespace ?? object.metadata?.namespace;
    return this.call<T>(ref, {
      method: 'POST',
      namespace,
      query: writeQuery(options),
      body: object,
      signal: options.signal,
    });
  }

  /** PUT the whole object (or a subresource); `metadata.resourceVersion` makes it conditional (409 when stale). */
  replace<T extends KubeObject>(
    ref: ResourceRef,
    object: T,
    options: WriteOptions & { subresource?: string } = {},
  ): Promise<T> {
    const { namespace, name } = object.metadata ?? {};
    return this.call<T>(ref, {
      method: 'PUT',
      namespace,
      name,
      subresource: options.subresource,
      query: writeQuery(options),
      body: object,
      signal: options.signal,
    });
  }

  /** PATCH one object with a merge, JSON, strategic or apply patch (see {@link PatchTypes}). */
  patch<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    name: string,
    patch: unknown,
    options: PatchOptions & NamespaceOption,
  ): Promise<T> {
    return this.call<T>(ref, {
      method: 'PATCH',
      name,
      namespace: options.namespace,
      subresource: options.subresource,
      query: { ...writeQuery(options), force: options.force },
      body: patch,
      contentType: PatchTypes[options.type],
      signal: options.signal,
    });
  }

  /** DELETE one object; resolves with what the server returns (the object or a Status). */
  delete(ref: ResourceRef, name: string, options: DeleteOptions & NamespaceOption = {}): Promise<unknown> {
    const { namespace, dryRun, signal, ...rest } = options;
    const body =
      Object.keys(rest).length > 0 ? { apiVersion: 'v1', kind: 'DeleteOptions', ...rest } : undefined;
    return this.call(ref, { method: 'DELETE', name, namespace, query: { dryRun }, body, signal });
  }

  /**
   * WATCH a collection: yields ADDED / MODIFIED / DELETED / BOOKMARK events until the server
   * closes the stream (returns), `signal` aborts (returns), or the stream fails (throws; an
   * ERROR event is thrown as its typed error, e.g. {@link GoneError} for an expired resourceVersion).
   */
  async *watch<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    options: WatchOptions = {},
  ): AsyncGenerator<WatchEvent<T>> {
    const { namespace, signal, metadataOnly, ...query } = options;
    const path = resourcePath(ref, { namespace });
    const info: RequestInfo = { method: 'GET', path: `${path}?watch=true` };
    let response;
    try {
      response = await this.transport.send({
        method: 'GET',
        path,
        query: { ...query, watch: true },
        stream: true,
        signal,
        ...(metadataOnly ? { accept: MetadataAccept.object } : {}),
      });
    } catch (error) {
      if (signal?.aborted) return;
      throw transportError(error, info);
    }
    if (response.statusCode >= 400)
      throw errorFromResponse(response.statusCode, await response.body.text(), info);
    try {
      for await (const value of parseNdjson(response.body)) {
        const event = value as { type?: string; object?: unknown };
        if (event.type === 'ERROR') {
          throw isStatus(event.object)
            ? errorFromStatus(event.object, info)
            : new ApiError(`${info.path}: malformed ERROR event`, 500, 'Unknown', undefined, info);
        }
        yield event as WatchEvent<T>;
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw transportError(error, info);
    } finally {
      if (!response.body.destroyed) response.body.destroy();
    }
  }

  /** Any request on a resource location; parses the JSON answer, throws the typed error of a failure. */
  async call<T>(ref: ResourceRef, call: RawCall): Promise<T> {
    const path = resourcePath(ref, call);
    const info: RequestInfo = { method: call.method, path };
    let response;
    try {
      response = await this.transport.send({
        method: call.method,
        path,
        query: call.query,
        ...(call.body !== undefined
          ? { body: stringifyJson(call.body), contentType: call.contentType ?? 'application/json' }
          : {}),
        ...(call.accept ? { accept: call.accept } : {}),
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch (error) {
      throw transportError(error, info);
    }
    const text = await response.body.text().catch((error: unknown) => {
      throw transportError(error, info);
    });
    if (response.statusCode >= 400) throw errorFromResponse(response.statusCode, text, info);
    // Losslessly: an int64 past 2^53 (activeDeadlineSeconds 2^63-1) is read as the bigint it is.
    return (text === '' ? undefined : parseJsonLossless(text)) as T;
  }
}
