// SPDX-License-Identifier: Apache-2.0
// KAI Scheduler. Upstream Trainer has no KAI plugin: its docs ask for `schedulerName:
// kai-scheduler` in the runtime and a `kai.scheduler/queue` label on the TrainJob, and KAI's
// podgrouper (v0.13+) skips the TrainJob and groups the JobSet itself. This plugin makes that
// hand-off explicit and safe for runtimes with `dependsOn`.

import { Annotations, KAI_TOPOLOGY_ANNOTATIONS, Labels, SchedulerNames } from '@kubetrain/api/core';
import type { EnforcePodGroupPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { ensurePodSpec } from '../../util/replicated-job.js';
import { computeGang } from '../common/gang.js';
import { validateKAIHints } from './validate.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** The plugin's name. */
export const name = 'KAI';

/**
 * True when the TrainJob is meant for KAI: the TrainJob or the JobSet metadata (runtime template,
 * runtimePatches) carries `kai.scheduler/queue`, or a pod template already names
 * `schedulerName: kai-scheduler`. A runtime with a coscheduling or Volcano podGroupPolicy has
 * chosen another gang scheduler, and KAI stays off (validation warns about the conflict).
 */
export function isKAIEnabled(info: RuntimeInfo, trainJob: TrainJob): boolean {
  const policy = info.runtimePolicy.podGroupPolicy;
  if (policy?.coscheduling !== undefined || policy?.volcano !== undefined) return false;
  if (trainJob.metadata.labels?.[Labels.KAIQueue] !== undefined) return true;
  if (info.labels[Labels.KAIQueue] !== undefined) return true;
  return (info.templateSpec.spec.replicatedJobs ?? []).some(
    (rJob) => rJob.template?.spec?.template?.spec?.schedulerName === SchedulerNames.KAI,
  );
}

/**
 * Hands the TrainJob to KAI Scheduler, active per {@link isKAIEnabled}.
 *
 * Reads: the TrainJob's `kai.scheduler/queue` label and its `kai.scheduler/batch-min-member`,
 * `kai.scheduler/topology`, `kai.scheduler/topology-required-placement`,
 * `kai.scheduler/topology-preferred-placement` annotations; the JobSet labels/annotations from
 * the runtime and runtimePatches; the pod templates' `schedulerName`; `dependsOn`. Writes:
 * `schedulerName: kai-scheduler` on every pod template that names no scheduler; on the JobSet
 * (which KAI's podgrouper groups into one PodGroup with a subgroup per replicatedJob) the queue
 * label and topology annotations copied from the TrainJob when the runtime has not set them, and
 * the gang size `kai.scheduler/batch-min-member`. Renders: nothing (KAI creates its PodGroup).
 *
 * Gang size, a departure from KAI's default: KAI requires every replicatedJob subgroup by default
 * (`minSubGroup` = number of replicatedJobs) and ignores `dependsOn`, so a runtime whose trainer
 * waits on initializers never starts. The plugin sets `kai.scheduler/batch-min-member` to the
 * number of replicatedJobs in the gang — the steps that exist at the same time, see `computeGang`
 * — unless the runtime, a runtimePatch or the TrainJob sets it. Each subgroup's own `minMember`
 * stays its `parallelism` (the pod count), so every step is still gang-scheduled on its own.
 */
export class KAIScheduler implements EnforcePodGroupPolicyPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Sets the scheduler name and the JobSet's queue, gang size and topology keys. */
  enforcePodGroupPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (!isKAIEnabled(info, trainJob)) return;
    for (const rJob of info.templateSpec.spec.replicatedJobs ?? []) {
      ensurePodSpec(rJob).schedulerName ??= SchedulerNames.KAI;
    }
    const jobLabels = trainJob.metadata.labels ?? {};
    const jobAnnotations = trainJob.metadata.annotations ?? {};
    const queue = jobLabels[Labels.KAIQueue];
    if (queue !== undefined && info.labels[Labels.KAIQueue] === undefined)
      info.labels[Labels.KAIQueue] = queue;
    for (const key of [Annotations.KAIBatchMinMember, ...KAI_TOPOLOGY_ANNOTATIONS]) {
      const value = jobAnnotations[key];
      if (value !== undefined && info.annotations[key] === undefined) info.annotations[key] = value;
    }
    if (info.annotations[Annotations.KAIBatchMinMember] === undefined) {
      info.annotations[Annotations.KAIBatchMinMember] = String(computeGang(info).members.length);
    }
  }

  /** kubetrain's warning: a KAI queue label on a coscheduling or Volcano runtime has no effect. Returns data, never throws. */
  readonly validate = validateWithRules({ warnings: [validateKAIHints] });
}

/** Creates the KAI plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): KAIScheduler {
  return new KAIScheduler();
}
