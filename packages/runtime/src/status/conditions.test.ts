// SPDX-License-Identifier: Apache-2.0
import { isTrainJobFinished, setCondition } from './conditions.js';
import type { Condition } from '@kubetrain/api';
import type { ConditionInput } from './types.js';

const T0 = '2026-01-01T00:00:00Z';
const NOW = '2026-01-02T00:00:00Z';

const cond = (status: 'True' | 'False', reason: string, extra: Partial<Condition> = {}): Condition => ({
  type: 'Suspended',
  status,
  lastTransitionTime: T0,
  reason,
  message: `${reason} message`,
  ...extra,
});

interface Case {
  conditions?: ConditionInput[];
  next: ConditionInput;
  want: Condition[];
  changed: boolean;
}

describe('setCondition', () => {
  const cases: Record<string, Case> = {
    'a new condition without a time gets now': {
      next: { type: 'Suspended', status: 'True', reason: 'Suspended', message: 'Suspended message' },
      want: [cond('True', 'Suspended', { lastTransitionTime: NOW })],
      changed: true,
    },
    'a new condition keeps its own time': {
      conditions: [{ ...cond('True', 'A'), type: 'Other' }],
      next: cond('True', 'Suspended'),
      want: [{ ...cond('True', 'A'), type: 'Other' }, cond('True', 'Suspended')],
      changed: true,
    },
    'the same condition again changes nothing': {
      conditions: [cond('True', 'Suspended')],
      next: { type: 'Suspended', status: 'True', reason: 'Suspended', message: 'Suspended message' },
      want: [cond('True', 'Suspended')],
      changed: false,
    },
    'a new reason and message keep the transition time': {
      conditions: [cond('True', 'Suspended')],
      next: {
        type: 'Suspended',
        status: 'True',
        reason: 'Other',
        message: 'Other message',
        lastTransitionTime: NOW,
      },
      want: [cond('True', 'Other')],
      changed: true,
    },
    'a status flip takes now': {
      conditions: [cond('True', 'Suspended')],
      next: { type: 'Suspended', status: 'False', reason: 'Resumed', message: 'Resumed message' },
      want: [cond('False', 'Resumed', { lastTransitionTime: NOW })],
      changed: true,
    },
    "a status flip takes the new condition's own time when it has one": {
      conditions: [cond('True', 'Suspended')],
      next: { ...cond('False', 'Resumed'), lastTransitionTime: '2026-01-01T12:00:00Z' },
      want: [cond('False', 'Resumed', { lastTransitionTime: '2026-01-01T12:00:00Z' })],
      changed: true,
    },
    'observedGeneration is copied, and cleared when the new condition has none': {
      conditions: [cond('True', 'Suspended', { observedGeneration: 3 })],
      next: { type: 'Suspended', status: 'True', reason: 'Suspended', message: 'Suspended message' },
      want: [cond('True', 'Suspended')],
      changed: true,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const input = structuredClone(tc.conditions);
      const got = setCondition(tc.conditions, tc.next, NOW);
      expect(got).toEqual({ conditions: tc.want, changed: tc.changed });
      expect(tc.conditions).toEqual(input);
    });
  }

  it('writes members in metav1.Condition order', () => {
    const got = setCondition(
      undefined,
      { message: 'm', reason: 'r', status: 'True', type: 'T', observedGeneration: 2 },
      NOW,
    );
    expect(Object.keys(got.conditions[0]!)).toEqual([
      'type',
      'status',
      'observedGeneration',
      'lastTransitionTime',
      'reason',
      'message',
    ]);
  });
});

describe('isTrainJobFinished', () => {
  const cases: Record<string, { conditions?: ConditionInput[]; want: boolean }> = {
    'no status': { want: false },
    'Complete True': { conditions: [{ type: 'Complete', status: 'True' }], want: true },
    'Failed True': { conditions: [{ type: 'Failed', status: 'True' }], want: true },
    'Failed False': { conditions: [{ type: 'Failed', status: 'False' }], want: false },
    'Suspended True only': { conditions: [{ type: 'Suspended', status: 'True' }], want: false },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(isTrainJobFinished({ status: tc.conditions ? { conditions: tc.conditions } : undefined })).toBe(
        tc.want,
      );
    });
  }
});
