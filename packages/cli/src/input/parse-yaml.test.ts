// SPDX-License-Identifier: Apache-2.0
// Input text read as kubectl reads it (sigs.k8s.io/yaml: YAML 1.1 scalars into untyped data).
import { CliError } from '../io.js';
import { parseObjects } from './parse-yaml.js';
import { splitDocuments } from './split-documents.js';

const limits = { maxBytes: 1024 * 1024, maxDepth: 100, maxAliasCount: 100 };
const parseOne = (text: string) => parseObjects({ source: 'in.yaml', text }, limits)[0]?.object;
const refusal = (text: string, l = limits) => {
  try {
    parseObjects({ source: 'in.yaml', text }, l);
  } catch (e) {
    if (e instanceof CliError) return e.message;
    throw e;
  }
  return 'accepted';
};

describe('YAML scalars as Kubernetes reads them', () => {
  const cases: Record<string, [string, unknown]> = {
    'yes is true': ['yes', true],
    'On is true': ['On', true],
    'n is false': ['n', false],
    'off is false': ['off', false],
    'a quoted yes is a string': ['"yes"', 'yes'],
    '0777 is octal': ['0777', 511],
    '0x1F is hex': ['0x1F', 31],
    '1_000 is a thousand': ['1_000', 1000],
    'a timestamp stays a string': ['2001-12-14', '2001-12-14'],
    'a sexagesimal number stays a string': ['1:20', '1:20'],
    '1e400 stays a string': ['1e400', '1e400'],
    '1e3 is a number': ['1e3', 1000],
    '~ is null': ['~', null],
  };
  for (const [name, [scalar, want]] of Object.entries(cases)) {
    it(name, () => expect(parseOne(`kind: X\nv: ${scalar}\n`)?.v).toEqual(want));
  }
});

describe('input refused', () => {
  const cases: Record<string, [string, string]> = {
    '.inf': ['v: .inf\n', 'in.yaml: document 1: json: unsupported value: +Inf'],
    'a set': ['v: !!set {a}\n', 'in.yaml: document 1: a Set value cannot be converted to JSON'],
    'a scalar document': ['x\n', 'in.yaml: document 1 is not an object'],
    'a list item that is not an object': [
      'kind: List\nitems: [1]\n',
      'in.yaml: document 1: a List item is not an object',
    ],
    'an alias into another document': [
      'a: &x 1\n---\nb: *x\n',
      'in.yaml: document 2: Unresolved alias: x: an alias must refer to an anchor earlier in the same document',
    ],
    'an alias bomb': [
      `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 6 }, (_, i) => `${'bcdefg'[i]}: &${'bcdefg'[i]} [${Array(10).fill(`*${'abcdef'[i]}`).join(', ')}]`).join('\n')}\n`,
      'in.yaml: document 1: document contains excessive aliasing',
    ],
    'a duplicate key': [
      'a: 1\nb: 2\na: 3\n',
      'in.yaml: document 1: line 3, column 1: Map keys must be unique',
    ],
    'nesting past the limit': [
      `v: ${'['.repeat(101)}${']'.repeat(101)}\n`,
      'in.yaml: document 1: exceeded max depth of 100',
    ],
  };
  for (const [name, [text, want]] of Object.entries(cases)) {
    it(name, () => expect(refusal(text)).toBe(want));
  }

  it('a document larger than the limit, before it is parsed', () => {
    expect(refusal(`a: 1\n---\nb: ${'x'.repeat(200)}\n`, { ...limits, maxBytes: 100 })).toBe(
      'in.yaml: document 2: Request entity too large: limit is 100 (--max-bytes sets the limit)',
    );
  });
});

describe('JSON and documents', () => {
  it('reads JSON as JSON, deep nesting included, and a List as its items', () => {
    const deep = `${'['.repeat(50)}${']'.repeat(50)}`;
    expect(parseOne(`{"kind": "X", "v": ${deep}}`)?.kind).toBe('X');
    const list = parseObjects(
      { source: 's', text: '{"kind":"List","items":[{"kind":"A"},{"kind":"B"}]}' },
      limits,
    );
    expect(list.map((o) => o.object.kind)).toEqual(['A', 'B']);
  });

  it('splits a stream at its markers, keeping each document with its first line', () => {
    expect(splitDocuments('a: 1\n---\nb: |\n  x\n--- c: 2\n...\nd: 3\n')).toEqual([
      { text: 'a: 1\n', firstLine: 1 },
      { text: '---\nb: |\n  x\n', firstLine: 2 },
      { text: '--- c: 2\n...\n', firstLine: 5 },
      { text: 'd: 3\n', firstLine: 7 },
    ]);
  });
});
