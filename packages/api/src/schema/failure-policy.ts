// SPDX-License-Identifier: Apache-2.0
// The failure policy with a restart budget (KEP-4162, not in upstream's API yet): the runtime's
// `spec.runPolicy.failurePolicy`, the TrainJob's `spec.failurePolicy` and the status counters.
// Every field is optional; decisions where the KEP is open are in docs/failure-policy.md.
import { Type, type Static } from '@sinclair/typebox';
import {
  FailurePolicyActions,
  MAX_EXIT_CODE_VALUES,
  MAX_FAILURE_POLICY_RULES,
  RESTART_HISTORY_LIMIT,
} from '../constants/failure-policy.js';
import { Atomic, Bool, Enum, Int32, ListSet, Obj, Str, Time } from './k8s-schema.js';

const maxRestarts = (description: string) => Type.Optional(Int32({ minimum: 0, description }));

/** A rule's exit-code requirement (the shape of a Job podFailurePolicy `onExitCodes`). */
export const FailurePolicyOnExitCodesSchema = Obj(
  {
    containerName: Type.Optional(
      Str({
        maxLength: 63,
        description: 'containerName restricts the rule to one container; any by default.',
      }),
    ),
    operator: Enum(['In', 'NotIn'] as const, {
      description: 'operator: In matches the listed codes, NotIn every other non-zero code.',
    }),
    values: ListSet(Int32({ minimum: 0, maximum: 255 }), {
      minItems: 1,
      maxItems: MAX_EXIT_CODE_VALUES,
      description: 'values are the exit codes the operator is applied to.',
    }),
  },
  {
    rules: [
      {
        rule: "self.operator != 'In' || self.values.all(v, v != 0)",
        message: 'must not be 0 for the In operator',
      },
    ],
    description: 'onExitCodes matches a container that terminated with one of these exit codes.',
  },
);

/** A rule's pod-condition requirement. */
export const FailurePolicyOnPodConditionSchema = Obj(
  {
    type: Str({
      minLength: 1,
      maxLength: 316,
      description: 'type of the pod condition, e.g. DisruptionTarget.',
    }),
    status: Type.Optional(
      Enum(['True', 'False', 'Unknown'] as const, {
        description: 'status of the condition; True by default.',
      }),
    ),
  },
  { description: 'a pod condition the rule matches.' },
);

/** One rule: the first rule matching a failed pod decides the action. */
export const FailurePolicyRuleSchema = Obj(
  {
    action: Enum(
      [
        FailurePolicyActions.FailTrainJob,
        FailurePolicyActions.RestartTrainJob,
        FailurePolicyActions.RestartTrainJobAndIgnoreMaxRestarts,
      ] as const,
      { description: 'action taken when the rule matches.' },
    ),
    onExitCodes: Type.Optional(FailurePolicyOnExitCodesSchema),
    onPodConditions: Type.Optional(
      Atomic(FailurePolicyOnPodConditionSchema, {
        minItems: 1,
        maxItems: 20,
        description: 'onPodConditions matches a failed pod with any of these conditions.',
      }),
    ),
  },
  {
    rules: [
      {
        rule: 'has(self.onExitCodes) != has(self.onPodConditions)',
        message: 'specifying one of OnExitCodes and OnPodConditions is required',
      },
    ],
    description: 'a failure policy rule.',
  },
);

/** The runtime's failure policy: a budget and rules. */
export const RuntimeFailurePolicySchema = Obj(
  {
    maxRestarts: maxRestarts(
      'maxRestarts is how many counted restarts the job may take before it fails; 0 by default.',
    ),
    rules: Type.Optional(
      Atomic(FailurePolicyRuleSchema, {
        maxItems: MAX_FAILURE_POLICY_RULES,
        description: 'rules are evaluated in order; the first match decides.',
      }),
    ),
  },
  { description: 'failurePolicy restarts or fails the TrainJob when a pod fails.' },
);

/** The TrainJob's own failure policy: a budget that overrides the runtime's. */
export const TrainJobFailurePolicySchema = Obj(
  {
    maxRestarts: maxRestarts("maxRestarts overrides the runtime's restart budget."),
  },
  { description: "failurePolicy overrides the runtime's failure policy for this TrainJob." },
);

/** One restart as the status records it. */
export const TrainJobRestartRecordSchema = Obj({
  time: Type.Optional(Time({ description: 'when the restart was decided.' })),
  reason: Type.Optional(Str({ maxLength: 316, description: 'reason: the action that restarted the job.' })),
  message: Type.Optional(
    Str({ maxLength: 32768, description: 'message: the pod, container and exit code or condition.' }),
  ),
  countsTowardsMax: Type.Optional(Bool({ description: 'whether it counted against maxRestarts.' })),
});

/** The status fields added by the failure policy. */
export const FailurePolicyStatusFields = {
  restarts: Type.Optional(
    Int32({ minimum: 0, description: 'restarts is how many times the job restarted.' }),
  ),
  restartsCountTowardsMax: Type.Optional(
    Int32({
      minimum: 0,
      description: 'restartsCountTowardsMax is how many of them counted against maxRestarts.',
    }),
  ),
  restartHistory: Type.Optional(
    Atomic(TrainJobRestartRecordSchema, {
      maxItems: RESTART_HISTORY_LIMIT,
      description: 'restartHistory is the last restarts, newest last.',
    }),
  ),
};

export type RuntimeFailurePolicy = Static<typeof RuntimeFailurePolicySchema>;
export type FailurePolicyRule = Static<typeof FailurePolicyRuleSchema>;
export type TrainJobFailurePolicy = Static<typeof TrainJobFailurePolicySchema>;
export type TrainJobRestartRecord = Static<typeof TrainJobRestartRecordSchema>;
