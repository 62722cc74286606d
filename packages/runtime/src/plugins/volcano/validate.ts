// SPDX-License-Identifier: Apache-2.0
// Rules of upstream's Volcano plugin: a queue annotation must not be empty, and every pod
// template's PriorityClass must exist.

import {
  Annotations,
  fieldPath,
  invalid,
  priorityClassMissingMessage,
  ValidationMessages,
  type FieldError,
} from '@kubetrain/api/core';
import { replicatedJobsOf, type TrainJobRuleInput } from '../../validation/input.js';

/** PriorityClasses that always exist (upstream stops checking at the first of them). */
const SYSTEM_PRIORITY_CLASSES: ReadonlySet<string> = new Set([
  'system-cluster-critical',
  'system-node-critical',
]);

/**
 * With `podGroupPolicy.volcano`: a `scheduling.volcano.sh/queue-name` JobSet annotation (runtime
 * template metadata overlaid by runtimePatches) that is empty is
 * `field.Invalid(spec.annotations[scheduling.volcano.sh/queue-name], "", Volcano queue name must
 * not be empty)`. Each replicatedJob's `priorityClassName` must name an existing PriorityClass
 * (`field.Invalid(spec.templateSpec.priorityClassName, <name>, PriorityClass "<name>" doesn't
 * exist: <NotFound error>)`); as upstream, the first `system-cluster-critical` or
 * `system-node-critical` ends the check. Skipped when the cluster reader cannot tell
 * (`hasPriorityClass` absent).
 */
export function validateVolcano(input: TrainJobRuleInput): FieldError[] {
  if (input.info.runtimePolicy.podGroupPolicy?.volcano === undefined) return [];
  const errors: FieldError[] = [];
  const queue = input.info.annotations[Annotations.VolcanoQueueName];
  if (queue === '') {
    errors.push(
      invalid(
        fieldPath('spec', 'annotations').key(Annotations.VolcanoQueueName),
        queue,
        ValidationMessages.VolcanoQueueEmpty,
      ),
    );
  }
  const hasPriorityClass = input.cluster.hasPriorityClass;
  if (hasPriorityClass === undefined) return errors;
  for (const rJob of replicatedJobsOf(input.info)) {
    const name = rJob.template?.spec?.template?.spec?.priorityClassName;
    if (name === undefined) continue;
    if (SYSTEM_PRIORITY_CLASSES.has(name)) break;
    if (!hasPriorityClass(name)) {
      const notFound = `priorityclasses.scheduling.k8s.io "${name}" not found`;
      errors.push(
        invalid(
          fieldPath('spec', 'templateSpec', 'priorityClassName'),
          name,
          priorityClassMissingMessage(name, notFound),
        ),
      );
    }
  }
  return errors;
}
