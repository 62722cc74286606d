// SPDX-License-Identifier: Apache-2.0
import { parse } from 'yaml';
import { toJson, toYaml, toYamlStream } from './output.js';
import { hasActingCharacters } from './terminal-text.js';

/** Strings a terminal acts on, as values and as keys. */
const hostile = [
  'a\u001bb',
  'a\u007fb',
  'a\u0085b',
  'a\u009b2J',
  'a\u2028b',
  'a\u202eb',
  'a\nb\u2029',
  'x\u0000',
];

describe('toYaml and toJson escape what a terminal acts on, and read back the same', () => {
  it.each(hostile)('%j', (value) => {
    const object = { [`k${value}`]: value, list: [value], plain: 'yes' };
    const yaml = toYaml(object);
    const json = toJson(object, 2);
    // Line breaks of the layout remain; nothing else a terminal acts on.
    expect(hasActingCharacters(yaml.replaceAll('\n', ''))).toBe(false);
    expect(hasActingCharacters(json.replaceAll('\n', ''))).toBe(false);
    expect(parse(yaml, { version: '1.1' })).toEqual(object);
    expect(JSON.parse(json)).toEqual(object);
  });

  it('prints plain values as before: YAML 1.1 words quoted, long strings unfolded', () => {
    const long = 'x '.repeat(100).trim();
    expect(toYaml({ a: 'on', b: long, c: 1 })).toBe(`a: "on"\nb: ${long}\nc: 1\n`);
  });

  it('separates documents of a stream with ---', () => {
    expect(toYamlStream([{ a: 1 }, { b: 2 }])).toBe('a: 1\n---\nb: 2\n');
  });
});
