// SPDX-License-Identifier: Apache-2.0
// An in-memory implementation of @kubetrain/kube's `KubeApi` port, for unit tests of reconcilers:
// objects by resource, namespace and name; every request recorded in order. It is a fake of our own
// interface, not of the API server: no admission, no schema, no field ownership (server-side apply
// merges maps and replaces lists); the e2e suites run the real kube-apiserver for those.

import {
  errorFromStatus,
  type DeleteOptions,
  type KubeApi,
  type KubeObject,
  type ListOptions,
  type NamespaceOption,
  type ObjectList,
  type PatchOptions,
  type ResourceRef,
} from '@kubetrain/kube';

/** One request the code under test made. */
export interface RecordedRequest {
  /** `GET`, `LIST`, `POST`, `PUT`, `PATCH` (merge), `APPLY` (server-side apply) or `DELETE`. */
  readonly verb: string;
  /** The plural resource, with `/<subresource>` when there is one (`trainjobs/status`). */
  readonly resource: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly body?: unknown;
}

type Json = Record<string, unknown>;

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7396 merge of `patch` into `target` (null deletes); lists are replaced. */
function mergeInto(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isMap(value) && isMap(out[key])) out[key] = mergeInto(out[key], value);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** Equality-based selectors only (`a=b,c=d`), as the manager's reads use them. */
function matches(object: KubeObject, selector: string | undefined): boolean {
  if (selector === undefined || selector === '') return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return object.metadata?.labels?.[key ?? ''] === value;
  });
}

/** See the module comment. */
export class InMemoryClient implements KubeApi {
  /** Every request, oldest first. */
  readonly requests: RecordedRequest[] = [];
  private readonly objects = new Map<string, KubeObject>();
  private version = 0;

  /** `now` stamps `creationTimestamp` of created objects. */
  constructor(private readonly now: () => Date = () => new Date(0)) {}

  /** The writes made so far, as `<VERB> <resource>` (reads left out), oldest first. */
  writes(): string[] {
    return this.requests
      .filter((r) => r.verb !== 'GET' && r.verb !== 'LIST')
      .map((r) => `${r.verb} ${r.resource}`);
  }

  /** Puts `object` in place as if it had been created (not recorded); returns it as stored. */
  seed<T extends object>(ref: ResourceRef, object: T): T {
    return this.store(ref, structuredClone(object) as KubeObject, true) as unknown as T;
  }

  /** The stored object, or undefined. */
  object<T = KubeObject>(ref: ResourceRef, namespace: string | undefined, name: string): T | undefined {
    const found = this.objects.get(this.key(ref, namespace, name));
    return found === undefined ? undefined : (structuredClone(found) as unknown as T);
  }

