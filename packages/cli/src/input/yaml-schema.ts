// SPDX-License-Identifier: Apache-2.0
// Scalars resolved as kubectl resolves them: go-yaml v2's resolver (the one sigs.k8s.io/yaml uses),
// then the JSON that sigs.k8s.io/yaml makes of the value and that kubectl decodes again. Integers
// are Go's strconv.ParseInt(text without `_`, base 0): `0o17`, `0O17`, `0B11`, `0X1A`, `+0x1A`,
// `0777` (octal) and `1_000` are integers; beyond int64, uint64; beyond that a float. Integers
// outside the exactly representable doubles are bigints. Timestamps and sexagesimal numbers (`1:20`)
// stay strings; `1e400` is a string (ParseFloat fails); `.inf` and `.nan` cannot become JSON.

/** A scalar that cannot be read (kubectl's message). */
export class ScalarError extends Error {}

const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';
const BOOL = 'tag:yaml.org,2002:bool';
const NULL = 'tag:yaml.org,2002:null';
const STR = 'tag:yaml.org,2002:str';
const TIMESTAMP = 'tag:yaml.org,2002:timestamp';
const BINARY = 'tag:yaml.org,2002:binary';
const MERGE = 'tag:yaml.org,2002:merge';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** The values of go-yaml v2's resolve map. */
const RESOLVE_MAP = new Map<string, readonly [string, unknown]>();
for (const [tag, value, words] of [
  [BOOL, true, ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']],
  [BOOL, false, ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']],
  [NULL, null, ['', '~', 'null', 'Null', 'NULL']],
  [FLOAT, Number.NaN, ['.nan', '.NaN', '.NAN']],
  [FLOAT, Number.POSITIVE_INFINITY, ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']],
  [FLOAT, Number.NEGATIVE_INFINITY, ['-.inf', '-.Inf', '-.INF']],
  [MERGE, '<<', ['<<']],
] as const)
  for (const word of words) RESOLVE_MAP.set(word, [tag, value]);

/** The first characters go-yaml v2 resolves (its resolve table's hints). */
function hint(text: string): string | undefined {
  if (text === '') return 'N';
  const c = text[0] as string;
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return undefined;
}

/** Go's strconv.ParseInt/ParseUint(text, 0, 64) as one bigint, or undefined for a syntax error. */
function parseGoInteger(text: string, signed: boolean): bigint | undefined {
  const match = /^([+-]?)(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/.exec(text);
  if (match === null) return undefined;
  const [, sign, digits] = match as unknown as [string, string, string];
  if (!signed && sign !== '') return undefined;
  const body = /^0[0-7]+$/.test(digits)
    ? `0o${digits.slice(1)}`
    : digits.replace(/^0([XBO])/, (_, p: string) => `0${p.toLowerCase()}`);
  const value = BigInt(body);
  return sign === '-' ? -value : value;
}

/** The JSON number of an integer, as kubectl reads it back: int64 exact, larger as a float64. */
export function integerValue(value: bigint): number | bigint {
  if (value < INT64_MIN || value > INT64_MAX) return Number(value);
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** go-yaml's float syntax (before strconv.ParseFloat). */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** Go's strconv.ParseFloat of a decimal text: undefined when out of range (`1e400`) or no number. */
function parseGoFloat(text: string): number | undefined {
  if (!/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) return undefined;
  // Overflow is a range error in Go (the text stays a string); underflow gives 0 without one.
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** go-yaml v2's resolve(): the tag and value of a scalar's text. */
function resolve(tag: string, text: string): readonly [string, unknown] {
  const resolvable = tag === '' || [STR, BOOL, INT, FLOAT, NULL, TIMESTAMP].includes(tag);
  if (!resolvable) return [tag, text];
  const h = hint(text);
  if (h !== undefined && tag !== STR) {
    const item = RESOLVE_MAP.get(text);
    if (item !== undefined) return item;
    if (h === '.') {
      const f = parseGoFloat(text);
      if (f !== undefined) return [FLOAT, f];
    } else if (h === 'D' || h === 'S') {
      const plain = text.replace(/_/g, '');
      const i = parseGoInteger(plain, true);
      if (i !== undefined && i >= INT64_MIN && i <= INT64_MAX) return [INT, i];
      const u = parseGoInteger(plain, false);
      if (u !== undefined && u >= 0n && u <= UINT64_MAX) return [INT, u];
      if (YAML_STYLE_FLOAT.test(plain)) {
        const f = parseGoFloat(plain);
        if (f !== undefined) return [FLOAT, f];
      }
    }
  }
  return [STR, text];
}

function shortTag(tag: string): string {
  return tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag;
}

/** Go's base64.StdEncoding.DecodeString (line breaks ignored), as UTF-8 text (invalid bytes → U+FFFD). */
function decodeBinary(text: string): string {
  const compact = text.replace(/[\r\n]/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact))
    throw new ScalarError('yaml: !!binary value contains invalid base64 data');
  return Buffer.from(compact, 'base64').toString('utf8');
}

/** The forms go-yaml v2 reads as timestamps (a date, or a date and a time). */
const TIMESTAMP_TEXT =
  /^\d{4}-\d{1,2}-\d{1,2}(?:(?:[Tt]|[ \t]+)\d{1,2}:\d{2}:\d{2}(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d{1,2}(?::\d{2})?))?)?$/;

/** What a scalar node is: its text, its explicit tag (full form, or undefined) and whether it is plain. */
export interface ScalarText {
  readonly text: string;
  readonly tag: string | undefined;
  readonly plain: boolean;
}

/** Whether a scalar is the merge key `<<` (plain, or tagged !!merge). */
export function isMergeKey(s: ScalarText): boolean {
  return s.text === '<<' && ((s.plain && s.tag === undefined) || s.tag === MERGE);
}

/**
 * The JSON data of a scalar as kubectl reads it: a string, a boolean, null, a number, or a bigint
 * (an integer beyond 2^53 within int64). Throws a ScalarError where kubectl refuses the scalar.
 */
export function scalarValue(s: ScalarText): unknown {
  // A quoted or block scalar without a tag is a string; `!` is the non-specific tag (a string too).
  if (s.tag === undefined && !s.plain) return s.text;
  const tag = s.tag ?? '';
  let [rtag, value] = resolve(tag, s.text);
  if (rtag === BINARY) return decodeBinary(s.text);
  // A timestamp reaches the JSON as the text it was written as.
  if (tag === TIMESTAMP && rtag !== TIMESTAMP && TIMESTAMP_TEXT.test(s.text)) return s.text;
  if (!(tag === '' || tag === rtag || tag === STR || !tag.startsWith('tag:yaml.org,2002:'))) {
    if (tag === FLOAT && rtag === INT) {
      rtag = FLOAT;
      value = Number(value as bigint);
    } else if (tag === MERGE && s.text === '<<') {
      return '<<';
    } else throw new ScalarError(`yaml: cannot decode ${shortTag(rtag)} \`${s.text}\` as a ${shortTag(tag)}`);
  }
  if (rtag === MERGE) return '<<';
  if (typeof value === 'bigint') return integerValue(value);
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new ScalarError(
      `json: unsupported value: ${Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf'}`,
    );
  return value;
}

/** The JSON key a scalar key becomes (sigs.k8s.io/yaml): strings as they are, numbers and booleans printed. */
export function keyString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  throw new ScalarError(`unsupported map key of type: %!s(<nil>), key: <nil>`);
}
