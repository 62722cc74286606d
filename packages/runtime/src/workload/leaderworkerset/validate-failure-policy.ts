// SPDX-License-Identifier: Apache-2.0
// The failure policy (KEP-4162) on the LeaderWorkerSet backend: the group restart budget carries
// `maxRestarts`, and the permanent exit codes (any container) carry `FailTrainJob` on `In` exit
// codes; `RestartTrainJob` on exit codes is what any other non-zero exit does already. Rules the
// backend cannot express are refused at admission, naming the rule and what is allowed.

import {
  FailurePolicyActions,
  fieldPath,
  forbidden,
  invalid,
  WorkloadBackends,
  type FieldError,
  type FieldPath,
} from '@kubetrain/api/core';
import type { TrainJobRuleInput } from '../../validation/input.js';
import type { FailurePolicyInput } from '../jobset/failure-policy.js';

type Rule = NonNullable<FailurePolicyInput['rules']>[number];

const ALLOWED =
  'the LeaderWorkerSet backend supports FailTrainJob and RestartTrainJob rules on exit codes (operator In, any container) only';

/** Why the backend cannot express `rule`, or undefined when it can. */
function unsupported(rule: Rule): string | undefined {
  if (rule.onPodConditions !== undefined) return 'onPodConditions';
  if (rule.action === FailurePolicyActions.RestartTrainJobAndIgnoreMaxRestarts)
    return `action ${rule.action}`;
  if (rule.onExitCodes?.operator === 'NotIn') return 'operator NotIn';
  if (rule.onExitCodes?.containerName !== undefined) return 'containerName';
  return undefined;
}

/** One Forbidden error per rule the LeaderWorkerSet backend cannot express. */
export function validateLWSFailurePolicy(
  policy: FailurePolicyInput | undefined,
  path: FieldPath,
): FieldError[] {
  return (policy?.rules ?? []).flatMap((rule, i) => {
    const what = unsupported(rule);
    return what === undefined ? [] : [forbidden(path.child('rules').index(i), `${what}: ${ALLOWED}`)];
  });
}

/** The permanent exit codes of the policy: the `In` codes of its FailTrainJob rules, sorted. */
export function lwsPermanentExitCodes(policy: FailurePolicyInput | undefined): number[] {
  const codes = new Set<number>();
  for (const rule of policy?.rules ?? []) {
    if (rule.action !== FailurePolicyActions.FailTrainJob || rule.onExitCodes?.operator !== 'In') continue;
    for (const code of rule.onExitCodes.values) codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/**
 * The TrainJob admission rule: for a runtime rendered as a LeaderWorkerSet (known only with the
 * TrainJob, as the feature gate decides it), each rule of the runtime's
 * `spec.runPolicy.failurePolicy` the backend cannot express makes `spec.runtimeRef` Invalid, the
 * message naming the runtime's rule path and what is allowed.
 */
export function validateLWSFailurePolicyRule(input: TrainJobRuleInput): FieldError[] {
  if (input.info.workload !== WorkloadBackends.LeaderWorkerSet) return [];
  const ref = input.newJob.spec.runtimeRef;
  return validateLWSFailurePolicy(input.info.runtimePolicy.failurePolicy, RULES_PATH).map((e) =>
    invalid(fieldPath('spec', 'runtimeRef'), ref, `${e.path}: ${e.message}`),
  );
}

const RULES_PATH = fieldPath('spec', 'runPolicy', 'failurePolicy');
