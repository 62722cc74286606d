// SPDX-License-Identifier: Apache-2.0
import { ratchetErrors, unchangedPaths } from './ratchet.js';

const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        env: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } },
        },
        args: { type: 'array', 'x-kubernetes-list-type': 'atomic', items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

interface Case {
  value: unknown;
  old: unknown;
  want: string[];
}

const cases: Record<string, Case> = {
  'an identical object is unchanged at the root': {
    value: { spec: { args: ['a'] } },
    old: { spec: { args: ['a'] } },
    want: [''],
  },
  'list-map items correlate by key, not by index': {
    value: {
      spec: {
        env: [
          { name: 'B', value: '2' },
          { name: 'A', value: '1' },
        ],
      },
    },
    old: {
      spec: {
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '3' },
        ],
      },
    },
    want: ['spec.env[0].name', 'spec.env[1]'],
  },
  'atomic list items do not correlate; an unchanged atomic list does': {
    value: { spec: { args: ['a', 'c'], labels: { x: '1', y: '2' } } },
    old: { spec: { args: ['a', 'b'], labels: { x: '1', y: '3' } } },
    want: ['spec.labels.x'],
  },
  'nothing is unchanged on create': { value: { spec: {} }, old: undefined, want: [] },
};

describe('unchangedPaths', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect([...unchangedPaths(tc.value, tc.old, schema)].sort()).toEqual(tc.want);
    });
  }
});

describe('ratchetErrors', () => {
  it('drops errors at or below an unchanged path, keeps the others', () => {
    const errors = [
      { path: 'spec.env[1].value', type: 'Invalid' as const, message: 'a' },
      { path: 'spec.env[10]', type: 'Invalid' as const, message: 'b' },
      { path: 'spec.envs', type: 'Invalid' as const, message: 'c' },
    ];
    expect(ratchetErrors(errors, new Set(['spec.env[1]'])).map((e) => e.message)).toEqual(['b', 'c']);
  });
});
