// SPDX-License-Identifier: Apache-2.0
// The documents the YAML differential test reads with kubectl and with kubetrain: hand-written
// cases for every class of scalar go-yaml v2 resolves (ints in every base, floats, the YAML 1.1
// booleans and nulls, strings that only look like numbers), tags, merge keys, duplicate and alias
// keys, control characters, encodings (BOMs, UTF-16), JSON streams, deep nesting; and seeded
// generated scalars.

import { Random } from '../smp-diff/random.js';

/** One file: a name for messages and its bytes. */
export interface YamlCase {
  readonly name: string;
  readonly bytes: Buffer;
}

const HEAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n';

/** A ConfigMap-shaped YAML document with `body` (top-level lines) after its metadata. */
function doc(body: string): string {
  return HEAD + body + (body.endsWith('\n') ? '' : '\n');
}

function utf8(name: string, text: string): YamlCase {
  return { name, bytes: Buffer.from(text, 'utf8') };
}

/** Scalars in every class go-yaml v2 resolves, written plain as the value of `v`. */
const PLAIN_SCALARS = [
  // Integers: decimal, signs, legacy octal, 0o, binary, hex, underscores, int64 and uint64 edges.
  '0',
  '-0',
  '+1',
  '017',
  '-017',
  '0o17',
  '0O17',
  '-0o17',
  '0b11',
  '0B11',
  '-0b11',
  '+0b11',
  '0x1A',
  '0X1A',
  '-0x1A',
  '+0x1A',
  '0x1a',
  '1_000',
  '0b1_0',
  '0x_1A',
  '0_17',
  '08',
  '09',
  '0o8',
  '0b2',
  '0xG',
  '0x',
  '0b',
  '0o',
  '1__0',
  '_1',
  '1_',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551615',
  '18446744073709551616',
  '99999999999999999999999',
  '0x7FFFFFFFFFFFFFFF',
  '0xFFFFFFFFFFFFFFFF',
  '0b' + '1'.repeat(64),
  '00',
  '007',
  // Floats: forms, exponents, infinities, NaN, underscores, overflow, sexagesimal.
  '1.5',
  '.5',
  '1.',
  '-.5',
  '1e3',
  '1E3',
  '1.0e+3',
  '-1.5e-3',
  '6.8523015e+5',
  '1_0.5',
  '1e400',
  '-1e400',
  '0.1',
  '1e-400',
  '.inf',
  '-.inf',
  '+.inf',
  '.Inf',
  '.INF',
  '.iNf',
  '.nan',
  '.NaN',
  '.NAN',
  '.nAn',
  'inf',
  'nan',
  '1:20',
  '-1:20',
  '190:20:30.15',
  '1.5e',
  '1e',
  'e3',
  '0x1.8p1',
  '1.2.3',
  // Booleans and nulls of YAML 1.1, and their near misses.
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'yEs',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'False',
  'FALSE',
  'on',
  'On',
  'ON',
  'oN',
  'off',
  'Off',
  'OFF',
  '~',
  'null',
  'Null',
  'NULL',
  'nUll',
  '',
  // Strings that resemble other types.
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '12:30',
  '=',
  '<<x',
  '"0o17"',
  "'0x1A'",
  '"017"',
  '"yes"',
  "'~'",
  '"1e3"',
  'a: b',
  '"\\x41\\u00e9\\U0001F600"',
  '"a\\tb"',
  '"\\N\\_\\L\\P"',
  "'it''s'",
];

/** Tagged scalars and collections. */
const TAGGED = [
  '!!binary aGVsbG8=',
  '!!binary |\n  aGVs\n  bG8=',
  '!!binary "aGVsbG8"',
  '!!binary "!!!"',
  '!!binary ""',
  '!!binary "/w=="',
  '!!str 17',
  '!!str yes',
  '!!str',
  '!!int "17"',
  '!!int 0o17',
  '!!int 0x1A',
  '!!int abc',
  '!!int 1.5',
  '!!float 1',
  '!!float "1"',
  '!!float abc',
  '!!float .inf',
  '!!bool yes',
  '!!bool "true"',
  '!!bool 1',
  '!!null ""',
  '!!null x',
  '!!timestamp 2001-12-14',
  '!!timestamp x',
  '!custom foo',
  '!<tag:yaml.org,2002:str> 5',
  '!!map {a: 1}',
  '!!seq [1, 2]',
  '!!map [1]',
  '!!set {a, b}',
  '!!set\n  a: ~\n  b: ~',
  '!!set\n  a: 1',
  '!!omap [a: 1, b: 2]',
  '!!pairs [a: 1, a: 2]',
  '!!merge <<',
  '!!str [1]',
];

