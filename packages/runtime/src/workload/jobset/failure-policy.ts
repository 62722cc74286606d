// SPDX-License-Identifier: Apache-2.0
// The TrainJob failure policy (KEP-4162) on the JobSet backend. Each rule becomes a podFailurePolicy
// rule with action FailJob on every replicated job (so the matching pod fails its Job at once, and
// the Job's failure message names the rule index), and a JobSet failurePolicy rule that matches
// that message and takes the JobSet action. A pod disrupted by eviction, preemption or a lost node
// (`DisruptionTarget`) restarts the job without counting, unless a runtime rule matches it first.
// See docs/failure-policy.md.

import {
  DISRUPTION_TARGET_CONDITION,
  FailurePolicyActions,
  POD_FAILURE_POLICY_REASON,
  type FailurePolicyAction as Action,
} from '@kubetrain/api/core';

/** The policy as the runtime's `spec.runPolicy.failurePolicy` holds it. */
export interface FailurePolicyInput {
  maxRestarts?: number;
  rules?: readonly {
    action: Action;
    onExitCodes?: { containerName?: string; operator: 'In' | 'NotIn'; values: readonly number[] };
    onPodConditions?: readonly { type: string; status?: 'True' | 'False' | 'Unknown' }[];
  }[];
}

/** A Job podFailurePolicy rule (batch/v1). */
export interface PodFailurePolicyRule {
  action: 'FailJob';
  onExitCodes?: { containerName?: string; operator: 'In' | 'NotIn'; values: number[] };
  onPodConditions?: { type: string; status: string }[];
}

/** A JobSet failurePolicy rule (jobset.x-k8s.io/v1alpha2). */
export interface JobSetFailurePolicyRule {
  name: string;
  action: 'FailJobSet' | 'RestartJobSet' | 'RestartJobSetAndIgnoreMaxRestarts';
  onJobFailureReasons: string[];
  onJobFailureMessagePatterns: string[];
}

/** What the JobSet gets: its failurePolicy and every replicated Job's podFailurePolicy. */
export interface JobSetFailureMapping {
  failurePolicy: { maxRestarts: number; rules: JobSetFailurePolicyRule[] };
  podFailurePolicy: { rules: PodFailurePolicyRule[] };
}

const JOBSET_ACTION: Record<Action, JobSetFailurePolicyRule['action']> = {
  FailTrainJob: 'FailJobSet',
  RestartTrainJob: 'RestartJobSet',
  RestartTrainJobAndIgnoreMaxRestarts: 'RestartJobSetAndIgnoreMaxRestarts',
};

/** The JobSet rule name of rule `index`; the restart reason in status names the same rule. */
export function jobSetRuleName(index: number): string {
  return `trainJobFailurePolicyRule${index}`;
}

/** The message the Job controller writes for a FailJob rule at `index`, anchored at its end. */
function messagePattern(index: number): string {
  return `matching FailJob rule at index ${index}$`;
}

function disruptionCovered(rules: FailurePolicyInput['rules']): boolean {
  return (rules ?? []).some((r) =>
    (r.onPodConditions ?? []).some((c) => c.type === DISRUPTION_TARGET_CONDITION),
  );
}

/**
 * The JobSet rendering of `policy` with the TrainJob's `maxRestarts` override, or undefined when
 * neither is set (the JobSet then renders exactly as before).
 */
export function mapFailurePolicy(
  policy: FailurePolicyInput | undefined,
  trainJobMaxRestarts: number | undefined,
): JobSetFailureMapping | undefined {
  if (policy === undefined && trainJobMaxRestarts === undefined) return undefined;
  const rules = [...(policy?.rules ?? [])];
  if (!disruptionCovered(rules)) {
    rules.push({
      action: FailurePolicyActions.RestartTrainJobAndIgnoreMaxRestarts,
      onPodConditions: [{ type: DISRUPTION_TARGET_CONDITION }],
    });
  }
  const podRules: PodFailurePolicyRule[] = [];
  const jobSetRules: JobSetFailurePolicyRule[] = [];
  rules.forEach((rule, index) => {
    const podRule: PodFailurePolicyRule = { action: 'FailJob' };
    if (rule.onExitCodes !== undefined) {
      const { containerName, operator, values } = rule.onExitCodes;
      podRule.onExitCodes = {
        ...(containerName !== undefined ? { containerName } : {}),
        operator,
        values: [...values].sort((a, b) => a - b),
      };
    }
    if (rule.onPodConditions !== undefined) {
      podRule.onPodConditions = rule.onPodConditions.map((c) => ({
        type: c.type,
        status: c.status ?? 'True',
      }));
    }
    podRules.push(podRule);
    jobSetRules.push({
      name: jobSetRuleName(index),
      action: JOBSET_ACTION[rule.action],
      onJobFailureReasons: [POD_FAILURE_POLICY_REASON],
      onJobFailureMessagePatterns: [messagePattern(index)],
    });
  });
  return {
    failurePolicy: { maxRestarts: trainJobMaxRestarts ?? policy?.maxRestarts ?? 0, rules: jobSetRules },
    podFailurePolicy: { rules: podRules },
  };
}

/** The parts of a JobSet spec {@link applyFailureMapping} writes. */
export interface FailureMappingTarget {
  failurePolicy?: unknown;
  replicatedJobs?: {
    template?: { spec?: { podFailurePolicy?: unknown; template?: { spec?: { restartPolicy?: string } } } };
  }[];
}

/**
 * Writes `mapping` into a JobSet spec: its failurePolicy, and on every replicated Job the
 * podFailurePolicy with `restartPolicy: Never` (Kubernetes accepts a podFailurePolicy only then).
 */
export function applyFailureMapping(spec: FailureMappingTarget, mapping: JobSetFailureMapping): void {
  spec.failurePolicy = structuredClone(mapping.failurePolicy);
  for (const rJob of spec.replicatedJobs ?? []) {
    const template = (rJob.template ??= {});
    const jobSpec = (template.spec ??= {});
    jobSpec.podFailurePolicy = structuredClone(mapping.podFailurePolicy);
    const podTemplate = (jobSpec.template ??= {});
    (podTemplate.spec ??= {}).restartPolicy = 'Never';
  }
}

/**
 * Renders the failure policy into a JobSet spec. Without a runtime policy, a template that carries
 * its own JobSet failurePolicy keeps it, with only `maxRestarts` replaced by the TrainJob's; with
 * neither, the spec is left exactly as it was.
 */
export function renderFailurePolicy(
  spec: FailureMappingTarget,
  runtimePolicy: FailurePolicyInput | undefined,
  trainJobMaxRestarts: number | undefined,
): void {
  const own = spec.failurePolicy as { maxRestarts?: number } | undefined;
  if (runtimePolicy === undefined && own !== undefined) {
    if (trainJobMaxRestarts !== undefined) own.maxRestarts = trainJobMaxRestarts;
    return;
  }
  const mapping = mapFailurePolicy(runtimePolicy, trainJobMaxRestarts);
  if (mapping !== undefined) applyFailureMapping(spec, mapping);
}
