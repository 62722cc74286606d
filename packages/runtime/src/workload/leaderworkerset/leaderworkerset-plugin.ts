// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet workload plugin (kubetrain's own; upstream has none): preBuildSync, build,
// applyAfter and status for runtimes annotated `kubetrain.dev/workload: LeaderWorkerSet`. See README.md.

import { ForeignKinds, WorkloadBackends } from '@kubetrain/api/core';
import type { PluginDependencies } from '../../framework/dependencies.js';
import { objectKeyOf, type ObjectKey } from '../../framework/desired.js';
import { noEndpoints } from '../../framework/endpoints.js';
import { KindRefs, owns, reads } from '../../framework/kinds.js';
import type { BuildContext, ObservedWorkload, StatusResult } from '../../framework/plugin.js';
import { findPodSetByName, type RuntimeInfo } from '../../framework/runtime-info.js';
import type { KubeObject, TrainJob } from '../../types.js';
import { syncParallelCount } from '../jobset/pod-network.js';
import type { WorkloadPlugin } from '../workload.js';
import { buildLeaderWorkerSet, initializerJobName } from './builder.js';
import { groupShape } from './group-shape.js';
import { groupEndpoints, leaderWorkerSetName } from './naming.js';
import { leaderWorkerSetStatus } from './status.js';
import { validateLeaderWorkerSetNameLength } from './validate-name-length.js';
import { validateGroupShape } from './validate-shape.js';
import { validateLWSFailurePolicyRule } from './validate-failure-policy.js';
import { validateWithRules } from '../../validation/input.js';

/** The plugin's name. */
export const name = 'LeaderWorkerSet';

/** The LeaderWorkerSet backend. Every point does nothing for a job another backend renders. */
class LeaderWorkerSetPlugin implements WorkloadPlugin {
  readonly name = name;
  readonly workloadBackend = WorkloadBackends.LeaderWorkerSet;

  /**
   * Owns the LeaderWorkerSet and the initializer Jobs (applied while absent or suspended, as a
   * JobSet) and the volumeClaimPolicies' PVCs (created once, as the JobSet controller does);
   * watches the group's pods, whose container states the status reads.
   */
  readonly kinds = [
    owns(KindRefs.LeaderWorkerSet, 'whileAbsentOrSuspended'),
    owns(KindRefs.Job, 'whileAbsentOrSuspended'),
    owns(KindRefs.PersistentVolumeClaim, 'createOnly'),
    reads(KindRefs.Pod, true),
  ];

  /**
   * Sets the group steps' endpoints (leader `<tj>-0.<tj>`, workers `<tj>-0-<i>.<tj>`), none for the
   * initializers (Job pods have random names), and the initializers' parallelism/completions.
   */
  preBuildSync(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.workload !== WorkloadBackends.LeaderWorkerSet) return;
    syncParallelCount(info);
    const shape = groupShape(info);
    const lws = leaderWorkerSetName(trainJob);
    for (const podSet of info.templateSpec.podSets) podSet.endpoints = noEndpoints;
    const leader = findPodSetByName(info, shape.leader);
    const worker = findPodSetByName(info, shape.worker);
    if (leader === worker && leader !== undefined) {
      leader.endpoints = groupEndpoints(lws, 0, shape.size);
      return;
    }
    if (leader !== undefined) leader.endpoints = groupEndpoints(lws, 0, 1);
    if (worker !== undefined) worker.endpoints = groupEndpoints(lws, 1, shape.size);
  }

  /** Returns the PVCs, the initializer Jobs, then the LeaderWorkerSet. */
  build(info: RuntimeInfo, trainJob: TrainJob, _context: BuildContext): KubeObject[] {
    if (info.workload !== WorkloadBackends.LeaderWorkerSet) return [];
    return buildLeaderWorkerSet(info, trainJob);
  }

  /**
   * The initializer Jobs an object waits for: those its steps `dependsOn` (the group's steps for the
   * LeaderWorkerSet, the step's own for an initializer Job).
   */
  applyAfter(object: KubeObject, info: RuntimeInfo, trainJob: TrainJob): readonly ObjectKey[] {
    if (info.workload !== WorkloadBackends.LeaderWorkerSet) return [];
    const shape = groupShape(info);
    const isGroup = object.kind === ForeignKinds.LeaderWorkerSet.kind;
    const steps = isGroup
      ? [shape.leader, shape.worker]
      : shape.initializers.filter((s) => initializerJobName(trainJob, s) === object.metadata.name);
    const jobs = info.templateSpec.spec.replicatedJobs ?? [];
    const wanted = new Set(
      jobs.filter((j) => steps.includes(j.name)).flatMap((j) => (j.dependsOn ?? []).map((d) => d.name)),
    );
    const key = objectKeyOf(object);
    return shape.initializers
      .filter((s) => wanted.has(s))
      .map((s) => ({
        group: 'batch',
        kind: 'Job',
        namespace: key.namespace,
        name: initializerJobName(trainJob, s),
      }));
  }

  /**
   * The backend's rules: Flux, or steps that make no group, refused at admission; names too long
   * for the LeaderWorkerSet's StatefulSets or the initializer Jobs; failure-policy rules the
   * backend cannot express. Returns data, never throws.
   */
  readonly validate = validateWithRules({
    errors: [validateGroupShape, validateLeaderWorkerSetNameLength, validateLWSFailurePolicyRule],
  });

  /** The TrainJob status from the observed LeaderWorkerSet, pods and initializer Jobs. */
  status(trainJob: TrainJob, observed: ObservedWorkload): StatusResult {
    return leaderWorkerSetStatus(trainJob, observed.leaderWorkerSet ?? { pods: [], jobs: [] }, observed.now);
  }
}

/** Creates the LeaderWorkerSet plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): LeaderWorkerSetPlugin {
  return new LeaderWorkerSetPlugin();
}
