// SPDX-License-Identifier: Apache-2.0
// The structural schema of each kind and the ajv validator that checks objects against it.
import type { ValidateFunction } from 'ajv';
import type { KindName } from '../constants/api.js';
import { KindDefinitions } from '../crd/definitions.js';
import type { KindDefinition } from '../crd/definitions.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import { compileValidator } from './compile-validator.js';
import type { SchemaNode } from './schema-walk.js';

/** A kind of the v2 API by name, or any kind by its CRD definition (such as a Training Operator v1 kind). */
export type KindRef = KindName | KindDefinition<string>;

/** The CRD definition of a kind. */
export function definitionOf(kind: KindRef): KindDefinition<string> {
  return typeof kind === 'string' ? KindDefinitions[kind] : kind;
}

const schemas = new Map<KindDefinition<string>, SchemaNode>();

/** Returns the structural schema of a kind (the CRD's openAPIV3Schema), built once per kind, on first use. */
export function structuralSchema(kind: KindRef): SchemaNode {
  const def = definitionOf(kind);
  let schema = schemas.get(def);
  if (!schema) {
    schema = toStructuralSchema(def.schema);
    schemas.set(def, schema);
  }
  return schema;
}

interface Compiled {
  schema: SchemaNode;
  validate: ValidateFunction;
}

const compiled = new Map<KindDefinition<string>, Compiled>();

/**
 * Returns the structural schema of a kind and its compiled ajv validator, which checks an object without
 * changing it. Compiled once per kind, on first use.
 */
export function compiledSchema(kind: KindRef): Compiled {
  const def = definitionOf(kind);
  let c = compiled.get(def);
  if (!c) {
    const schema = structuralSchema(def);
    c = { schema, validate: compileValidator(def, structuralSchema) };
    compiled.set(def, c);
  }
  return c;
}
