// SPDX-License-Identifier: Apache-2.0
// Volcano (upstream `plugins/volcano/volcano.go`): a Volcano PodGroup named after the TrainJob and
// the `scheduling.k8s.io/group-name` annotation on its pods. Its validation rules live in
// `../../validation/volcano.ts`.

import { Annotations, ForeignKinds, PluginNames } from '@kubetrain/api/core';
import type { ComponentBuilderPlugin, EnforcePodGroupPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { KubeObject, TrainJob } from '../../types.js';
import { defaultedField } from '../../core/runtime-defaults.js';
import { computeGang, buildPodGroup } from '../common/gang.js';
import { markGangPods } from '../common/pod-metadata.js';
import { validateVolcano } from './validate.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import { KindRefs, owns, reads } from '../../framework/kinds.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.Volcano;

/**
 * The `priorityClassName` of the PodGroup: the last replicatedJob pod template that sets one
 * (upstream overwrites in template order; Kueue, by contrast, takes the first).
 */
export function podGroupPriorityClassName(info: RuntimeInfo): string | undefined {
  let found: string | undefined;
  for (const rJob of info.templateSpec.spec.replicatedJobs ?? []) {
    const pc = rJob.template?.spec?.template?.spec?.priorityClassName;
    if (pc !== undefined) found = pc;
  }
  return found;
}

/**
 * Gang scheduling with Volcano, active when the runtime sets `spec.podGroupPolicy.volcano`.
 *
 * Reads: `podGroupPolicy.volcano.networkTopology`, the JobSet annotation
 * `scheduling.volcano.sh/queue-name` (runtime template metadata overlaid by runtimePatches), the
 * pod templates' `priorityClassName`, the final pod-set counts and requests, `dependsOn`. Writes:
 * the pod annotation `scheduling.k8s.io/group-name: <trainjob>`. Renders: `PodGroup`
 * (`scheduling.volcano.sh/v1beta1`) `<trainjob>` with `minMember`, `minResources`, and `queue`,
 * `priorityClassName`, `networkTopology {mode, highestTierAllowed}` when configured, owned by the
 * TrainJob.
 *
 * Departure from upstream (design decision 7): the gang counts only pods that exist at the same
 * time; steps held back by `dependsOn` are neither counted nor annotated (see `computeGang`).
 * Runtimes without `dependsOn` render byte-identically to upstream. Like upstream, the template's
 * `schedulerName: volcano` is left to the runtime.
 */
export class Volcano implements EnforcePodGroupPolicyPlugin, ComponentBuilderPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Owns the Volcano PodGroup (not re-applied while the TrainJob runs); watches LimitRanges and RuntimeClasses; reads PriorityClasses at admission. */
  readonly kinds = [
    owns(KindRefs.VolcanoPodGroup, 'whileAbsentOrSuspended'),
    reads(KindRefs.LimitRange, true),
    reads(KindRefs.RuntimeClass, true),
    reads(KindRefs.PriorityClass, false),
  ];

  /** Annotates the gang's pods with the PodGroup name. */
  enforcePodGroupPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.podGroupPolicy?.volcano === undefined) return;
    markGangPods(info, computeGang(info), {
      annotations: { [Annotations.VolcanoGroupName]: trainJob.metadata.name ?? '' },
    });
  }

  /** Returns the PodGroup, or nothing when the runtime has no Volcano policy. */
  build(info: RuntimeInfo, trainJob: TrainJob): KubeObject[] {
    const policy = info.runtimePolicy.podGroupPolicy?.volcano;
    if (policy === undefined) return [];
    const gang = computeGang(info);
    const spec: Record<string, unknown> = { minMember: gang.minMember, minResources: gang.minResources };
    const queue = info.annotations[Annotations.VolcanoQueueName];
    if (queue !== undefined) spec['queue'] = queue;
    const priorityClassName = podGroupPriorityClassName(info);
    if (priorityClassName !== undefined) spec['priorityClassName'] = priorityClassName;
    const topology = policy.networkTopology;
    if (topology !== undefined) {
      spec['networkTopology'] = {
        mode: defaultedField(topology.mode, 'spec.podGroupPolicy.volcano.networkTopology.mode'),
        highestTierAllowed: defaultedField(
          topology.highestTierAllowed,
          'spec.podGroupPolicy.volcano.networkTopology.highestTierAllowed',
        ),
      };
    }
    const podGroup = buildPodGroup(trainJob, ForeignKinds.VolcanoPodGroup, spec);
    return [podGroup];
  }

  /** The Volcano rules: queue annotation not empty; the PriorityClass exists (when the cluster reader can tell). Returns data, never throws. */
  readonly validate = validateWithRules({ errors: [validateVolcano] });
}

/** Creates the Volcano plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): Volcano {
  return new Volcano();
}
