// SPDX-License-Identifier: Apache-2.0
// The TrainingRuntime and ClusterTrainingRuntime webhooks (upstream
// `pkg/webhooks/{trainingruntime,clustertrainingruntime}_webhook.go`).

import {
  AncestorSteps,
  ContainerNames,
  deprecatedRuntimeWarning,
  fieldPath,
  invalid,
  Kinds,
  Labels,
  LabelValues,
  requiredContainerMessage,
  ValidationMessages,
  type FieldError,
  type ValidationResult,
} from '@kubetrain/api/core';
import type { TrainingRuntime } from '../types.js';
import { ancestorOf } from '../util/replicated-job.js';
import {
  RUNTIME_FAILURE_POLICY_PATH,
  validateFailurePolicyRules,
  validateFailurePolicyTemplate,
} from './failure-policy-rules.js';

/** The container each ancestor step must have. */
const REQUIRED_CONTAINER: Readonly<Record<string, string>> = {
  [AncestorSteps.Trainer]: ContainerNames.Node,
  [AncestorSteps.DatasetInitializer]: ContainerNames.DatasetInitializer,
  [AncestorSteps.ModelInitializer]: ContainerNames.ModelInitializer,
};

/**
 * `validateReplicatedJobs`: every replicatedJob labelled with a known ancestor step (`trainer`,
 * `dataset-initializer`, `model-initializer`) must have `replicas` 1
 * (`spec.template.spec.replicatedJobs[i].replicas` Invalid, `always must be 1`) and the step's
 * container (`node`, `dataset-initializer`, `model-initializer`;
 * `spec.template.spec.replicatedJobs[i].template.spec.template.spec.containers` Invalid with the
 * containers, `must contain the required container for the ancestor: <ancestor>`). Other jobs are
 * not checked. An unset `replicas` is the CRD default 1.
 */
export function validateReplicatedJobs(runtime: TrainingRuntime): FieldError[] {
  const errors: FieldError[] = [];
  const jobsPath = fieldPath('spec', 'template', 'spec', 'replicatedJobs');
  (runtime.spec.template.spec.replicatedJobs ?? []).forEach((rJob, i) => {
    const ancestor = ancestorOf(rJob);
    if (ancestor === undefined) return;
    const container = REQUIRED_CONTAINER[ancestor];
    if (container === undefined) return;
    const replicas = rJob.replicas ?? 1;
    if (replicas !== 1) {
      errors.push(
        invalid(jobsPath.index(i).child('replicas'), replicas, ValidationMessages.ReplicasMustBeOne),
      );
    }
    const containers = rJob.template?.spec?.template?.spec?.containers ?? [];
    if (!containers.some((c) => c.name === container)) {
      errors.push(
        invalid(
          jobsPath.index(i).child('template', 'spec', 'template', 'spec', 'containers'),
          containers,
          requiredContainerMessage(ancestor),
        ),
      );
    }
  });
  return errors;
}

/**
 * Beyond upstream, a warning only: a podGroupPolicy with both `coscheduling` and `volcano` (the
 * API allows one; nothing enforces it) makes each pod wait for two PodGroups (kubeflow/trainer#4060).
 */
function podGroupPolicyWarnings(runtime: TrainingRuntime): string[] {
  const policy = runtime.spec.podGroupPolicy;
  if (policy?.coscheduling === undefined || policy.volcano === undefined) return [];
  return [
    'spec.podGroupPolicy: coscheduling and volcano are both set; set only one, or every pod waits for two PodGroups',
  ];
}

/**
 * Beyond upstream (KEP-4162, docs/failure-policy.md): rules that match a failure an earlier rule
 * matches are Invalid, and with a failure policy the JobSet template may carry neither its own
 * failurePolicy nor a Job podFailurePolicy (Forbidden).
 */
function failurePolicyErrors(runtime: TrainingRuntime): FieldError[] {
  const policy = runtime.spec.runPolicy?.failurePolicy;
  if (policy === undefined) return [];
  return [
    ...validateFailurePolicyRules(policy, RUNTIME_FAILURE_POLICY_PATH),
    ...validateFailurePolicyTemplate(true, runtime.spec.template.spec, fieldPath('spec', 'template', 'spec')),
  ];
}

/**
 * Validates a TrainingRuntime or ClusterTrainingRuntime create (`oldRuntime` undefined) or update,
 * as upstream's webhooks: a runtime labelled `trainer.kubeflow.org/webhook-validation: disabled`
 * is not validated (the webhooks' objectSelector skips it); a TrainingRuntime is checked on create
 * only; a ClusterTrainingRuntime on create and update, with the deprecation warning on create
 * when labelled `trainer.kubeflow.org/support: deprecated`. The kind is the object's `kind`.
 */
export function validateTrainingRuntime(
  oldRuntime: TrainingRuntime | undefined,
  newRuntime: TrainingRuntime,
): ValidationResult {
  const labels = newRuntime.metadata.labels ?? {};
  if (labels[Labels.WebhookValidation] === LabelValues.WebhookValidationDisabled)
    return { warnings: [], errors: [] };
  const isCluster = newRuntime.kind === Kinds.ClusterTrainingRuntime;
  if (!isCluster && oldRuntime !== undefined) return { warnings: [], errors: [] };
  const warnings: string[] = [];
  if (isCluster && oldRuntime === undefined && labels[Labels.Support] === LabelValues.SupportDeprecated) {
    warnings.push(deprecatedRuntimeWarning(newRuntime.metadata.name ?? ''));
  }
  warnings.push(...podGroupPolicyWarnings(newRuntime));
  return { warnings, errors: [...validateReplicatedJobs(newRuntime), ...failurePolicyErrors(newRuntime)] };
}
