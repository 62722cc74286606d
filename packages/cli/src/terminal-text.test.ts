// SPDX-License-Identifier: Apache-2.0
import { escapeForTerminal, escapeLines, hasActingCharacters } from './terminal-text.js';

describe('escapeForTerminal', () => {
  const cases: [string, string, string][] = [
    ['a plain name is unchanged', 'my-job', 'my-job'],
    ['unicode that does not act is unchanged', 'jöb 日本', 'jöb 日本'],
    ['backslashes are kept as they are', 'C:\\x\\n', 'C:\\x\\n'],
    [
      'a newline cannot forge a line',
      'x\nTrainJob/forged: spec: all good',
      'x\\nTrainJob/forged: spec: all good',
    ],
    ['a carriage return cannot overwrite the line', 'x\rok', 'x\\rok'],
    ['an ANSI clear screen', '\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['NUL', 'a\u0000b', 'a\\x00b'],
    ["Go's short escapes", '\u0007\b\f\t\v', '\\a\\b\\f\\t\\v'],
    ['DEL', 'a\u007fb', 'a\\x7fb'],
    ['C1 CSI and NEL', 'a\u009b2Jb\u0085', 'a\\u009b2Jb\\u0085'],
    ['line and paragraph separators', 'a\u2028b\u2029', 'a\\u2028b\\u2029'],
    ['a right-to-left override (Trojan Source)', 'abc\u202edef', 'abc\\u202edef'],
    ['bidi isolates and marks', '\u2066\u2069\u200e\u200f\u061c', '\\u2066\\u2069\\u200e\\u200f\\u061c'],
  ];
  it.each(cases)('%s', (_name, input, want) => {
    expect(escapeForTerminal(input)).toBe(want);
    expect(hasActingCharacters(escapeForTerminal(input))).toBe(false);
    expect(hasActingCharacters(input)).toBe(input !== want);
  });
});

describe('escapeLines', () => {
  it('keeps the line breaks and escapes each line', () => {
    expect(escapeLines('one\u001b[1m\ntwo\r\n')).toBe('one\\x1b[1m\ntwo\\r\n');
  });
});
