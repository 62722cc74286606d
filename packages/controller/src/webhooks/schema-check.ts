// SPDX-License-Identifier: Apache-2.0
// When the engine throws on an object, whether the object was off the CRD schema (a caller that is
// not the API server, or a mutating call, which comes before the API server's schema check): then the
// answer names the schema errors instead of an internal error.

import { formatFieldErrors, validateSchema, type KindName } from '@kubetrain/api';

/** The schema errors of `object` as one aggregate message, or undefined when it is schema-valid. */
export function schemaProblems(kind: KindName, object: unknown): string | undefined {
  try {
    const { errors } = validateSchema(kind, object);
    return errors.length > 0 ? formatFieldErrors(errors) : undefined;
  } catch (error) {
    return `unreadable object: ${error instanceof Error ? error.message : String(error)}`;
  }
}
