// SPDX-License-Identifier: Apache-2.0
// Input text read as kubectl reads it (sigs.k8s.io/yaml: YAML 1.1 scalars into untyped data).
import { CliError } from '../io.js';
import { decodeText } from './decode-text.js';
import { parseObjects, readObjects } from './parse-yaml.js';
import { splitDocuments } from './split-documents.js';

/**
 * A hang guard, not a timing assertion, for the cases that start a worker thread with a 64 MiB
 * stack: on a loaded 2-core machine they outlast jest's 5 s default.
 */
const WORKER_HANG_GUARD_MS = 120_000;

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
    // Go's strconv.ParseInt(base 0), as go-yaml v2 reads integers (checked against kubectl by differential.test.ts).
    '0o17 is octal': ['0o17', 15],
    '0O17 is octal': ['0O17', 15],
    '-0o17 is negative octal': ['-0o17', -15],
    '0B11 is binary': ['0B11', 3],
    '0X1A is hex': ['0X1A', 26],
    '+0x1A is hex': ['+0x1A', 26],
    '0_17 is octal without its underscore': ['0_17', 15],
    '08 is a float 8': ['08', 8],
    '0b alone is a string': ['0b', '0b'],
    'int64 max is a bigint': ['9223372036854775807', 9223372036854775807n],
    'int64 min is a bigint': ['-9223372036854775808', -9223372036854775808n],
    '2^53+1 is exact': ['9007199254740993', 9007199254740993n],
    'uint64 max is a float': ['18446744073709551615', 18446744073709551616],
    '1e-400 is zero': ['1e-400', 0],
    '.5 is a float': ['.5', 0.5],
    '. is a string': ['.', '.'],
    'binary is its decoded text': ['!!binary aGVsbG8=', 'hello'],
    'binary in lines': ['!!binary |\n  aGVs\n  bG8=', 'hello'],
    'binary that is not UTF-8': ['!!binary "/w=="', '\ufffd'],
    '!!float 1 is 1': ['!!float 1', 1],
    '!!int "17" is 17': ['!!int "17"', 17],
    '!!int 0o17 is 15': ['!!int 0o17', 15],
    '!!str 17 is a string': ['!!str 17', '17'],
    'a timestamp tag keeps the text': ['!!timestamp 2001-12-14', '2001-12-14'],
    'a set is a map of nulls': ['!!set {a, b}', { a: null, b: null }],
    'an omap is a list of maps': ['!!omap [a: 1, b: 2]', [{ a: 1 }, { b: 2 }]],
    '!!merge << is a string': ['!!merge <<', '<<'],
  };
  for (const [name, [scalar, want]] of Object.entries(cases)) {
    it(name, () => expect(parseOne(`kind: X\nv: ${scalar}\n`)?.v).toEqual(want));
  }
});

describe('YAML structure as Kubernetes reads it', () => {
  const cases: Record<string, [string, unknown]> = {
    'a merge key sets its keys in order (a later one wins)': [
      'a: &a {x: 1}\nc:\n  x: 2\n  <<: *a\n',
      { x: 1 },
    ],
    'a key after a merge wins': ['a: &a {x: 1, q: 2}\nc:\n  <<: *a\n  q: 3\n', { x: 1, q: 3 }],
    'y as a key is the boolean true': ['c:\n  y: 1\n', { true: 1 }],
    'a merged list: the first map wins': [
      'a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]\n',
      { x: 1, z: 3 },
    ],
    'a tagged str << is an ordinary key': ['c:\n  !!str <<: {x: 1}\n', { '<<': { x: 1 } }],
    'a duplicate key: the last wins': ['c:\n  a: 1\n  a: 2\n', { a: 2 }],
    'keys of the same value: the last wins': ['c:\n  1: a\n  0x1: b\n', { '1': 'b' }],
    'yes and true are one key': ['c:\n  yes: 1\n  true: 2\n', { true: 2 }],
    'an octal key is its number': ['c:\n  0o17: a\n', { '15': 'a' }],
    'an alias as a key': ['a: &k key\nc:\n  *k : 1\n', { key: 1 }],
    'a __proto__ key is data': ['c:\n  __proto__: 1\n', JSON.parse('{"__proto__":1}')],
  };
  for (const [name, [text, want]] of Object.entries(cases)) {
    it(name, () => expect(parseOne(`kind: X\n${text}`)?.c).toEqual(want));
  }
});

