// SPDX-License-Identifier: Apache-2.0
import { jsonEqual, mergePatch } from './merge-patch.js';

describe('mergePatch', () => {
  const cases: Record<string, { from: Record<string, unknown>; to: Record<string, unknown>; want: unknown }> =
    {
      equal: { from: { a: 1, b: { c: [1] } }, to: { b: { c: [1] }, a: 1 }, want: {} },
      'a new member': {
        from: {},
        to: { status: { conditions: [{ type: 'Suspended' }] } },
        want: { status: { conditions: [{ type: 'Suspended' }] } },
      },
      'a removed member is null': {
        from: { status: { jobsStatus: [], conditions: [] } },
        to: { status: { conditions: [] } },
        want: { status: { jobsStatus: null } },
      },
      'arrays are replaced whole': { from: { l: [1, 2] }, to: { l: [1, 3] }, want: { l: [1, 3] } },
      'nested objects are diffed': {
        from: { s: { a: 1, b: 2 } },
        to: { s: { a: 1, b: 3 } },
        want: { s: { b: 3 } },
      },
      'undefined counts as absent': { from: { a: undefined }, to: { b: undefined }, want: {} },
    };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(mergePatch(tc.from, tc.to)).toEqual(tc.want));
  }
  it('jsonEqual ignores member order but not array order', () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
