// SPDX-License-Identifier: Apache-2.0
import { compareSchemas } from './compare-crd.js';
import type { JSONSchemaProps } from './to-crd.js';

interface Case {
  expected: JSONSchemaProps;
  actual: JSONSchemaProps;
  want: Array<{ path: string; what: string }>;
}

const base = (): JSONSchemaProps => ({
  type: 'object',
  required: ['a'],
  properties: {
    a: { type: 'integer', format: 'int32', default: 1, minimum: 0 },
    l: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object' },
    },
  },
  'x-kubernetes-validations': [{ rule: 'self.a >= 0', message: 'a must be >= 0' }],
});

function mutate(
  f: (s: JSONSchemaProps & { properties: Record<string, JSONSchemaProps> }) => void,
): JSONSchemaProps {
  const s = base() as JSONSchemaProps & { properties: Record<string, JSONSchemaProps> };
  f(s);
  return s;
}

const cases: Record<string, Case> = {
  'identical schemas have no differences': { expected: base(), actual: base(), want: [] },
  'a missing property is reported': {
    expected: base(),
    actual: mutate((s) => delete s.properties.l),
    want: [{ path: '.l', what: 'missing' }],
  },
  'an extra property is reported': {
    expected: base(),
    actual: mutate((s) => (s.properties.x = { type: 'string' })),
    want: [{ path: '.x', what: 'extra' }],
  },
  'a changed default is reported': {
    expected: base(),
    actual: mutate((s) => (s.properties.a!.default = 2)),
    want: [{ path: '.a', what: 'default' }],
  },
  'a changed type is reported': {
    expected: base(),
    actual: mutate((s) => (s.properties.a!.type = 'string')),
    want: [{ path: '.a', what: 'type' }],
  },
  'a lost limit is reported': {
    expected: base(),
    actual: mutate((s) => delete s.properties.a!.minimum),
    want: [{ path: '.a', what: 'minimum' }],
  },
  'a different required set is reported': {
    expected: base(),
    actual: mutate((s) => (s.required = [])),
    want: [{ path: '.', what: 'required' }],
  },
  'a changed list type is reported': {
    expected: base(),
    actual: mutate((s) => (s.properties.l!['x-kubernetes-list-type'] = 'atomic')),
    want: [{ path: '.l', what: 'x-kubernetes-list-type' }],
  },
  'changed map keys are reported': {
    expected: base(),
    actual: mutate((s) => (s.properties.l!['x-kubernetes-list-map-keys'] = ['type'])),
    want: [{ path: '.l', what: 'x-kubernetes-list-map-keys' }],
  },
  'a changed rule message is reported': {
    expected: base(),
    actual: mutate((s) => (s['x-kubernetes-validations'] = [{ rule: 'self.a >= 0', message: 'other' }])),
    want: [{ path: '.', what: 'rule' }],
  },
  'a missing list item schema is reported': {
    expected: base(),
    actual: mutate((s) => delete s.properties.l!.items),
    want: [{ path: '.l[]', what: 'missing' }],
  },
};

describe('compareSchemas', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = compareSchemas(tc.expected, tc.actual).map((d) => ({ path: d.path, what: d.what }));
      expect(got).toEqual(tc.want);
    });
  }
});
