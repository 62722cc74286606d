// SPDX-License-Identifier: Apache-2.0
// The OpenAPI → structural lowering of the core fragments the v1 kinds embed. What it produces from the
// pinned module is checked against Training Operator v1.9.4's CRDs by packages/api/src/v1/conformance.test.ts.
import { extractK8sOpenApiSchemas, lowerOpenApi } from './gen-k8s-openapi-schema.js';

type Json = Record<string, unknown>;

const QUANTITY = { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' };

const schemas: Record<string, Json> = {
  Inner: {
    type: 'object',
    description: 'd',
    properties: { n: { type: 'integer', format: 'int32', default: 0 } },
  },
  Loop: { type: 'object', properties: { self: { $ref: '#/components/schemas/Loop' } } },
};

const cases: Record<string, { node: Json; want: Json | Error }> = {
  'drops descriptions and Go zero-value defaults': {
    node: { type: 'string', description: 'd', default: '' },
    want: { type: 'string' },
  },
  'resolves a $ref': {
    node: { $ref: '#/components/schemas/Inner' },
    want: { type: 'object', properties: { n: { type: 'integer', format: 'int32' } } },
  },
  'unwraps a one-element allOf around a $ref': {
    node: { allOf: [{ $ref: '#/components/schemas/Inner' }], description: 'd', default: {} },
    want: { type: 'object', properties: { n: { type: 'integer', format: 'int32' } } },
  },
  'lowers Quantity to its int-or-string form': {
    node: { type: 'object', additionalProperties: QUANTITY },
    want: {
      type: 'object',
      additionalProperties: {
        anyOf: [{ type: 'integer' }, { type: 'string' }],
        pattern:
          '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
        'x-kubernetes-int-or-string': true,
      },
    },
  },
  'keeps list and map extensions and required': {
    node: {
      type: 'array',
      'x-kubernetes-list-type': 'atomic',
      items: { type: 'object', required: ['key'], 'x-kubernetes-map-type': 'atomic' },
    },
    want: {
      type: 'array',
      'x-kubernetes-list-type': 'atomic',
      items: { type: 'object', required: ['key'], 'x-kubernetes-map-type': 'atomic' },
    },
  },
  'refuses a missing reference': {
    node: { $ref: '#/components/schemas/Nope' },
    want: new Error('OpenAPI reference #/components/schemas/Nope not found'),
  },
  'refuses a reference cycle': {
    node: { $ref: '#/components/schemas/Loop' },
    want: new Error('OpenAPI reference cycle through Loop'),
  },
};

describe('lowerOpenApi', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.want instanceof Error) expect(() => lowerOpenApi(tc.node, schemas)).toThrow(tc.want.message);
      else expect(lowerOpenApi(tc.node, schemas)).toEqual(tc.want);
    });
  }
});

describe('extractK8sOpenApiSchemas', () => {
  it('cuts MetricSpec and LabelSelector out of a document, with sorted keys', () => {
    const doc = {
      components: {
        schemas: {
          'io.k8s.api.autoscaling.v2.MetricSpec': {
            type: 'object',
            required: ['type'],
            properties: { type: { type: 'string' } },
          },
          'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector': {
            'x-kubernetes-map-type': 'atomic',
            type: 'object',
          },
        },
      },
    };
    const got = extractK8sOpenApiSchemas(JSON.stringify(doc));
    expect(got.metricSpec).toEqual({
      properties: { type: { type: 'string' } },
      required: ['type'],
      type: 'object',
    });
    expect(JSON.stringify(got.labelSelector)).toBe('{"type":"object","x-kubernetes-map-type":"atomic"}');
  });

  it('refuses a document without the fragments', () => {
    expect(() => extractK8sOpenApiSchemas('{"components":{"schemas":{}}}')).toThrow(
      'OpenAPI document has no io.k8s.api.autoscaling.v2.MetricSpec',
    );
  });
});
