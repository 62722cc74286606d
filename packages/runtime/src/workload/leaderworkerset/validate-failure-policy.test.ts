// SPDX-License-Identifier: Apache-2.0
import { fieldPath, formatFieldError } from '@kubetrain/api/core';
import type { FailurePolicyInput } from '../jobset/failure-policy.js';
import { lwsPermanentExitCodes, validateLWSFailurePolicy } from './validate-failure-policy.js';

type Rules = NonNullable<FailurePolicyInput['rules']>;
const path = fieldPath('spec', 'runPolicy', 'failurePolicy');
const ALLOWED =
  'the LeaderWorkerSet backend supports FailTrainJob and RestartTrainJob rules on exit codes (operator In, any container) only';

describe('validateLWSFailurePolicy', () => {
  it.each<[string, Rules, string[]]>([
    [
      'exit-code rules are accepted',
      [
        { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [42] } },
        { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [3] } },
      ],
      [],
    ],
    [
      'pod conditions, NotIn, a container and IgnoreMaxRestarts are refused',
      [
        { action: 'FailTrainJob', onPodConditions: [{ type: 'DisruptionTarget' }] },
        { action: 'FailTrainJob', onExitCodes: { operator: 'NotIn', values: [1] } },
        { action: 'FailTrainJob', onExitCodes: { containerName: 'node', operator: 'In', values: [1] } },
        { action: 'RestartTrainJobAndIgnoreMaxRestarts', onExitCodes: { operator: 'In', values: [2] } },
      ],
      [
        `spec.runPolicy.failurePolicy.rules[0]: Forbidden: onPodConditions: ${ALLOWED}`,
        `spec.runPolicy.failurePolicy.rules[1]: Forbidden: operator NotIn: ${ALLOWED}`,
        `spec.runPolicy.failurePolicy.rules[2]: Forbidden: containerName: ${ALLOWED}`,
        `spec.runPolicy.failurePolicy.rules[3]: Forbidden: action RestartTrainJobAndIgnoreMaxRestarts: ${ALLOWED}`,
      ],
    ],
  ])('%s', (_name, rules, want) => {
    expect(validateLWSFailurePolicy({ rules }, path).map(formatFieldError)).toEqual(want);
  });
});

describe('lwsPermanentExitCodes', () => {
  it('is the In codes of the FailTrainJob rules, sorted, without the restart codes', () => {
    expect(
      lwsPermanentExitCodes({
        rules: [
          { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [42, 7] } },
          { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [3] } },
          { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [7, 1] } },
        ],
      }),
    ).toEqual([1, 7, 42]);
  });
});
