// SPDX-License-Identifier: Apache-2.0
// The names Training Operator v1.9 puts on what it creates: labels, condition types, reason suffixes,
// restart policies and clean-pod policies. Byte-identical to upstream (kubeflow/training-operator:
// pkg/apis/kubeflow.org/v1/common_types.go, pkg/util/status.go).

/** Labels on every v1 pod and Service (`training.kubeflow.org/*`). */
export const V1Labels = {
  OperatorName: 'training.kubeflow.org/operator-name',
  JobName: 'training.kubeflow.org/job-name',
  ReplicaType: 'training.kubeflow.org/replica-type',
  ReplicaIndex: 'training.kubeflow.org/replica-index',
  JobRole: 'training.kubeflow.org/job-role',
} as const;

/** The value of {@link V1Labels.JobRole} on master-role pods. */
export const JOB_ROLE_MASTER = 'master';

/** The condition types of a v1 job. */
export const V1ConditionTypes = {
  Created: 'Created',
  Running: 'Running',
  Restarting: 'Restarting',
  Succeeded: 'Succeeded',
  Suspended: 'Suspended',
  Failed: 'Failed',
} as const;

/** One of {@link V1ConditionTypes}. */
export type V1ConditionType = (typeof V1ConditionTypes)[keyof typeof V1ConditionTypes];

/** Reason suffixes: a condition's reason is `<Kind><suffix>`, e.g. `PyTorchJobRunning`. */
export const V1ReasonSuffixes = {
  Created: 'Created',
  Running: 'Running',
  Restarting: 'Restarting',
  Succeeded: 'Succeeded',
  Suspended: 'Suspended',
  Resumed: 'Resumed',
  Failed: 'Failed',
  FailedValidation: 'FailedValidation',
} as const;

// The restart policies are the API package's (with the kinds' Go defaulting facts).
export { V1RestartPolicies, type V1RestartPolicy } from '@kubetrain/api/core';

/** `runPolicy.cleanPodPolicy` values. */
export const V1CleanPodPolicies = { All: 'All', Running: 'Running', None: 'None' } as const;

/** `runPolicy.managedBy` values the v1 controllers reconcile (unset means the first). */
export const V1ManagedBy = {
  TrainingOperator: 'kubeflow.org/training-operator',
  MultiKueue: 'kueue.x-k8s.io/multikueue',
} as const;

/** The exit code upstream assumes when no terminated state is found (counts as retryable). */
export const UNKNOWN_EXIT_CODE = 0xbeef;

/** Whether `code` lets an `ExitCode` replica restart (upstream's `IsRetryableExitCode`: 128 and up). */
export function isRetryableExitCode(code: number): boolean {
  return code >= 128;
}
