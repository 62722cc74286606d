// SPDX-License-Identifier: Apache-2.0
// withSchemaDefaults(): structural defaulting on small schemas (the kinds' defaults: validate-defaults.test.ts).
import { withSchemaDefaults } from './defaults.js';

type Obj = Record<string, unknown>;

describe('withSchemaDefaults', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string', default: 'x' },
      b: { type: 'string', nullable: true, default: 'y' },
      o: { type: 'object', default: {}, properties: { c: { type: 'integer', default: 1 } } },
      m: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { d: { type: 'boolean', default: false } } },
      },
      l: { type: 'array', items: { type: 'object', properties: { e: { type: 'string', default: 'z' } } } },
      none: { type: 'object', properties: { f: { type: 'string' } } },
    },
  };

  it('defaults missing fields, keeps a nullable null, defaults inside a default, map values and list items', () => {
    const value: Obj = { b: null, m: { k: {} }, l: [{}, { e: 'set' }], none: { g: [1] } };
    const before = structuredClone(value);
    expect(withSchemaDefaults(value, schema)).toEqual({
      b: null,
      m: { k: { d: false } },
      l: [{ e: 'z' }, { e: 'set' }],
      none: { g: [1] },
      a: 'x',
      o: { c: 1 },
    });
    expect(value).toEqual(before);
  });

  it('copies values of another type than the schema says as they are', () => {
    const when = new Date(0);
    const out = withSchemaDefaults({ o: 'not an object', m: [], a: when }, schema) as Obj;
    expect(out).toEqual({ o: 'not an object', m: [], a: when, b: 'y' });
    expect(out.a).not.toBe(when);
  });

  it('copies everything, so the result shares no object with the input or the schema', () => {
    const input: Obj = { none: { g: { h: 1 } }, l: [] };
    const one = withSchemaDefaults(input, schema) as Obj;
    const two = withSchemaDefaults(input, schema) as Obj;
    expect(one.o).not.toBe(two.o);
    expect(one.none).not.toBe(input.none);
    expect((one.none as Obj).g).not.toBe((input.none as Obj).g);
    expect(one.l).not.toBe(input.l);
    expect(schema.properties.o.default).toEqual({});
  });

  it('keeps a __proto__ key as a member', () => {
    const input = JSON.parse('{"m": {"__proto__": {}}}') as Obj;
    const out = withSchemaDefaults(input, schema) as Obj;
    expect(Object.keys(out.m as Obj)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out.m)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.m, '__proto__')?.value).toEqual({ d: false });
  });
});
