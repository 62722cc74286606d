// SPDX-License-Identifier: Apache-2.0
// Table tests of differingPaths(): the paths, their order, and any nesting depth.
import { differingPaths } from './template-diff.js';

/** An array nested `depth` deep around `inner`. */
function nested(depth: number, inner: unknown): unknown {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('differingPaths', () => {
  const cases: Record<string, { a: unknown; b: unknown; want: string[] }> = {
    'equal templates': {
      a: { spec: { containers: [{ name: 'x' }] } },
      b: { spec: { containers: [{ name: 'x' }] } },
      want: [],
    },
    'a changed value, a field only in a, a field only in b, in that order': {
      a: { spec: { image: 'a', only: 1, z: { y: 1 } } },
      b: { spec: { image: 'b', z: { y: 2 }, extra: true } },
      want: ['t.spec.image', 't.spec.only', 't.spec.z.y', 't.spec.extra'],
    },
    'a list of another length is named as the list': {
      a: { args: ['1', '2'], env: [{ name: 'A' }] },
      b: { args: ['1'], env: [{ name: 'B' }] },
      want: ['t.args', 't.env[0].name'],
    },
    'an object against a list or a scalar': { a: { x: {} }, b: { x: [] }, want: ['t.x'] },
    '20,000 levels deep: no stack overflow': {
      a: { x: nested(20000, 1) },
      b: { x: nested(20000, 2) },
      want: [`t.x${'[0]'.repeat(20000)}`],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(differingPaths(tc.a, tc.b, 't')).toEqual(tc.want);
    });
  }
});
