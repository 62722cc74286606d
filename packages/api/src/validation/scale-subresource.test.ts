// SPDX-License-Identifier: Apache-2.0
import { formatFieldError } from './field-error.js';
import { checkScaleSubresource } from './scale-subresource.js';

const SCALE = {
  specReplicasPath: '.spec.replicas',
  statusReplicasPath: '.status.active',
  labelSelectorPath: '.status.selector',
};

const cases: Record<string, { obj: unknown; want: string[] }> = {
  'absent paths are 0 and valid': { obj: { spec: {} }, want: [] },
  'in-range counts and a string selector are valid': {
    obj: { spec: { replicas: 2147483647 }, status: { active: 0, selector: 'a=b' } },
    want: [],
  },
  'a null along the path is absent': { obj: { spec: null, status: { active: 1 } }, want: [] },
  'a negative count': {
    obj: { spec: { replicas: -1 } },
    want: ['.spec.replicas: Invalid value: -1: should be a non-negative integer'],
  },
  'a count beyond int32': {
    obj: { status: { active: 2147483648 } },
    want: ['.status.active: Invalid value: 2147483648: should be less than or equal to 2147483647'],
  },
  'a count that is no int64, printed with its Go type': {
    obj: { spec: { replicas: 1.5 }, status: { active: null } },
    want: [
      '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: 1.5 is of the type float64, expected int64',
      '.status.active: Invalid value: 0: .status.active accessor error: <nil> is of the type <nil>, expected int64',
    ],
  },
  'a non-map along the path names the step that needed a map': {
    obj: { spec: ['x', true] },
    want: [
      '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: [x true] is of the type []interface {}, expected map[string]interface{}',
    ],
  },
  'a selector that is no string': {
    obj: { status: { selector: { b: 1, a: 'x' } } },
    want: [
      '.status.selector: Invalid value: "": .status.selector accessor error: map[a:x b:1] is of the type map[string]interface {}, expected string',
    ],
  },
};

describe('checkScaleSubresource', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(checkScaleSubresource(tc.obj, SCALE).map(formatFieldError)).toEqual(tc.want);
    });
  }

  it('checks nothing without a scale subresource', () => {
    expect(checkScaleSubresource({ spec: { replicas: -1 } }, undefined)).toEqual([]);
  });
});
