// SPDX-License-Identifier: Apache-2.0
import { parseJsonLossless, stringifyJson } from './lossless-json.js';

describe('parseJsonLossless', () => {
  it.each([
    ['int64 max', '{"a":9223372036854775807}', { a: 9223372036854775807n }],
    ['int64 min', '[-9223372036854775808]', [-9223372036854775808n]],
    ['past int64', '[92233720368547758070]', [92233720368547758070n]],
    ['2^53', '9007199254740992', 9007199254740992n],
    ['largest safe integer stays a number', '[9007199254740991]', [9007199254740991]],
    [
      'fractions and exponents stay numbers',
      '[12345678901234567.5, 1e30]',
      [Number('12345678901234567.5'), 1e30],
    ],
    ['digits inside strings are left alone', '{"s":"9223372036854775807"}', { s: '9223372036854775807' }],
    [
      'escaped quotes in strings',
      '{"s":"a\\"9223372036854775807","n":9223372036854775807}',
      { s: 'a"9223372036854775807', n: 9223372036854775807n },
    ],
    ['keys that look like numbers', '{"9223372036854775807":1}', { '9223372036854775807': 1 }],
  ])('%s', (_name, text, expected) => {
    expect(parseJsonLossless(text)).toEqual(expected);
  });

  it('throws the syntax error of the text as given', () => {
    expect(() => parseJsonLossless('{"a":9223372036854775807,}')).toThrow(SyntaxError);
    let message = '';
    try {
      JSON.parse('{"a":9223372036854775807,}');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(() => parseJsonLossless('{"a":9223372036854775807,}')).toThrow(message);
  });

  it('reads nesting deeper than the documented 10,000 levels', () => {
    const depth = 20_000;
    const text = `${'['.repeat(depth)}9223372036854775807${']'.repeat(depth)}`;
    let value = parseJsonLossless(text);
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toBe(9223372036854775807n);
  });
});

describe('stringifyJson', () => {
  it.each([
    [{ a: 9223372036854775807n }, undefined, '{"a":9223372036854775807}'],
    [[-92233720368547758070n, 1, 'x'], undefined, '[-92233720368547758070,1,"x"]'],
    [{ a: 1n }, 2, '{\n  "a": 1\n}'],
  ])('%p', (value, indent, expected) => {
    expect(stringifyJson(value, indent)).toBe(expected);
  });

  it('round-trips with parseJsonLossless', () => {
    const text = '{"spec":{"activeDeadlineSeconds":9223372036854775807,"n":[-9223372036854775808,1.5]}}';
    expect(stringifyJson(parseJsonLossless(text))).toBe(text);
  });
});
