// SPDX-License-Identifier: Apache-2.0
// Kueue. Kueue's own TrainJob integration (`trainer.kubeflow.org/trainjob`, v0.17+) manages the
// TrainJob: it reads the queue and priority from the TrainJob's labels, computes PodSets by running
// upstream Trainer code on the TrainJob and its runtime, suspends and resumes through
// `spec.suspend`, and writes its admission (node selectors, tolerations, scheduling gates, TAS
// labels and annotations) into a runtimePatch of manager `kueue.x-k8s.io/manager`.

import { Labels, ManagedBy, RuntimePatchManagers } from '@kubetrain/api/core';
import type { EnforcePodGroupPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob, TrainJobInput } from '../../types.js';
import { validateKueueHints } from './validate.js';
import { KUEUE_JOB_LABELS } from './job-labels.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** The plugin's name. */
export const name = 'Kueue';

/**
 * True when Kueue manages the TrainJob: it has a `kueue.x-k8s.io/queue-name` label, a runtimePatch
 * of manager `kueue.x-k8s.io/manager`, or `spec.managedBy: kueue.x-k8s.io/multikueue`. Reads a
 * TrainJob as stored too (metadata or spec may be absent: then it is not).
 */
export function isKueueManaged(trainJob: Pick<TrainJobInput, 'metadata' | 'spec'>): boolean {
  if (trainJob.metadata?.labels?.[Labels.KueueQueueName] !== undefined) return true;
  if (trainJob.spec?.managedBy === ManagedBy.MultiKueue) return true;
  return (trainJob.spec?.runtimePatches ?? []).some((p) => p.manager === RuntimePatchManagers.Kueue);
}

/**
 * Keeps the rendered JobSet what Kueue's TrainJob integration expects.
 *
 * What Kueue relies on, and where it is honoured: `spec.suspend` is copied to the JobSet by the
 * workload builder, so a suspended TrainJob renders a suspended JobSet; Kueue's runtimePatch is
 * merged with the others, in list order, before any plugin runs (core `newRuntimeInfo`), so its
 * pod-template labels, annotations, nodeSelector, tolerations and schedulingGates reach every
 * pod; the TAS annotations (`kueue.x-k8s.io/podset-*-topology`) are read by Kueue from the pod
 * templates of the runtime and the runtimePatches, and stay there untouched; the queue and
 * priority labels are read from the TrainJob's own metadata, which the engine never changes.
 *
 * Reads and writes: the JobSet labels (runtime template metadata overlaid by runtimePatches).
 * Removes `kueue.x-k8s.io/queue-name` and `kueue.x-k8s.io/priority-class` from them, always:
 * a JobSet owned by a TrainJob must never carry a queue label, or Kueue's JobSet integration
 * would manage (and suspend) it when the TrainJob is not Kueue-managed, fighting the controller
 * that keeps applying the TrainJob's `suspend`. Validation warns when it drops one. Renders:
 * nothing.
 */
export class KueueIntegration implements EnforcePodGroupPolicyPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Removes the Kueue job labels from the JobSet's labels. */
  enforcePodGroupPolicy(info: RuntimeInfo, _trainJob: TrainJob): void {
    for (const key of KUEUE_JOB_LABELS) delete info.labels[key];
  }

  /** kubetrain's warnings: Kueue labels the JobSet will not carry, TAS annotations outside pod templates. Returns data, never throws. */
  readonly validate = validateWithRules({ warnings: [validateKueueHints] });
}

/** Creates the Kueue plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): KueueIntegration {
  return new KueueIntegration();
}
