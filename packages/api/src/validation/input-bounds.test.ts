// SPDX-License-Identifier: Apache-2.0
import { checkInputBounds } from './input-bounds.js';
import { cloneJson } from './json-clone.js';
import { canonicalKey } from './list-keys.js';

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
}

describe('checkInputBounds', () => {
  const cases: Record<string, [unknown, Parameters<typeof checkInputBounds>[1], string | undefined]> = {
    'plain JSON': [{ a: [1, 'x', true, null] }, {}, undefined],
    'depth at the limit': [nested(50), { maxDepth: 50 }, undefined],
    'depth past the limit': [nested(51), { maxDepth: 50 }, 'exceeded max depth of 50'],
    'depth of 200,000': [nested(200_000), {}, 'exceeded max depth of 10000'],
    'size past the limit': [
      { a: 'x'.repeat(100) },
      { maxBytes: 50 },
      'Request entity too large: limit is 50',
    ],
    'a shared reference counts each time, and the walk stops at the limit': [
      (() => {
        const big = 'x'.repeat(1000);
        let v: unknown = [big, big];
        for (let i = 0; i < 60; i++) v = [v, v]; // 2^61 references once expanded
        return v;
      })(),
      { maxBytes: 1_000_000 },
      'Request entity too large: limit is 1000000',
    ],
    NaN: [{ a: Number.NaN }, {}, 'json: unsupported value: NaN'],
    Infinity: [[Number.POSITIVE_INFINITY], {}, 'json: unsupported value: +Inf'],
    'a Date': [{ a: new Date(0) }, {}, 'a Date value cannot be converted to JSON'],
    'a Set': [{ a: new Set() }, {}, 'a Set value cannot be converted to JSON'],
    'a member set to undefined is absent': [{ a: undefined }, {}, undefined],
    'a function': [{ a: () => 1 }, {}, 'a Function value cannot be converted to JSON'],
  };
  for (const [name, [value, bounds, want]] of Object.entries(cases)) {
    it(name, () => expect(checkInputBounds(value, bounds)?.message).toBe(want));
  }
});

describe('cloneJson', () => {
  it('copies 200,000 levels without recursion, and keeps __proto__ a key', () => {
    const deep = nested(200_000);
    const copy = cloneJson(deep);
    expect(copy).not.toBe(deep);
    const proto = cloneJson(JSON.parse('{"__proto__": {"x": 1}, "b": [1]}') as object);
    expect(Object.keys(proto)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });
});

describe('canonicalKey', () => {
  const equal: [unknown, unknown][] = [
    [
      { a: 1, b: [2, { c: 3 }] },
      { b: [2, { c: 3 }], a: 1 },
    ],
    ['x', 'x'],
  ];
  const different: [unknown, unknown][] = [
    [{ a: '1' }, { a: 1 }],
    [
      [1, 2],
      [2, 1],
    ],
    [{ a: 'b,"c":1' }, { a: 'b', c: 1 }],
    [null, 'null'],
  ];
  it.each(equal)('equal for deeply equal values %#', (a, b) => expect(canonicalKey(a)).toBe(canonicalKey(b)));
  it.each(different)('different otherwise %#', (a, b) => expect(canonicalKey(a)).not.toBe(canonicalKey(b)));
  it('handles any depth', () => expect(canonicalKey(nested(100_000)).length).toBeGreaterThan(100_000));
});