/** Top-level bodies for structural cases (merge keys, duplicates, aliases, keys of every type). */
const BODIES: readonly [string, string][] = [
  ['merge one', 'a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  y: 3'],
  ['merge list', 'a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]'],
  ['merge inline', 'c:\n  <<: {x: 1}\n  x: 2'],
  ['merge after key', 'a: &a {x: 1}\nc:\n  x: 2\n  <<: *a'],
  ['merge scalar', 'c:\n  <<: 1'],
  ['merge list of scalar', 'c:\n  <<: [1]'],
  ['merge twice', 'a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b'],
  ['merge quoted', 'c:\n  "<<": {x: 1}'],
  ['merge tagged str', 'c:\n  !!str <<: {x: 1}'],
  ['merge nested', 'a: &a {x: {p: 1}}\nc:\n  <<: *a\n  x: {q: 2}'],
  ['duplicate key', 'd: 1\nd: 2'],
  ['duplicate nested key', 'd:\n  a: 1\n  a: 2'],
  ['duplicate key forms', 'd:\n  1: a\n  0x1: b'],
  ['duplicate quoted key', 'd:\n  a: 1\n  "a": 2'],
  ['duplicate bool key', 'd:\n  yes: 1\n  true: 2'],
  ['duplicate null key', 'd:\n  ~: 1\n  null: 2'],
  ['duplicate flow key', 'd: {a: 1, a: 2}'],
  ['duplicate top key', 'kind: Secret'],
  ['alias value', 'a: &a x\nb: *a'],
  ['alias map value', 'a: &a {p: 1}\nb: *a'],
  ['alias key', 'a: &k key\nd:\n  *k : 1'],
  ['alias key flow', 'a: &k key\nd: {*k : 1}'],
  ['anchor on key', 'd:\n  &k key: 1\n  other: *k'],
  ['undefined alias', 'a: *nope'],
  ['alias to later anchor', 'a: *x\nb: &x 1'],
  ['int key', 'd:\n  1: a'],
  ['bool key', 'd:\n  yes: a'],
  ['null key', 'd:\n  ~: a'],
  ['float key', 'd:\n  1.5: a'],
  ['octal key', 'd:\n  0o17: a'],
  ['binary tagged key', 'd:\n  !!binary aGk=: a'],
  ['complex key seq', 'd:\n  ? [a, b]\n  : c'],
  ['complex key map', 'd:\n  ? {a: b}\n  : c'],
  ['explicit key', 'd:\n  ? a\n  : b'],
  ['empty value', 'd:'],
  ['empty flow', 'd: {}\ne: []'],
  ['nested list', 'd: [[1, [2, [3]]], {a: [b]}]'],
  ['block seq', 'd:\n- 1\n- - 2\n  - 3'],
  ['literal block', 'd: |\n  a\n  b\n'],
  ['literal keep', 'd: |+\n  a\n\n'],
  ['literal strip', 'd: |-\n  a\n'],
  ['folded', 'd: >\n  a\n  b\n\n  c\n'],
  ['folded indent', 'd: >2\n   a\n  b\n'],
  ['multi-line plain', 'd: a\n  b\n  c'],
  ['multi-line double', 'd: "a\n  b\\\n  c"'],
  ['comment', 'd: 1 # x\n# y\ne: "#"'],
  ['tab indent', 'd:\n\ta: 1'],
  ['tab after colon', 'd:\t1'],
  ['bad indent', 'd:\n  a: 1\n b: 2'],
  ['unclosed flow', 'd: [1, 2'],
  ['unclosed quote', 'd: "abc'],
  ['directive', '%YAML 1.1\n---\n' + HEAD + 'd: 1'],
  ['tag directive', '%TAG !e! tag:example.com,2000:\n---\n' + HEAD + 'd: !e!foo 1'],
  ['yaml 1.2 directive', '%YAML 1.2\n---\n' + HEAD + 'd: 0o17'],
  ['unknown directive', '%FOO bar\n---\n' + HEAD + 'd: 1'],
  ['null metadata name', 'x: 1'],
  ['long key', 'k'.repeat(2000) + ': 1'],
  ['key with colon', '"a:b": 1\n"a b": 2\n? "c: d"\n: 3'],
  ['unicode', 'd: "héllo wörld ☃ 😀"\né: ü'],
  ['quoted escapes', 'd: "\\0\\a\\b\\e\\f\\v\\x7f"'],
];

