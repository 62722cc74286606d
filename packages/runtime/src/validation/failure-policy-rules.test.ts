// SPDX-License-Identifier: Apache-2.0
import { fieldPath, formatFieldError } from '@kubetrain/api/core';
import type { FailurePolicyInput } from '../workload/jobset/failure-policy.js';
import {
  RUNTIME_FAILURE_POLICY_PATH,
  validateFailurePolicyRules,
  validateFailurePolicyTemplate,
} from './failure-policy-rules.js';

type Rules = NonNullable<FailurePolicyInput['rules']>;
const codes = (operator: 'In' | 'NotIn', values: number[], containerName?: string) => ({
  action: 'RestartTrainJob' as const,
  onExitCodes: { operator, values, ...(containerName !== undefined ? { containerName } : {}) },
});
const condition = (type: string) => ({ action: 'FailTrainJob' as const, onPodConditions: [{ type }] });

describe('validateFailurePolicyRules', () => {
  it.each<[string, Rules, string[]]>([
    ['disjoint exit codes', [codes('In', [1]), codes('In', [2])], []],
    ['different containers', [codes('In', [1], 'a'), codes('In', [1], 'b')], []],
    ['different conditions', [condition('DisruptionTarget'), condition('ConfigIssue')], []],
    ['exit code and condition never collide', [codes('In', [1]), condition('ConfigIssue')], []],
    ['In excluded by NotIn', [codes('NotIn', [3]), codes('In', [3])], []],
    [
      'shared exit code',
      [codes('In', [1, 3]), codes('In', [3, 5])],
      [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "RestartTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match exit code 3, and only the first matching rule is used',
      ],
    ],
    [
      'any container then one container',
      [codes('In', [7]), codes('In', [7], 'node')],
      [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "RestartTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match exit code 7, and only the first matching rule is used',
      ],
    ],
    [
      'NotIn swallows a later In',
      [codes('NotIn', [1]), codes('In', [1, 2])],
      [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "RestartTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match exit code 2, and only the first matching rule is used',
      ],
    ],
    [
      'same condition twice',
      [condition('DisruptionTarget'), condition('DisruptionTarget')],
      [
        'spec.runPolicy.failurePolicy.rules[1]: Invalid value: "FailTrainJob": conflicts with spec.runPolicy.failurePolicy.rules[0]: both match pod condition DisruptionTarget=True, and only the first matching rule is used',
      ],
    ],
  ])('%s', (_name, rules, expected) => {
    const errors = validateFailurePolicyRules({ rules }, RUNTIME_FAILURE_POLICY_PATH);
    expect(errors.map(formatFieldError)).toEqual(expected);
  });
});

describe('validateFailurePolicyTemplate', () => {
  const path = fieldPath('spec', 'template', 'spec');
  it('accepts a template without its own failure handling, and any template without a policy', () => {
    expect(validateFailurePolicyTemplate(true, { replicatedJobs: [{}] }, path)).toEqual([]);
    expect(validateFailurePolicyTemplate(false, { failurePolicy: { maxRestarts: 1 } }, path)).toEqual([]);
  });
  it('forbids a template failurePolicy and a Job podFailurePolicy next to the policy', () => {
    const errors = validateFailurePolicyTemplate(
      true,
      {
        failurePolicy: { maxRestarts: 1 },
        replicatedJobs: [{}, { template: { spec: { podFailurePolicy: {} } } }],
      },
      path,
    );
    expect(errors.map((e) => [e.path, e.type])).toEqual([
      ['spec.template.spec.failurePolicy', 'Forbidden'],
      ['spec.template.spec.replicatedJobs[1].template.spec.podFailurePolicy', 'Forbidden'],
    ]);
  });
});
