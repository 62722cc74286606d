// SPDX-License-Identifier: Apache-2.0
// The structural schema of each kind and the ajv instance that checks objects against it.
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { KindName } from '../constants/api.js';
import { KindDefinitions } from '../crd/definitions.js';
import type { KindDefinition } from '../crd/definitions.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import { KUBERNETES_EXTENSIONS } from '../schema/k8s-schema.js';
import { fitsIntegerFormat } from './integer-formats.js';
import type { SchemaNode } from './schema-walk.js';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv, formats: string[]) => Ajv;

function newAjv(): Ajv {
  // Defaults are applied by defaults.ts, as the API server applies them, not by ajv.
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateSchema: false,
    verbose: true,
  });
  ajv.addVocabulary([...KUBERNETES_EXTENSIONS]);
  addFormats(ajv, ['date-time']);
  // kube-openapi checks that a number converts to the Go type of its format.
  ajv.addFormat('int32', { type: 'number', validate: (v: number) => fitsIntegerFormat('int32', v) });
  ajv.addFormat('int64', { type: 'number', validate: (v: number) => fitsIntegerFormat('int64', v) });
  return ajv;
}

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
    c = { schema, validate: newAjv().compile(schema) };
    compiled.set(def, c);
  }
  return c;
}