/** Raw characters that may or may not appear in quoted and plain scalars. */
const RAW_CHARACTERS: readonly [string, string][] = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['BEL', '\u0007'],
  ['BS', '\u0008'],
  ['VT', '\u000b'],
  ['FF', '\u000c'],
  ['ESC', '\u001b'],
  ['US', '\u001f'],
  ['DEL', '\u007f'],
  ['C1 0x80', '\u0080'],
  ['NEL', '\u0085'],
  ['C1 0x9f', '\u009f'],
  ['NBSP', '\u00a0'],
  ['LS', '\u2028'],
  ['ZWNBSP', '\ufeff'],
  ['U+FFFE', '\ufffe'],
  ['surrogate plane', '\u{1f600}'],
  ['TAB', '\t'],
  ['CR', '\r'],
];

/** A JSON object of the ConfigMap shape with `extra` members. */
function jsonDoc(extra: string): string {
  return `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}${extra}}`;
}

function encodingCases(): YamlCase[] {
  const text = doc('d: héllo\ne: 0o17');
  const json = jsonDoc(',"d":"héllo"');
  const le = (s: string) => Buffer.from(s, 'utf16le');
  const be = (s: string) => le(s).swap16();
  const bom = '\ufeff';
  return [
    { name: 'utf-8 bom yaml', bytes: Buffer.from(bom + text, 'utf8') },
    { name: 'utf-8 bom json', bytes: Buffer.from(bom + json, 'utf8') },
    { name: 'utf-16le bom yaml', bytes: le(bom + text) },
    { name: 'utf-16be bom yaml', bytes: be(bom + text) },
    { name: 'utf-16le bom json', bytes: le(bom + json) },
    { name: 'utf-16be bom json', bytes: be(bom + json) },
    { name: 'utf-16le bom crlf yaml', bytes: le(bom + text.replace(/\n/g, '\r\n')) },
    { name: 'utf-16le no bom', bytes: le(text) },
    { name: 'utf-8 bom then marker', bytes: Buffer.from(bom + '---\n' + text, 'utf8') },
    { name: 'utf-8 bom second doc', bytes: Buffer.from(text + '---\n' + bom + text, 'utf8') },
    { name: 'crlf yaml', bytes: Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8') },
    {
      name: 'invalid utf-8',
      bytes: Buffer.concat([Buffer.from(HEAD + 'd: "a'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n')]),
    },
    {
      name: 'latin-1 byte',
      bytes: Buffer.concat([Buffer.from(HEAD + 'd: caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    },
  ];
}

function streamCases(): YamlCase[] {
  const a = jsonDoc(',"d":1');
  const b = jsonDoc(',"d":2');
  const y = doc('d: 3');
  return [
    utf8('json objects back to back', a + b),
    utf8('json objects on lines', `${a}\n${b}\n`),
    utf8('json objects spaced', `  ${a}  \n\n  ${b}`),
    utf8('json then yaml', `${a}\n---\n${y}`),
    utf8('yaml then json', `${y}---\n${a}\n`),
    utf8('json then garbage', `${a} x`),
    utf8('json array', `[${a}]`),
    utf8('json list', `{"apiVersion":"v1","kind":"List","items":[${a},${b}]}`),
    utf8('json trailing comma', jsonDoc(',"d":1,')),
    utf8('json comment', `// c\n${a}`),
    utf8('json NaN', jsonDoc(',"d":NaN')),
    utf8('json duplicate key', jsonDoc(',"d":1,"d":2')),
    utf8('json big int', jsonDoc(',"d":9223372036854775807,"e":-9223372036854775808')),
    utf8('json huge int', jsonDoc(',"d":18446744073709551615,"e":99999999999999999999999')),
    utf8('json float exp', jsonDoc(',"d":1e3,"e":1.5E-3,"f":1e400')),
    utf8('json negative zero', jsonDoc(',"d":-0,"e":-0.0')),
    utf8('json escapes', jsonDoc(',"d":"\\u00e9\\ud83d\\ude00\\n"')),
    utf8('json lone surrogate', jsonDoc(',"d":"\\ud800"')),
    utf8('json raw control', jsonDoc(',"d":"a\u0001b"')),
    utf8('json single quotes', jsonDoc(",'d':1")),
    utf8('json unquoted key', jsonDoc(',d:1')),
    utf8('json leading whitespace', `\n\n   ${a}`),
    utf8('json flow yaml style', `{apiVersion: v1, kind: ConfigMap, metadata: {name: c}, d: 0o17}`),
    utf8('json with yaml comment', `${a} # c\n`),
    utf8('markers only', '---\n---\n'),
    utf8('empty', ''),
    utf8('comment only', '# nothing\n'),
    utf8('empty doc between', `${y}---\n---\n${y}`),
    utf8('document end', `${y}...\n---\n${y}`),
    utf8('marker content', `--- ${a}\n`),
    utf8('yaml list kind', 'apiVersion: v1\nkind: List\nitems:\n- ' + a),
    utf8('top scalar', 'hello\n'),
    utf8('top sequence', '- 1\n- 2\n'),
    utf8('no kind', 'apiVersion: v1\nmetadata:\n  name: c\n'),
    utf8('marker in block scalar', doc('d: |\n  a\n---\n' + HEAD)),
  ];
}

function deepCases(): YamlCase[] {
  const block = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += `${' '.repeat(i)}a:\n`;
    return HEAD + s + ' '.repeat(n) + 'b: 1\n';
  };
  const flow = (n: number) => doc(`d: ${'['.repeat(n)}1${']'.repeat(n)}`);
  const json = (n: number) => jsonDoc(`,"d":${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
  return [
    utf8('block depth 100', block(100)),
    utf8('block depth 1000', block(1000)),
    utf8('block depth 3000', block(3000)),
    utf8('flow depth 100', flow(100)),
    utf8('flow depth 1000', flow(1000)),
    utf8('json depth 1000', json(1000)),
    utf8('json depth 5000', json(5000)),
  ];
}

/** Seeded scalars built from number-like pieces, to probe go-yaml's resolver. */
function generatedScalars(seed: number, count: number): string[] {
  const random = new Random(seed);
  const pieces = [
    '0',
    '1',
    '7',
    '9',
    '_',
    '.',
    'e',
    'E',
    '+',
    '-',
    'x',
    'o',
    'b',
    'B',
    'O',
    'X',
    'a',
    'F',
    ':',
    'inf',
    'nan',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + random.int(6);
    let s = '';
    for (let j = 0; j < length; j++) s += pieces[random.int(pieces.length)];
    out.push(s);
  }
  return out;
}

/** Every case, in a fixed order. */
export function yamlCorpus(seed: number, generated: number): YamlCase[] {
  const out: YamlCase[] = [];
  for (const s of PLAIN_SCALARS) out.push(utf8(`scalar ${JSON.stringify(s)}`, doc(`v: ${s}`)));
  for (const s of PLAIN_SCALARS.slice(0, 20))
    out.push(utf8(`flow scalar ${JSON.stringify(s)}`, doc(`v: [${s}]`)));
  for (const s of TAGGED) out.push(utf8(`tagged ${JSON.stringify(s)}`, doc(`v: ${s}`)));
  for (const [name, body] of BODIES) out.push(utf8(name, body.startsWith('%') ? body : doc(body)));
  for (const [name, c] of RAW_CHARACTERS) {
    out.push(utf8(`raw ${name} in double quotes`, doc(`v: "a${c}b"`)));
    out.push(utf8(`raw ${name} in single quotes`, doc(`v: 'a${c}b'`)));
    out.push(utf8(`raw ${name} plain`, doc(`v: a${c}b`)));
  }
  out.push(...encodingCases(), ...streamCases(), ...deepCases());
  for (const s of generatedScalars(seed, generated))
    out.push(utf8(`generated ${JSON.stringify(s)}`, doc(`v: ${s}`)));
  return out;
}
