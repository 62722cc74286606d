// SPDX-License-Identifier: Apache-2.0
// Puts gang-membership labels and annotations on the pods of a gang, and only on them: a pod that
// carries a group's label but is not counted in it would wait for siblings that never come.

import type { RuntimeInfo } from '../../framework/runtime-info.js';
import { mergePodMetadata } from '../../util/replicated-job.js';
import type { Gang } from './gang.js';

/** Labels and annotations for the pod templates of a gang's members. */
interface PodMetadata {
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
}

/**
 * Marks the pods of `gang`'s members with `metadata`. When the gang includes every pod set (the
 * upstream case) the keys go to `info.scheduler`, which the workload builder merges into every pod
 * template, exactly as upstream. Otherwise they are merged straight into the members' pod
 * templates in `info.templateSpec.spec`, so that steps outside the gang stay unmarked. Must run in
 * enforcePodGroupPolicy, after the ML policies fixed the pod counts and before preBuildSync.
 */
export function markGangPods(info: RuntimeInfo, gang: Gang, metadata: PodMetadata): void {
  if (gang.includesAll) {
    Object.assign(info.scheduler.podLabels, metadata.labels);
    Object.assign(info.scheduler.podAnnotations, metadata.annotations);
    return;
  }
  const jobs = info.templateSpec.spec.replicatedJobs ?? [];
  for (const { index } of gang.members) {
    const rJob = jobs[index];
    if (rJob !== undefined) mergePodMetadata(rJob, metadata.labels, metadata.annotations);
  }
}
