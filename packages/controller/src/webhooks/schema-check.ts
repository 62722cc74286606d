// SPDX-License-Identifier: Apache-2.0
// When the engine throws on an object, whether the object was off the CRD schema (a caller that is
// not the API server, or a mutating call, which comes before the API server's schema check): then the
// answer names the schema errors instead of an internal error. The schema validation (the schemas, ajv
// and CEL) is loaded on the first such question, so a manager that is never asked does not load it.

import { formatFieldErrors, type KindName } from '@kubetrain/api/core';
import type { validateSchema } from '@kubetrain/api';

let validator: Promise<typeof validateSchema> | undefined;

/** `validateSchema` of `@kubetrain/api`, imported once, on first use (a failed import is retried). */
function loadValidator(): Promise<typeof validateSchema> {
  validator ??= import('@kubetrain/api').then(
    (api) => api.validateSchema,
    (error: unknown) => {
      validator = undefined;
      throw error;
    },
  );
  return validator;
}

/** The schema errors of `object` as one aggregate message, or undefined when it is schema-valid. */
export async function schemaProblems(kind: KindName, object: unknown): Promise<string | undefined> {
  const validate = await loadValidator();
  try {
    const { errors } = validate(kind, object);
    return errors.length > 0 ? formatFieldErrors(errors) : undefined;
  } catch (error) {
    return `unreadable object: ${error instanceof Error ? error.message : String(error)}`;
  }
}
