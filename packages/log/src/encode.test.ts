// SPDX-License-Identifier: Apache-2.0
import { encodeFields } from './encode.js';

const circular: Record<string, unknown> = { a: 1 };
circular['self'] = circular;
const shared = { x: 1 };

describe('encodeFields', () => {
  const cases: Record<string, { value: unknown; want: string }> = {
    'plain object, keys in insertion order': { value: { b: 1, a: [1, 'x'] }, want: '{"b":1,"a":[1,"x"]}' },
    'a bigint becomes a string': { value: { n: 10n }, want: '{"n":"10"}' },
    'undefined fields are left out': { value: { a: undefined, b: null }, want: '{"b":null}' },
    'a value that contains itself': { value: { o: circular }, want: '{"o":{"a":1,"self":"[Circular]"}}' },
    'a cycle through an array': {
      value: (() => {
        const list: unknown[] = [1];
        list.push(list);
        return { list };
      })(),
      want: '{"list":[1,"[Circular]"]}',
    },
    'the same object twice is not a cycle': {
      value: { a: shared, b: shared, c: circular },
      want: '{"a":{"x":1},"b":{"x":1},"c":{"a":1,"self":"[Circular]"}}',
    },
    'toJSON is honoured on the circular path too': {
      value: { at: new Date('2026-11-30T12:00:00.000Z'), c: circular },
      want: '{"at":"2026-11-30T12:00:00.000Z","c":{"a":1,"self":"[Circular]"}}',
    },
    'a lone undefined': { value: undefined, want: 'undefined' },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(encodeFields(tc.value)).toBe(tc.want));
  }
});