describe('encodings and JSON streams as kubectl reads them', () => {
  const object = 'kind: X\nv: 0o17\n';
  const cases: Record<string, [Buffer, unknown[]]> = {
    'UTF-8 with a BOM': [Buffer.from(`\ufeff${object}`), [15]],
    'UTF-16LE with a BOM (PowerShell)': [Buffer.from(`\ufeff${object}`, 'utf16le'), [15]],
    'UTF-16BE with a BOM': [Buffer.from(`\ufeff${object}`, 'utf16le').swap16(), [15]],
    'a BOM at the start of a later document': [Buffer.from(`${object}---\n\ufeff${object}`), [15, 15]],
    'CR LF line ends': [Buffer.from(object.replace(/\n/g, '\r\n')), [15]],
    'JSON objects back to back (jq -c)': [Buffer.from('{"kind":"X","v":1}{"kind":"X","v":2}'), [1, 2]],
    'JSON objects on lines': [Buffer.from('{"kind":"X","v":1}\n{"kind":"X","v":2}\n'), [1, 2]],
    'a JSON int64 is a bigint': [Buffer.from('{"kind":"X","v":9223372036854775807}'), [9223372036854775807n]],
    'a JSON integer past uint64 is a float': [
      Buffer.from('{"kind":"X","v":99999999999999999999999}'),
      [1e23],
    ],
    'a lone surrogate escape is U+FFFD': [Buffer.from('{"kind":"X","v":"\\ud800"}'), ['\ufffd']],
    'JSON-looking YAML is YAML': [Buffer.from('{kind: X, v: 0o17}'), [15]],
  };
  for (const [name, [bytes, want]] of Object.entries(cases)) {
    it(name, () =>
      expect(parseObjects({ source: 'in', text: decodeText(bytes) }, limits).map((o) => o.object.v)).toEqual(
        want,
      ),
    );
  }
});

