// SPDX-License-Identifier: Apache-2.0
import { evaluateRule, isTransitionRule, toCelValue } from './cel.js';
import type { RuleOutcome } from './cel.js';

interface Case {
  rule: string;
  self: unknown;
  oldSelf?: unknown;
  want: RuleOutcome | 'error';
}

const intSchema = { type: 'integer', format: 'int32' };

const cases: Record<string, Case> = {
  'an int field compares with an int literal': {
    rule: 'self >= 1',
    self: toCelValue(1, intSchema),
    want: { ok: true },
  },
  'an int field below the limit fails': {
    rule: 'self >= 1',
    self: toCelValue(0, intSchema),
    want: { ok: false },
  },
  'int arithmetic stays integral': {
    rule: 'self / 2 == 1',
    self: toCelValue(3, intSchema),
    want: { ok: true },
  },
  'matches uses RE2 anchors': {
    rule: "self.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
    self: 'job-1',
    want: { ok: true },
  },
  'matches rejects an upper-case name': {
    rule: "self.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
    self: 'Job',
    want: { ok: false },
  },
  'a transition rule compares with oldSelf': {
    rule: 'self == oldSelf',
    self: { a: 1n },
    oldSelf: { a: 2n },
    want: { ok: false },
  },
  'has() on an absent field is false': { rule: 'has(self.lastUpdatedTime)', self: {}, want: { ok: false } },
  'an unknown function is an evaluation error, not a pass': {
    rule: 'self.isSorted()',
    self: [1n],
    want: 'error',
  },
};

describe('evaluateRule', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = evaluateRule(tc.rule, tc.self, tc.oldSelf);
      if (tc.want === 'error') {
        expect(got.ok).toBe(false);
        expect(got.ok === false && got.error).toEqual(expect.any(String));
      } else {
        expect(got).toEqual(tc.want);
      }
    });
  }

  it('throws on a rule that does not parse', () => {
    expect(() => evaluateRule('self ==', 1n)).toThrow(/does not parse/);
  });
});

describe('isTransitionRule', () => {
  it('detects oldSelf and only oldSelf', () => {
    expect([
      isTransitionRule('self == oldSelf'),
      isTransitionRule('self.oldSelfish == 1'),
      isTransitionRule('self >= 1'),
    ]).toEqual([true, false, false]);
  });
});

describe('toCelValue', () => {
  it('converts integers by schema, keeps doubles, and exposes only name and generateName of root metadata', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        d: { type: 'number' },
        q: { 'x-kubernetes-int-or-string': true },
        l: { type: 'array', items: { type: 'integer' } },
        m: { type: 'object', additionalProperties: { type: 'integer' } },
      },
    };
    const value = { n: 2, d: 2, q: 3, l: [1], m: { a: 1 }, metadata: { name: 'x', uid: 'u' } };
    expect(toCelValue(value, schema, true)).toEqual({
      n: 2n,
      d: 2,
      q: 3n,
      l: [1n],
      m: { a: 1n },
      metadata: { name: 'x' },
    });
  });
});
