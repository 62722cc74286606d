// SPDX-License-Identifier: Apache-2.0
// Admission rules of the failure policy (KEP-4162) that a schema cannot state: two rules that match
// the same failure (the later one would never decide), and a runtime whose JobSet template already
// carries its own failurePolicy or a Job podFailurePolicy (the rendering would overwrite them).

import { fieldPath, forbidden, invalid, type FieldError, type FieldPath } from '@kubetrain/api/core';
import type { FailurePolicyInput } from '../workload/jobset/failure-policy.js';

type Rule = NonNullable<FailurePolicyInput['rules']>[number];

/** What two rules both match, as a phrase; undefined when they are disjoint. */
function overlap(a: Rule, b: Rule): string | undefined {
  if (a.onExitCodes !== undefined && b.onExitCodes !== undefined) {
    const [x, y] = [a.onExitCodes, b.onExitCodes];
    const sameScope =
      x.containerName === undefined || y.containerName === undefined || x.containerName === y.containerName;
    if (!sameScope) return undefined;
    if (x.operator === 'In' && y.operator === 'In') {
      const shared = x.values.filter((v) => y.values.includes(v));
      return shared.length > 0 ? `exit code ${Math.min(...shared)}` : undefined;
    }
    if (x.operator === 'NotIn' && y.operator === 'NotIn') return 'every exit code neither excludes';
    const [inRule, notIn] = x.operator === 'In' ? [x, y] : [y, x];
    const shared = inRule.values.filter((v) => !notIn.values.includes(v));
    return shared.length > 0 ? `exit code ${Math.min(...shared)}` : undefined;
  }
  const conditions = (r: Rule) => (r.onPodConditions ?? []).map((c) => `${c.type}=${c.status ?? 'True'}`);
  const shared = conditions(a).filter((c) => conditions(b).includes(c));
  return shared.length > 0 ? `pod condition ${shared[0]}` : undefined;
}

/**
 * Each rule that matches a failure an earlier rule also matches is Invalid: rules are evaluated in
 * order, so the later one would silently never decide for it.
 */
export function validateFailurePolicyRules(
  policy: FailurePolicyInput | undefined,
  path: FieldPath,
): FieldError[] {
  const rules = policy?.rules ?? [];
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    for (let j = 0; j < i; j++) {
      const shared = overlap(rules[j] as Rule, rule);
      if (shared === undefined) continue;
      errors.push(
        invalid(
          path.child('rules').index(i),
          rule.action,
          `conflicts with ${String(path.child('rules').index(j))}: both match ${shared}, and only the first matching rule is used`,
        ),
      );
      break;
    }
  });
  return errors;
}

/** The parts of a runtime JobSet template read here. */
export interface FailurePolicyTemplate {
  failurePolicy?: unknown;
  replicatedJobs?: { template?: { spec?: { podFailurePolicy?: unknown } } }[];
}

/**
 * With a failure policy set, the template may carry neither the JobSet `failurePolicy` nor a Job
 * `podFailurePolicy`: the failure policy renders both.
 */
export function validateFailurePolicyTemplate(
  policySet: boolean,
  template: FailurePolicyTemplate | undefined,
  templatePath: FieldPath,
): FieldError[] {
  if (!policySet || template === undefined) return [];
  const errors: FieldError[] = [];
  const message = 'must not be set together with spec.runPolicy.failurePolicy, which renders it';
  if (template.failurePolicy !== undefined)
    errors.push(forbidden(templatePath.child('failurePolicy'), message));
  (template.replicatedJobs ?? []).forEach((rJob, i) => {
    if (rJob.template?.spec?.podFailurePolicy === undefined) return;
    errors.push(
      forbidden(
        templatePath.child('replicatedJobs').index(i).child('template', 'spec', 'podFailurePolicy'),
        message,
      ),
    );
  });
  return errors;
}

/** The runtime's failure policy path. */
export const RUNTIME_FAILURE_POLICY_PATH = fieldPath('spec', 'runPolicy', 'failurePolicy');