describe('input refused', () => {
  const cases: Record<string, [string, string]> = {
    '.inf': ['v: .inf\n', 'in.yaml: document 1: json: unsupported value: +Inf'],
    '!!int abc': [
      'kind: X\nv: !!int abc\n',
      'in.yaml: document 1: yaml: cannot decode !!str `abc` as a !!int',
    ],
    '!!bool 1': ['kind: X\nv: !!bool 1\n', 'in.yaml: document 1: yaml: cannot decode !!int `1` as a !!bool'],
    'binary that is not base64': [
      'kind: X\nv: !!binary "!!!"\n',
      'in.yaml: document 1: yaml: !!binary value contains invalid base64 data',
    ],
    'a raw control character in double quotes': [
      'kind: X\nv: "a\u0001b"\n',
      'in.yaml: document 1: yaml: control characters are not allowed',
    ],
    'a raw DEL in single quotes': [
      "kind: X\nv: 'a\u007fb'\n",
      'in.yaml: document 1: yaml: control characters are not allowed',
    ],
    'a raw C1 control plain': [
      'kind: X\nv: a\u0080b\n',
      'in.yaml: document 1: yaml: control characters are not allowed',
    ],
    'a raw control character in JSON': [
      '{"kind":"X","v":"a\u0001b"}',
      'in.yaml: document 1: yaml: control characters are not allowed',
    ],
    'a null key': [
      'kind: X\nc:\n  ~: a\n',
      'in.yaml: document 1: unsupported map key of type: %!s(<nil>), key: <nil>',
    ],
    'a sequence as a key': [
      'kind: X\nc:\n  ? [a]\n  : b\n',
      'in.yaml: document 1: yaml: invalid map key: a sequence',
    ],
    'a merge of a scalar': [
      'kind: X\nc:\n  <<: 1\n',
      'in.yaml: document 1: yaml: map merge requires map or sequence of maps as the value',
    ],
    'an alias to a later anchor': [
      'kind: X\na: *x\nb: &x 1\n',
      "in.yaml: document 1: yaml: unknown anchor 'x' referenced",
    ],
    'a directive without a document start': [
      '%YAML 1.1\n---\nkind: X\n',
      'in.yaml: document 1: yaml: did not find expected <document start>',
    ],
    'content after ---': [
      '--- {"kind":"X"}\n',
      'in.yaml: document 1: invalid Yaml document separator: {"kind":"X"}',
    ],
    'no kind': ['v: 1\n', "in.yaml: document 1: Object 'Kind' is missing"],
    'a scalar document': ['x\n', 'in.yaml: document 1 is not an object'],
    'a list item that is not an object': [
      'kind: List\nitems: [1]\n',
      'in.yaml: document 1: a List item is not an object',
    ],
    'an alias into another document': [
      'kind: X\na: &x 1\n---\nkind: X\nb: *x\n',
      "in.yaml: document 2: yaml: unknown anchor 'x' referenced",
    ],
    'an alias bomb': [
      `kind: X\na: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 6 }, (_, i) => `${'bcdefg'[i]}: &${'bcdefg'[i]} [${Array(10).fill(`*${'abcdef'[i]}`).join(', ')}]`).join('\n')}\n`,
      'in.yaml: document 1: yaml: document contains excessive aliasing',
    ],
    'nesting past the limit': [
      `kind: X\nv: ${'['.repeat(101)}${']'.repeat(101)}\n`,
      'in.yaml: document 1: exceeded max depth of 100',
    ],
  };
  for (const [name, [text, want]] of Object.entries(cases)) {
    it(name, () => expect(refusal(text)).toBe(want));
  }

  it('a document larger than the limit, before it is parsed', () => {
    expect(refusal(`kind: X\n---\nkind: X\nb: ${'x'.repeat(200)}\n`, { ...limits, maxBytes: 100 })).toBe(
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

describe('block nesting deeper than the main stack follows, read in a worker thread', () => {
  const MiB3 = 3 * 1024 * 1024;
  // The deepest value (the scalar at the end) is at depth n, the root object at depth 0.
  const blockMap = (n: number) => {
    const lines = ['kind: X'];
    for (let i = 0; i < n; i++) lines.push(`${'  '.repeat(i)}a:${i === n - 1 ? ' 1' : ''}`);
    return `${lines.join('\n')}\n`;
  };
  const blockSeq = (n: number) => {
    const lines = ['kind: X', 'v:'];
    for (let i = 0; i < n - 1; i++) lines.push(`${'  '.repeat(i)}-${i === n - 2 ? ' 1' : ''}`);
    return `${lines.join('\n')}\n`;
  };
  const depthOf = (value: unknown) => {
    let depth = 0;
    for (let v = value; typeof v === 'object' && v !== null; depth++)
      v = Array.isArray(v) ? v[0] : Object.values(v as object).at(-1);
    return depth;
  };

  it('the deepest block collections within 3 MiB at two-space indentation: 1,772 and 1,774 levels', () => {
    // n levels take n^2 + 2n + 10 bytes as a map, n^2 - n + 13 as a list: about sqrt(3 MiB).
    const fits = (text: string) => Buffer.byteLength(text) <= MiB3;
    expect([fits(blockMap(1772)), fits(blockMap(1773))]).toEqual([true, false]);
    expect([fits(blockSeq(1774)), fits(blockSeq(1775))]).toEqual([true, false]);
    expect(Buffer.byteLength(blockMap(1772))).toBe(1772 ** 2 + 2 * 1772 + 10);
    expect(Buffer.byteLength(blockSeq(1774))).toBe(1774 ** 2 - 1774 + 13);
  });

  const cases: Record<string, [string, number, string | number]> = {
    'a block map 1,000 deep': [blockMap(1000), MiB3, 1000],
    'a block list 1,000 deep': [blockSeq(1000), MiB3, 1000],
    'the deepest block map in 3 MiB': [blockMap(1772), MiB3, 1772],
    'the deepest block list in 3 MiB': [blockSeq(1774), MiB3, 1774],
    'one level more is over --max-bytes': [
      blockSeq(1775),
      MiB3,
      'in.yaml: document 1: Request entity too large: limit is 3145728 (--max-bytes sets the limit)',
    ],
    'a block map 10,000 deep with --max-bytes raised': [blockMap(10000), 2 ** 30, 10000],
    'a block list 10,000 deep with --max-bytes raised': [blockSeq(10000), 2 ** 30, 10000],
    // kubectl: "yaml: line 10005: exceeded max depth of 10000" (go-yaml's indentation limit).
    'a block map 10,001 deep is refused at the limit': [
      blockMap(10001),
      2 ** 30,
      'in.yaml: document 1: exceeded max depth of 10000',
    ],
    'a block list 10,001 deep is refused at the limit': [
      blockSeq(10001),
      2 ** 30,
      'in.yaml: document 1: exceeded max depth of 10000',
    ],
  };
  for (const [name, [text, maxBytes, want]] of Object.entries(cases)) {
    it(
      name,
      async () => {
        const read = readObjects(
          { source: 'in.yaml', text },
          { maxBytes, maxDepth: 10000, maxAliasCount: 100 },
        );
        if (typeof want === 'number') expect(depthOf((await read)[0]?.object)).toBe(want);
        else await expect(read).rejects.toThrow(new CliError(want));
      },
      WORKER_HANG_GUARD_MS,
    );
  }

  it('a syntax error in a deep document is the error this thread gives, at its line in the file', async () => {
    const message = (n: number) =>
      `in.yaml: document 1: line ${n + 3}, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]`;
    const limits = { maxBytes: MiB3, maxDepth: 10000, maxAliasCount: 100 };
    expect(refusal(`${blockMap(10)}  x: [\n`)).toBe(message(10));
    await expect(
      readObjects({ source: 'in.yaml', text: `${blockMap(1000)}  x: [\n` }, limits),
    ).rejects.toThrow(new CliError(message(1000)));
  });
});
