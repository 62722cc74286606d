// SPDX-License-Identifier: Apache-2.0
// Beyond upstream: warnings (never errors, so no upstream object becomes invalid) where the Kueue
// plugin would silently drop or Kueue ignore what a TrainJob or runtime asks for.

import { KUEUE_PODSET_ANNOTATION_PREFIX } from '@kubetrain/api/core';
import { KUEUE_JOB_LABELS } from './job-labels.js';
import { replicatedJobsOf, type TrainJobRuleInput } from '../../validation/input.js';

/** Where Kueue's TAS annotations belong, for the warnings' text. */
const TAS_PLACE =
  "set it on each replicatedJob's pod template (the runtime's, or a runtimePatch's " +
  'replicatedJobs[].template.spec.template.metadata.annotations)';

function tasKeys(annotations: Readonly<Record<string, string>> | undefined): string[] {
  return Object.keys(annotations ?? {})
    .filter((k) => k.startsWith(KUEUE_PODSET_ANNOTATION_PREFIX))
    .sort();
}

/**
 * Kueue's Topology-Aware Scheduling annotations (`kueue.x-k8s.io/podset-*`) are read from the pod
 * templates only. One warning per key found on the TrainJob, on the JobSet metadata (runtime
 * template or a runtimePatch) or on a replicatedJob's Job template.
 */
function misplacedTASWarnings(input: TrainJobRuleInput): string[] {
  const warnings: string[] = [];
  for (const key of tasKeys(input.newJob.metadata.annotations)) {
    warnings.push(`annotation ${key} on the TrainJob is not read by Kueue: ${TAS_PLACE}`);
  }
  for (const key of tasKeys(input.info.annotations)) {
    warnings.push(`annotation ${key} in the JobSet annotations is not read by Kueue: ${TAS_PLACE}`);
  }
  for (const rJob of replicatedJobsOf(input.info)) {
    for (const key of tasKeys(rJob.template?.metadata?.annotations)) {
      warnings.push(
        `annotation ${key} on the Job template of replicatedJob ${rJob.name} is not read by Kueue: ${TAS_PLACE}`,
      );
    }
  }
  return warnings;
}

/**
 * - A Kueue queue or priority label (`kueue.x-k8s.io/queue-name`, `kueue.x-k8s.io/priority-class`)
 *   in the JobSet labels of the runtime template or a runtimePatch: the Kueue plugin drops it, since
 *   Kueue reads both from the TrainJob's own labels.
 * - A Kueue TAS annotation (`kueue.x-k8s.io/podset-*`) anywhere but a pod template, where Kueue
 *   does not read it.
 */
export function validateKueueHints(input: TrainJobRuleInput): string[] {
  const warnings: string[] = [];
  const runtimeName = input.runtime.metadata.name ?? input.newJob.spec.runtimeRef.name;
  for (const key of KUEUE_JOB_LABELS) {
    if (input.info.labels[key] === undefined) continue;
    warnings.push(
      `label ${key} in the JobSet labels of runtime "${runtimeName}" or a runtimePatch is not applied: ` +
        "Kueue reads it from the TrainJob's metadata.labels, and a JobSet owned by a TrainJob never carries it",
    );
  }
  warnings.push(...misplacedTASWarnings(input));
  return warnings;
}
