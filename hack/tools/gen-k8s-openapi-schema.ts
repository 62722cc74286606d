// SPDX-License-Identifier: Apache-2.0
// Extracts the core Kubernetes schema fragments the Training Operator v1 kinds embed and JobSet does not
// carry (autoscaling/v2 MetricSpec, meta/v1 LabelSelector) from the OpenAPI v3 document of the pinned
// Go module k8s.io/kubernetes, lowered to the structural form controller-gen emits for Go types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { downloadGoModule, sortKeys } from './gen-jobset-schema.js';

/** The Kubernetes module whose API the v1 kinds embed (Training Operator v1.9.4 builds against 1.36). */
export const KUBERNETES_MODULE = 'k8s.io/kubernetes@v1.36.3';

/** Path, inside the module, of the OpenAPI v3 document that holds MetricSpec and LabelSelector. */
const OPENAPI_PATH = 'api/openapi-spec/v3/apis__autoscaling__v2_openapi.json';

/** The OpenAPI names of the fragments, keyed by the name packages/api uses. */
const FRAGMENTS = {
  metricSpec: 'io.k8s.api.autoscaling.v2.MetricSpec',
  labelSelector: 'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector',
} as const;

/** The generated fragments, keyed as {@link FRAGMENTS}. */
export type K8sOpenApiSchemas = Record<keyof typeof FRAGMENTS, Json>;

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/**
 * resource.Quantity as controller-gen emits it (the Go type's OpenAPI form is a plain string): an int or a
 * string matching the quantity grammar.
 */
const QUANTITY_SCHEMA: Json = {
  anyOf: [{ type: 'integer' }, { type: 'string' }],
  pattern:
    '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
  'x-kubernetes-int-or-string': true,
};

type Json = { [key: string]: unknown };

/** Downloads the pinned Kubernetes module and returns the text of the OpenAPI document. */
export function readKubernetesOpenApi(): string {
  return readFileSync(join(downloadGoModule(KUBERNETES_MODULE), OPENAPI_PATH), 'utf8');
}

/**
 * Lowers one OpenAPI v3 schema node to a structural CRD schema node: `$ref` and single-element `allOf`
 * wrappers are resolved against `schemas`, Quantity becomes its int-or-string form, and `description` and
 * `default` are dropped (controller-gen emits neither for these embedded Go types: the CRDs describe only
 * kubetrain's own fields, and the Go zero-value defaults of the OpenAPI document are not CRD defaults).
 */
export function lowerOpenApi(node: Json, schemas: Record<string, Json>, seen: readonly string[] = []): Json {
  const wrapper = node.allOf as Json[] | undefined;
  if (
    wrapper?.length === 1 &&
    Object.keys(node).every((k) => ['allOf', 'description', 'default'].includes(k))
  )
    return lowerOpenApi(wrapper[0]!, schemas, seen);
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop()!;
    if (name === QUANTITY) return { ...QUANTITY_SCHEMA };
    const target = schemas[name];
    if (!target) throw new Error(`OpenAPI reference ${node.$ref} not found`);
    if (seen.includes(name)) throw new Error(`OpenAPI reference cycle through ${name}`);
    return lowerOpenApi(target, schemas, [...seen, name]);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description' || k === 'default') continue;
    if (k === 'properties') {
      const props = Object.entries(v as Record<string, Json>);
      out[k] = Object.fromEntries(props.map(([p, child]) => [p, lowerOpenApi(child, schemas, seen)]));
    } else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') {
      out[k] = lowerOpenApi(v as Json, schemas, seen);
    } else out[k] = v;
  }
  return out;
}

/** Extracts the fragments from the OpenAPI document's text; keys are sorted for deterministic output. */
export function extractK8sOpenApiSchemas(docText: string): K8sOpenApiSchemas {
  const doc = JSON.parse(docText) as { components?: { schemas?: Record<string, Json> } };
  const schemas = doc.components?.schemas;
  if (!schemas) throw new Error('OpenAPI document has no components.schemas');
  const out = {} as K8sOpenApiSchemas;
  for (const [key, name] of Object.entries(FRAGMENTS) as [keyof typeof FRAGMENTS, string][]) {
    const schema = schemas[name];
    if (!schema) throw new Error(`OpenAPI document has no ${name}`);
    out[key] = lowerOpenApi(schema, schemas, [name]);
  }
  return sortKeys(out) as K8sOpenApiSchemas;
}
