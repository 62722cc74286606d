// SPDX-License-Identifier: Apache-2.0
// What the API server does to an object before the engine sees it: the namespace a client would
// give it, pruning, CRD defaults, and the schema and CEL checks of `@kubetrain/api`.

import { Kinds, validateSchema } from '@kubetrain/api';
import type { FieldError, KindName } from '@kubetrain/api';
import type { LoadedDocument } from './documents.js';

/** The namespace of `doc`, or `fallback`. */
export function namespaceOf(doc: LoadedDocument, fallback: string): string {
  const metadata = doc.object.metadata as { namespace?: unknown } | undefined;
  return typeof metadata?.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : fallback;
}

/** The outcome of {@link admit}. */
export interface Admission {
  /** The object as the API server would store it (a copy). */
  readonly object: Record<string, unknown>;
  readonly errors: readonly FieldError[];
  readonly warnings: readonly string[];
}

/**
 * Admits `doc` (of one of the three kinds) as the API server would: a namespaced object without a
 * namespace gets `namespace` (metadata that is not an object is left for the schema check to refuse),
 * then it is pruned, defaulted and checked against the schema and CEL rules.
 */
export function admit(doc: LoadedDocument & { kind: KindName }, namespace: string): Admission {
  // validateSchema copies the object; only the metadata is copied here, to add the namespace.
  const object = { ...doc.object };
  const metadata = object.metadata ?? {};
  const plain = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata);
  if (doc.kind !== Kinds.ClusterTrainingRuntime && plain) {
    object.metadata = { ...metadata, namespace: namespaceOf(doc, namespace) };
  }
  const outcome = validateSchema(doc.kind, object);
  return {
    object: outcome.object as unknown as Record<string, unknown>,
    errors: outcome.errors,
    warnings: outcome.warnings,
  };
}
