// SPDX-License-Identifier: Apache-2.0
import { formatFieldError, type FieldError } from './field-error.js';

const cases: Record<string, { error: FieldError; want: string }> = {
  'a string value is quoted': {
    error: { type: 'Invalid', path: 'metadata.name', value: 'A', message: 'must be lowercase' },
    want: 'metadata.name: Invalid value: "A": must be lowercase',
  },
  'a bigint prints exactly': {
    error: { type: 'Invalid', path: 'spec.x', value: 9223372036854775807n, message: 'too big' },
    want: 'spec.x: Invalid value: 9223372036854775807: too big',
  },
  'a structure holding a bigint prints as its exact JSON': {
    error: {
      type: 'TypeInvalid',
      path: 'apiVersion',
      value: [[[{ name: 9007199254740993n }]]],
      message: 'must be of type string',
    },
    want: 'apiVersion: Invalid value: [[[{"name":9007199254740993}]]]: must be of type string',
  },
  'a valueless type prints no value': {
    error: { type: 'Required', path: 'spec', value: undefined, message: '' },
    want: 'spec: Required value',
  },
};

describe('formatFieldError', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(formatFieldError(tc.error)).toBe(tc.want));
  }
});
