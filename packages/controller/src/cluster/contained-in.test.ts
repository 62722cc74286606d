// SPDX-License-Identifier: Apache-2.0
import { containedIn } from './contained-in.js';

describe('containedIn', () => {
  it.each([
    ['equal scalars', 'a', 'a', true],
    ['different scalars', 'a', 'b', false],
    ['1 and "1"', 1, '1', false],
    ['a subset of members', { a: 1 }, { a: 1, b: 2 }, true],
    ['a missing member', { a: 1, c: 3 }, { a: 1, b: 2 }, false],
    ['an undefined member is not required', { a: 1, c: undefined }, { a: 1 }, true],
    ['nested subset', { m: { labels: { x: 'y' } } }, { m: { labels: { x: 'y', z: 'w' }, uid: 'u' } }, true],
    ['nested difference', { m: { labels: { x: 'y' } } }, { m: { labels: { x: 'n' } } }, false],
    ['arrays element by element', [{ a: 1 }, { b: 2 }], [{ a: 1, x: 0 }, { b: 2 }], true],
    ['arrays of another length', [{ a: 1 }], [{ a: 1 }, { b: 2 }], false],
    ['arrays in another order', ['a', 'b'], ['b', 'a'], false],
    ['an object against an array', { 0: 'a' }, ['a'], false],
    ['null against an object', null, {}, false],
    ['an object against null', {}, null, false],
  ])('%s', (_name, desired, live, expected) => {
    expect(containedIn(desired, live)).toBe(expected);
  });
});
