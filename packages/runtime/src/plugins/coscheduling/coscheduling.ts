// SPDX-License-Identifier: Apache-2.0
// CoScheduling (upstream `plugins/coscheduling/coscheduling.go`): a scheduler-plugins PodGroup
// named after the TrainJob, and the `scheduling.x-k8s.io/pod-group` label on its pods.

import { ForeignKinds, Labels, PluginNames } from '@kubetrain/api/core';
import type { ComponentBuilderPlugin, EnforcePodGroupPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { KubeObject, TrainJob } from '../../types.js';
import { defaultedField } from '../../core/runtime-defaults.js';
import { computeGang, buildPodGroup } from '../common/gang.js';
import { markGangPods } from '../common/pod-metadata.js';
import { KindRefs, owns, reads } from '../../framework/kinds.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.CoScheduling;

/**
 * Gang scheduling with the scheduler-plugins Coscheduling plugin, active when the runtime sets
 * `spec.podGroupPolicy.coscheduling`.
 *
 * Reads: `podGroupPolicy.coscheduling.scheduleTimeoutSeconds`, the final pod-set counts and
 * requests, the replicatedJobs' `dependsOn`. Writes: the pod label
 * `scheduling.x-k8s.io/pod-group: <trainjob>`. Renders: `PodGroup` (`scheduling.x-k8s.io/v1alpha1`)
 * `<trainjob>` with `minMember`, `minResources`, `scheduleTimeoutSeconds`, owned by the TrainJob.
 *
 * Departure from upstream (design decision 7): the gang counts only pods that exist at the same
 * time. Upstream sums every pod set, so a runtime whose trainer waits on initializers
 * (`dependsOn: Complete`) or whose launcher waits on its workers (`dependsOn: Ready`) never
 * reaches `minMember`. Here `minMember`/`minResources` cover the trainer's phase without the
 * held-back steps, and only those pods get the label (see `computeGang`). Runtimes without
 * `dependsOn` render byte-identically to upstream. Like upstream, the template's `schedulerName`
 * is left to the runtime.
 */
export class CoScheduling implements EnforcePodGroupPolicyPlugin, ComponentBuilderPlugin {
  readonly name = name;

  /** Owns the scheduler-plugins PodGroup (not re-applied while the TrainJob runs); watches LimitRanges and RuntimeClasses (they re-queue suspended TrainJobs). */
  readonly kinds = [
    owns(KindRefs.SchedulerPluginsPodGroup, 'whileAbsentOrSuspended'),
    reads(KindRefs.LimitRange, true),
    reads(KindRefs.RuntimeClass, true),
  ];

  /** Labels the gang's pods with the PodGroup name. */
  enforcePodGroupPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.podGroupPolicy?.coscheduling === undefined) return;
    markGangPods(info, computeGang(info), {
      labels: { [Labels.CoschedulingPodGroup]: trainJob.metadata.name ?? '' },
    });
  }

  /** Returns the PodGroup, or nothing when the runtime has no coscheduling policy. */
  build(info: RuntimeInfo, trainJob: TrainJob): KubeObject[] {
    const policy = info.runtimePolicy.podGroupPolicy?.coscheduling;
    if (policy === undefined) return [];
    const gang = computeGang(info);
    const podGroup = buildPodGroup(trainJob, ForeignKinds.SchedulerPluginsPodGroup, {
      minMember: gang.minMember,
      minResources: gang.minResources,
      scheduleTimeoutSeconds: defaultedField(
        policy.scheduleTimeoutSeconds,
        'spec.podGroupPolicy.coscheduling.scheduleTimeoutSeconds',
      ),
    });
    return [podGroup];
  }
}

/** Creates the CoScheduling plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): CoScheduling {
  return new CoScheduling();
}
