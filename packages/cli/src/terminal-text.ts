// SPDX-License-Identifier: Apache-2.0
// The one escaping function of everything the CLI prints that a user or a cluster supplied (names,
// file names, messages, field paths, table cells): a character a terminal would act on is shown as
// Go's strconv.Quote shows it (`\n`, `\x1b`, `\x00`, `\u202e`), so that a value can neither forge a
// line, move the cursor, clear the screen nor reorder the text around it. No dependencies, so that
// main.ts can load it first (internal-error.ts uses it).

/**
 * What a terminal acts on: the C0 controls (NUL, ESC, the line breaks, ...), DEL, the C1 controls
 * (0x9b is CSI on terminals that read 8-bit controls), Unicode's line and paragraph separators, and
 * the bidirectional formatting characters that reorder how a line reads (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Go's short escapes. */
const SHORT: Readonly<Record<string, string>> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** One character as Go's strconv.Quote escapes it: `\n`, `\xHH` below 0x80, `\uHHHH` above. */
function goEscape(char: string): string {
  const short = SHORT[char];
  if (short !== undefined) return short;
  const code = char.charCodeAt(0);
  return code < 0x80
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every character a terminal would act on written as its Go escape; anything else,
 * backslashes included, as it is (a value without such characters prints unchanged, so messages that
 * match upstream's stay byte-identical).
 */
export function escapeForTerminal(text: string): string {
  return text.replace(ACTING, goEscape);
}

/** True when `text` holds a character {@link escapeForTerminal} escapes. */
export function hasActingCharacters(text: string): boolean {
  ACTING.lastIndex = 0;
  const found = ACTING.test(text);
  ACTING.lastIndex = 0;
  return found;
}

/** Each line of `text` escaped, its line breaks (`\n`) kept: for blocks the CLI composes of values. */
export function escapeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => escapeForTerminal(line))
    .join('\n');
}
