// SPDX-License-Identifier: Apache-2.0
/**
 * Server-side apply with one field manager, and the status writer. The one place the controller
 * writes objects (libraries-and-style 2.5, rule 4): `PATCH` with
 * `Content-Type: application/apply-patch+yaml` and a JSON body (JSON is YAML), `force=true`
 * as upstream's `client.ForceOwnership`.
 */
import type { KubeApi } from './client.js';
import type { KubeObject } from './object.js';
import type { ResourceRef } from './resource.js';
import { stripManagedFields } from './transform.js';

/** Options of an {@link Applier}. */
export interface ApplierOptions {
  /** The field manager of every apply (`trainer` upstream). */
  fieldManager: string;
  /** Take over fields other managers own. Default true. */
  force?: boolean;
}

/** Per-call options. */
export interface ApplyCallOptions {
  /** Validate and admit without persisting (`dryRun=All`). */
  dryRun?: boolean;
}

/** The name and namespace an apply body must carry, checked before the request leaves. */
function target(object: KubeObject): { name: string; namespace: string | undefined } {
  const name = object.metadata?.name;
  if (!object.apiVersion || !object.kind || !name) {
    throw new TypeError('server-side apply: the object needs apiVersion, kind and metadata.name');
  }
  return { name, namespace: object.metadata?.namespace };
}

/** Server-side apply and status writes for one field manager. */
export class Applier {
  private readonly force: boolean;

  constructor(
    private readonly client: KubeApi,
    private readonly options: ApplierOptions,
  ) {
    this.force = options.force ?? true;
  }

  /** The field manager this applier writes as. */
  get fieldManager(): string {
    return this.options.fieldManager;
  }

  /**
   * Server-side applies `object` (created when absent); returns what the server stored. An apply
   * that changes nothing leaves the resourceVersion as it was. `managedFields` in the body are dropped.
   */
  apply<T extends KubeObject>(ref: ResourceRef, object: T, options: ApplyCallOptions = {}): Promise<T> {
    const { name, namespace } = target(object);
    return this.client.patch<T>(ref, name, stripManagedFields(object), {
      type: 'apply',
      namespace,
      fieldManager: this.options.fieldManager,
      force: this.force,
      ...(options.dryRun ? { dryRun: 'All' as const } : {}),
    });
  }

  /**
   * Server-side applies the status subresource: the body is `apiVersion`, `kind`, name,
   * namespace and `status` only; this manager's status fields that are not in `status` are removed.
   */
  applyStatus<T extends KubeObject & { status?: unknown }>(
    ref: ResourceRef,
    object: T,
    options: ApplyCallOptions = {},
  ): Promise<T> {
    const { name, namespace } = target(object);
    const body = {
      apiVersion: object.apiVersion,
      kind: object.kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      status: object.status,
    };
    return this.client.patch<T>(ref, name, body, {
      type: 'apply',
      namespace,
      subresource: 'status',
      fieldManager: this.options.fieldManager,
      force: this.force,
      ...(options.dryRun ? { dryRun: 'All' as const } : {}),
    });
  }

  /**
   * Merge-patches the status subresource with `{ status }` (RFC 7386: `null` removes a field,
   * lists are replaced whole). `resourceVersion`, when given, makes the write conditional (409 when stale).
   */
  patchStatus<T extends KubeObject = KubeObject>(
    ref: ResourceRef,
    namespace: string | undefined,
    name: string,
    status: unknown,
    options: ApplyCallOptions & { resourceVersion?: string } = {},
  ): Promise<T> {
    const body = {
      ...(options.resourceVersion ? { metadata: { resourceVersion: options.resourceVersion } } : {}),
      status,
    };
    return this.client.patch<T>(ref, name, body, {
      type: 'merge',
      namespace,
      subresource: 'status',
      fieldManager: this.options.fieldManager,
      ...(options.dryRun ? { dryRun: 'All' as const } : {}),
    });
  }
}
