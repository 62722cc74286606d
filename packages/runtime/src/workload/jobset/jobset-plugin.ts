// SPDX-License-Identifier: Apache-2.0
// The JobSet workload plugin (upstream `plugins/jobset/jobset.go`): preBuildSync, build and status.
// Validation rules for it live in `../../validation/`; the status computation in `../../status/`.

import { PluginNames, WorkloadBackends, WorkloadLimits } from '@kubetrain/api/core';
import type { BuildContext, ObservedWorkload, OutputSize, StatusResult } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { KubeObject, TrainJob } from '../../types.js';
import { computeTrainJobStatus, statusChanged } from '../../status/index.js';
import type { WorkloadPlugin } from '../workload.js';
import { buildJobSet } from './builder.js';
import { syncParallelCount, syncPodNetwork } from './pod-network.js';
import { validateInitializers } from './validate-initializers.js';
import { validateRuntimePatchesUpdate, validateRuntimePatchTargets } from './validate-runtime-patches.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import { KindRefs, owns } from '../../framework/kinds.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.JobSet;

/** The JobSet backend: the default workload. */
class JobSetPlugin implements WorkloadPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Owns the JobSet; a running JobSet (TrainJob and JobSet unsuspended) is not re-applied. */
  readonly kinds = [owns(KindRefs.JobSet, 'whileAbsentOrSuspended')];

  /**
   * Sets pod endpoints, then parallelism/completions from the final counts. Does nothing when
   * another backend renders the job (`info.workload`).
   */
  preBuildSync(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.workload !== WorkloadBackends.JobSet) return;
    syncPodNetwork(info, trainJob);
    syncParallelCount(info);
  }

  /**
   * The parallelism of each replicated job's Jobs, which JobSet creates as Indexed Jobs: over
   * Kubernetes' limit their creation fails, so the TrainJob is refused before (output-limits.ts).
   */
  outputSizes(info: RuntimeInfo): OutputSize[] {
    if (info.workload !== WorkloadBackends.JobSet) return [];
    return info.templateSpec.podSets.flatMap((podSet) =>
      podSet.count === undefined
        ? []
        : [
            {
              what: `the Jobs of replicated job "${podSet.name}" (Indexed Jobs)`,
              bytes: podSet.count,
              unit: 'pods in parallel',
              limit: WorkloadLimits.IndexedJobParallelism,
              limitOf: 'Kubernetes allows an Indexed Job',
            },
          ],
    );
  }

  /** Returns the JobSet; nothing when another backend renders the job (`info.workload`). */
  build(info: RuntimeInfo, trainJob: TrainJob, _context: BuildContext): KubeObject[] {
    if (info.workload !== WorkloadBackends.JobSet) return [];
    return [buildJobSet(info, trainJob)];
  }

  /**
   * The TrainJob status from the observed JobSet (upstream reconcile steps 5 and 6: Suspended or
   * Resumed, Complete/Failed copied from the JobSet, jobsStatus, a kept DeadlineExceeded).
   */
  status(trainJob: TrainJob, observed: ObservedWorkload): StatusResult {
    const { status, error } = computeTrainJobStatus(trainJob, observed.jobSet, observed.now);
    const changed = statusChanged(trainJob.status, status);
    return error !== undefined ? { status, changed, retry: error } : { status, changed };
  }

  /** The JobSet rules: initializer jobs, runtimePatches manager and targets, runtimePatches changes on update. Returns data, never throws. */
  readonly validate = validateWithRules({
    errors: [validateInitializers, validateRuntimePatchesUpdate, validateRuntimePatchTargets],
  });
}

/** Creates the JobSet plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): JobSetPlugin {
  return new JobSetPlugin();
}