  get<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    name: string,
    options: NamespaceOption & { subresource?: string } = {},
  ): Promise<T> {
    this.record('GET', ref, options.namespace, name);
    return Promise.resolve(this.existing(ref, options.namespace, name) as T);
  }

  list<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    this.record('LIST', ref, options.namespace);
    const prefix = `${ref.resource}/${ref.namespaced ? (options.namespace ?? '') : ''}/`;
    const items = [...this.objects.entries()]
      .filter(
        ([key]) =>
          (options.namespace === undefined || key.startsWith(prefix)) && key.startsWith(`${ref.resource}/`),
      )
      .filter(([, o]) => matches(o, options.labelSelector))
      .map(([, o]) => structuredClone(o) as T);
    return Promise.resolve({ metadata: {}, items });
  }

  create<T extends KubeObject>(ref: ResourceRef, object: T, options: NamespaceOption = {}): Promise<T> {
    const namespace = options.namespace ?? object.metadata?.namespace;
    const name = object.metadata?.name ?? '';
    this.record('POST', ref, namespace, name, object);
    if (this.objects.has(this.key(ref, namespace, name)))
      return Promise.reject(this.status(409, 'AlreadyExists', ref, name));
    const body = structuredClone(object);
    body.metadata = { ...body.metadata, ...(namespace !== undefined ? { namespace } : {}) };
    return Promise.resolve(this.store(ref, body, true) as T);
  }

  replace<T extends KubeObject>(
    ref: ResourceRef,
    object: T,
    options: { subresource?: string } = {},
  ): Promise<T> {
    const { namespace, name = '' } = object.metadata ?? {};
    this.record('PUT', ref, namespace, name, object, options.subresource);
    const current = this.existing(ref, namespace, name);
    return Promise.resolve(
      this.store(ref, {
        ...structuredClone(object),
        metadata: { ...current.metadata, ...object.metadata },
      }) as T,
    );
  }

  patch<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    name: string,
    patch: unknown,
    options: PatchOptions & NamespaceOption,
  ): Promise<T> {
    const verb = options.type === 'apply' ? 'APPLY' : 'PATCH';
    this.record(verb, ref, options.namespace, name, patch, options.subresource);
    if (options.type !== 'apply' && options.type !== 'merge')
      return Promise.reject(new Error(`InMemoryClient: ${options.type} patches are not supported`));
    const key = this.key(ref, options.namespace, name);
    const current = this.objects.get(key);
    if (current === undefined && options.type === 'merge')
      return Promise.reject(this.status(404, 'NotFound', ref, name));
    const body =
      options.subresource === 'status' ? { status: (patch as Json)['status'] ?? patch } : (patch as Json);
    const merged = mergeInto(
      (current ?? { metadata: { name, namespace: options.namespace } }) as Json,
      body as Json,
    );
    return Promise.resolve(this.store(ref, merged as KubeObject, current === undefined) as T);
  }

  delete(ref: ResourceRef, name: string, options: DeleteOptions & NamespaceOption = {}): Promise<unknown> {
    // The body of a DELETE is its DeleteOptions: recorded when it has any.
    const { namespace: _ns, propagationPolicy, preconditions } = options;
    const body = {
      ...(propagationPolicy !== undefined ? { propagationPolicy } : {}),
      ...(preconditions !== undefined ? { preconditions } : {}),
    };
    this.record('DELETE', ref, options.namespace, name, Object.keys(body).length > 0 ? body : undefined);
    const key = this.key(ref, options.namespace, name);
    const current = this.objects.get(key);
    if (current === undefined) return Promise.reject(this.status(404, 'NotFound', ref, name));
    const uid = options.preconditions?.uid;
    if (uid !== undefined && uid !== '' && current.metadata?.uid !== uid)
      return Promise.reject(this.status(409, 'Conflict', ref, name));
    this.objects.delete(key);
    return Promise.resolve(structuredClone(current));
  }

  private key(ref: ResourceRef, namespace: string | undefined, name: string): string {
    return `${ref.resource}/${ref.namespaced ? (namespace ?? '') : ''}/${name}`;
  }

  private existing(ref: ResourceRef, namespace: string | undefined, name: string): KubeObject {
    const found = this.objects.get(this.key(ref, namespace, name));
    if (found === undefined) throw this.status(404, 'NotFound', ref, name);
    return structuredClone(found);
  }

  private store(ref: ResourceRef, object: KubeObject, created = false): KubeObject {
    const metadata = { ...object.metadata };
    metadata.resourceVersion = String(++this.version);
    if (created) {
      metadata.uid ??= `uid-${this.version}`;
      metadata.creationTimestamp ??= this.now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    }
    const stored = { ...object, metadata } as KubeObject;
    this.objects.set(this.key(ref, metadata.namespace, metadata.name ?? ''), stored);
    return structuredClone(stored);
  }

  private record(
    verb: string,
    ref: ResourceRef,
    namespace: string | undefined,
    name?: string,
    body?: unknown,
    subresource?: string,
  ): void {
    this.requests.push({
      verb,
      resource: subresource ? `${ref.resource}/${subresource}` : ref.resource,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(body !== undefined ? { body: structuredClone(body) } : {}),
    });
  }

  private status(code: number, reason: string, ref: ResourceRef, name: string): Error {
    return errorFromStatus({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code,
      reason,
      message: `${ref.resource} "${name}" ${reason === 'NotFound' ? 'not found' : reason === 'AlreadyExists' ? 'already exists' : 'conflict'}`,
    });
  }
}
