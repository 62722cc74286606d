// SPDX-License-Identifier: Apache-2.0
// The one place that turns a kind's schema into the function that checks objects against it. Here ajv
// compiles the schemas at run time (the manager, the tests); the CLI bundle replaces this module by the
// same functions generated ahead of time (standalone-validators.ts, packages/cli/build/build.ts).
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { KindDefinitions } from '../crd/definitions.js';
import type { KindDefinition } from '../crd/definitions.js';
import { V1KindDefinitions } from '../v1/kinds.js';
import { SCHEMA_FORMATS } from './formats.js';
import type { SchemaNode } from './schema-walk.js';
import { validatorSchemaId, validatorSchemas } from './validator-schemas.js';

/** ajv's options for the schema checks, at run time and ahead of time alike. */
export const AJV_OPTIONS = {
  // Every error, as the API server reports them all. Defaults are applied by defaults.ts, as the API
  // server applies them, not by ajv.
  allErrors: true,
  strict: false,
  validateSchema: false,
  // A shared definition is one function, called from every place that uses it, not inlined in each.
  inlineRefs: false,
} as const;

/** The kinds of both APIs, in a fixed order: the set whose schemas are compiled together. */
export const KNOWN_KINDS: readonly KindDefinition<string>[] = [
  ...Object.values(KindDefinitions),
  ...Object.values(V1KindDefinitions),
];

/** A new ajv instance with the formats of {@link SCHEMA_FORMATS} and `options` added to {@link AJV_OPTIONS}. */
export function newAjv(options: ConstructorParameters<typeof Ajv>[0] = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options });
  for (const [name, format] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/** An ajv instance holding the {@link validatorSchemas} of `defs`. */
export function ajvWithSchemas(
  defs: readonly KindDefinition<string>[],
  structural: (def: KindDefinition<string>) => SchemaNode,
  options: ConstructorParameters<typeof Ajv>[0] = {},
): Ajv {
  const ajv = newAjv(options);
  const { shared, kinds } = validatorSchemas(defs, structural);
  ajv.addSchema(shared);
  for (const { schema } of kinds) ajv.addSchema(schema);
  return ajv;
}

let known: Ajv | undefined;

/**
 * Returns the function that checks objects of the kind `def` against `structural(def)` without changing
 * them: for the known kinds from one ajv instance holding them all (their shared parts compiled once),
 * for any other kind from an instance of its own.
 */
export function compileValidator(
  def: KindDefinition<string>,
  structural: (def: KindDefinition<string>) => SchemaNode,
): ValidateFunction {
  const id = validatorSchemaId(def);
  if (KNOWN_KINDS.includes(def)) {
    known ??= ajvWithSchemas(KNOWN_KINDS, structural);
    return known.getSchema(id) as ValidateFunction;
  }
  return ajvWithSchemas([def], structural).getSchema(id) as ValidateFunction;
}
