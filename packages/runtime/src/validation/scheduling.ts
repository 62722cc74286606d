// SPDX-License-Identifier: Apache-2.0
// Beyond upstream: warnings (never errors, so no upstream object becomes invalid) where the
// scheduling plugins would silently drop or ignore what a TrainJob or runtime asks for.

import { KAI, KUEUE_JOB_LABELS } from '../plugins/scheduling/constants.js';
import type { TrainJobRuleInput } from './input.js';

/**
 * - A Kueue queue or priority label (`kueue.x-k8s.io/queue-name`, `kueue.x-k8s.io/priority-class`)
 *   in the JobSet labels of the runtime template or a runtimePatch: the Kueue plugin drops it, since
 *   Kueue reads both from the TrainJob's own labels.
 * - A `kai.scheduler/queue` label on a TrainJob whose runtime sets a coscheduling or Volcano
 *   podGroupPolicy: the KAI plugin stays off, so the label has no effect.
 */
export function validateSchedulingHints(input: TrainJobRuleInput): string[] {
  const warnings: string[] = [];
  const runtimeName = input.runtime.metadata.name ?? input.newJob.spec.runtimeRef.name;
  const jobSetLabels: Record<string, string> = { ...input.runtime.spec.template.metadata?.labels };
  for (const patch of input.newJob.spec.runtimePatches ?? []) {
    Object.assign(jobSetLabels, patch.trainingRuntimeSpec?.template?.metadata?.labels);
  }
  for (const key of KUEUE_JOB_LABELS) {
    if (jobSetLabels[key] === undefined) continue;
    warnings.push(
      `label ${key} in the JobSet labels of runtime "${runtimeName}" or a runtimePatch is not applied: ` +
        "Kueue reads it from the TrainJob's metadata.labels, and a JobSet owned by a TrainJob never carries it",
    );
  }
  const policy = input.runtime.spec.podGroupPolicy;
  if (
    input.newJob.metadata.labels?.[KAI.QueueLabel] !== undefined &&
    (policy?.coscheduling !== undefined || policy?.volcano !== undefined)
  ) {
    warnings.push(
      `label ${KAI.QueueLabel} has no effect: runtime "${runtimeName}" gang-schedules with ` +
        `${policy.coscheduling !== undefined ? 'coscheduling' : 'Volcano'} (spec.podGroupPolicy)`,
    );
  }
  return warnings;
}
