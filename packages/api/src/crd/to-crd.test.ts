// SPDX-License-Identifier: Apache-2.0
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KindDefinitions } from './definitions.js';
import { renderCrdFiles } from './index.js';
import { toCrd } from './to-crd.js';
import type { JSONSchemaProps } from './to-crd.js';

const CRD_DIR = fileURLToPath(new URL('../../../../manifests/crds/', import.meta.url));

/** The keywords apiextensions.k8s.io/v1 JSONSchemaProps knows (minus $ref/$schema/id, which CRDs forbid). */
const ALLOWED_KEYWORDS = new Set([
  'description',
  'type',
  'format',
  'title',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'enum',
  'maxProperties',
  'minProperties',
  'required',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'properties',
  'additionalProperties',
  'nullable',
  'example',
  'externalDocs',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
]);

function unknownKeywords(node: JSONSchemaProps, path: string, out: string[]): string[] {
  for (const [k, v] of Object.entries(node)) {
    if (!ALLOWED_KEYWORDS.has(k)) out.push(`${path || '.'}: ${k}`);
    if (k === 'properties') {
      for (const [p, s] of Object.entries(v as Record<string, JSONSchemaProps>))
        unknownKeywords(s, `${path}.${p}`, out);
    } else if (k === 'items' || k === 'additionalProperties' || k === 'not') {
      if (v && typeof v === 'object') unknownKeywords(v as JSONSchemaProps, `${path}.${k}`, out);
    } else if (k === 'anyOf' || k === 'allOf' || k === 'oneOf') {
      (v as JSONSchemaProps[]).forEach((s, i) => unknownKeywords(s, `${path}.${k}[${i}]`, out));
    }
  }
  return out;
}

/** Structural-schema rules: every node has a type, except int-or-string and preserve-unknown-fields nodes. */
function untypedNodes(node: JSONSchemaProps, path: string, out: string[]): string[] {
  const exempt =
    node['x-kubernetes-int-or-string'] === true || node['x-kubernetes-preserve-unknown-fields'] === true;
  if (!exempt && typeof node.type !== 'string') out.push(path || '.');
  for (const [p, s] of Object.entries(
    (node.properties as Record<string, JSONSchemaProps> | undefined) ?? {},
  )) {
    untypedNodes(s, `${path}.${p}`, out);
  }
  if (node.items && typeof node.items === 'object')
    untypedNodes(node.items as JSONSchemaProps, `${path}[]`, out);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    untypedNodes(node.additionalProperties as JSONSchemaProps, `${path}{}`, out);
  }
  return out;
}

describe('generated CRDs', () => {
  const files = renderCrdFiles();

  it('are up to date in manifests/crds (run `make generate` when this fails)', () => {
    const onDisk = readdirSync(CRD_DIR).sort();
    expect(onDisk).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) {
      expect({ name, text: readFileSync(CRD_DIR + name, 'utf8') }).toEqual({ name, text });
    }
  });

  it('render the same bytes twice', () => {
    expect(renderCrdFiles()).toEqual(files);
  });

  for (const def of Object.values(KindDefinitions)) {
    it(`${def.kind} uses only structural-schema keywords`, () => {
      const schema = ((toCrd(def).spec as JSONSchemaProps).versions as JSONSchemaProps[])[0]!
        .schema as JSONSchemaProps;
      const root = schema.openAPIV3Schema as JSONSchemaProps;
      expect(unknownKeywords(root, '', [])).toEqual([]);
      expect(untypedNodes(root, '', [])).toEqual([]);
    });
  }
});
