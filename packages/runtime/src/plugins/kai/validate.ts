// SPDX-License-Identifier: Apache-2.0
// Beyond upstream: a warning (never an error) where the KAI plugin stays off although the TrainJob
// asks for a KAI queue.

import { Labels } from '@kubetrain/api/core';
import type { TrainJobRuleInput } from '../../validation/input.js';

/**
 * A `kai.scheduler/queue` label on a TrainJob whose runtime sets a coscheduling or Volcano
 * podGroupPolicy: the KAI plugin stays off, so the label has no effect.
 */
export function validateKAIHints(input: TrainJobRuleInput): string[] {
  const policy = input.runtime.spec.podGroupPolicy;
  if (
    input.newJob.metadata.labels?.[Labels.KAIQueue] === undefined ||
    (policy?.coscheduling === undefined && policy?.volcano === undefined)
  ) {
    return [];
  }
  const runtimeName = input.runtime.metadata.name ?? input.newJob.spec.runtimeRef.name;
  return [
    `label ${Labels.KAIQueue} has no effect: runtime "${runtimeName}" gang-schedules with ` +
      `${policy.coscheduling !== undefined ? 'coscheduling' : 'Volcano'} (spec.podGroupPolicy)`,
  ];
}
