// SPDX-License-Identifier: Apache-2.0
// What the API server does to an object before the engine sees it: the namespace a client would
// give it, pruning, CRD defaults, and the schema and CEL checks of `@kubetrain/api`.

import { Kinds, validateSchema } from '@kubetrain/api';
import type { FieldError, KindName } from '@kubetrain/api';
import type { LoadedDocument } from './documents.js';
import { namespaceOf } from './runtimes.js';

/** The outcome of {@link admit}. */
export interface Admission {
  /** The object as the API server would store it (a copy). */
  readonly object: Record<string, unknown>;
  readonly errors: readonly FieldError[];
  readonly warnings: readonly string[];
}

const kindNames: readonly string[] = Object.values(Kinds);

/** True for the three kinds kubetrain serves. */
export function isKindName(kind: string): kind is KindName {
  return kindNames.includes(kind);
}

/**
 * Admits `doc` (of one of the three kinds) as the API server would: a namespaced object without a
 * namespace gets `namespace`, then it is pruned, defaulted and checked against the schema and CEL rules.
 */
export function admit(doc: LoadedDocument & { kind: KindName }, namespace: string): Admission {
  const object = structuredClone(doc.object);
  if (doc.kind !== Kinds.ClusterTrainingRuntime) {
    object.metadata = { ...(object.metadata as object | undefined), namespace: namespaceOf(doc, namespace) };
  }
  const outcome = validateSchema(doc.kind, object);
  return {
    object: outcome.object as unknown as Record<string, unknown>,
    errors: outcome.errors,
    warnings: outcome.warnings,
  };
}
