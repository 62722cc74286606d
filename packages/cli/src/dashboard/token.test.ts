// SPDX-License-Identifier: Apache-2.0
import { newToken, tokenMatches } from './token.js';

describe('newToken', () => {
  it('is 32 random bytes in base64url, different each run', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });
});

describe('tokenMatches', () => {
  const expected = 'abcDEF0123456789abcDEF0123456789abcDEF01234';
  it.each([
    ['the token itself', expected, true],
    ['no token', undefined, false],
    ['empty', '', false],
    ['a prefix', expected.slice(0, 10), false],
    ['one character more', `${expected}x`, false],
    ['the last character changed', `${expected.slice(0, -1)}5`, false],
    ['another case', expected.toUpperCase(), false],
  ])('%s: %s', (_what, given, result) => {
    expect(tokenMatches(given, expected)).toBe(result);
  });
});
