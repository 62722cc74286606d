// SPDX-License-Identifier: Apache-2.0
// The ajv instance that checks objects against the CRD schemas and applies their defaults.
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { KindName } from '../constants/api.js';
import { KindDefinitions } from '../crd/definitions.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import type { SchemaNode } from './schema-walk.js';

// ajv-formats is CommonJS; under NodeNext its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv, formats: string[]) => Ajv;

function newAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    strict: false,
    validateSchema: false,
    verbose: true,
  });
  ajv.addVocabulary([
    'x-kubernetes-validations',
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-map-type',
    'x-kubernetes-int-or-string',
    'x-kubernetes-preserve-unknown-fields',
    'x-kubernetes-embedded-resource',
  ]);
  addFormats(ajv, ['date-time']);
  // The API server does not range-check integer formats; they only document the Go type.
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  ajv.addFormat('int64', { type: 'number', validate: () => true });
  return ajv;
}

interface Compiled {
  schema: SchemaNode;
  validate: ValidateFunction;
}

const cache = new Map<KindName, Compiled>();

/**
 * Returns the structural schema of a kind and its compiled ajv validator, which applies the schema's defaults
 * to the object it checks. Compiled once per kind, on first use.
 */
export function compiledSchema(kind: KindName): Compiled {
  let c = cache.get(kind);
  if (!c) {
    const schema = toStructuralSchema(KindDefinitions[kind].schema);
    c = { schema, validate: newAjv().compile(schema) };
    cache.set(kind, c);
  }
  return c;
}
