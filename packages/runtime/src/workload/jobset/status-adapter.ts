// SPDX-License-Identifier: Apache-2.0
// The one place the JobSet plugin calls the status computation. The full computation lives in
// `../../status/`; until it lands this adapter carries upstream's JobSet plugin `Status` (Complete
// and Failed copied from the JobSet, jobsStatus from replicatedJobsStatus).

import type { Condition, JobSet, TrainJob, TrainJobStatus } from '../../types/index.js';

/** `meta.SetStatusCondition` without a clock: the new condition carries its own transition time. */
function setCondition(conditions: Condition[], next: Condition): void {
  const i = conditions.findIndex((c) => c.type === next.type);
  const existing = conditions[i];
  if (existing === undefined) {
    conditions.push(next);
    return;
  }
  const merged: Condition = { ...existing, ...next };
  if (existing.status === next.status && existing.lastTransitionTime !== undefined) {
    merged.lastTransitionTime = existing.lastTransitionTime;
  }
  conditions[i] = merged;
}

/**
 * The TrainJob status derived from its JobSet, or undefined to keep the current status (no JobSet:
 * the job finished and its JobSet was deleted, or it is not created yet).
 */
export function computeJobSetStatus(
  trainJob: TrainJob,
  jobSet: JobSet | undefined,
): TrainJobStatus | undefined {
  if (jobSet === undefined) return undefined;
  const status: TrainJobStatus = structuredClone(trainJob.status ?? {});
  const conditions = [...(status.conditions ?? [])];
  for (const c of jobSet.status?.conditions ?? []) {
    if (c.status !== 'True') continue;
    if (c.type === 'Completed') setCondition(conditions, { ...c, type: 'Complete' });
    if (c.type === 'Failed') setCondition(conditions, { ...c, type: 'Failed' });
  }
  if (conditions.length > 0) status.conditions = conditions;
  const jobs = jobSet.status?.replicatedJobsStatus;
  if (jobs === undefined || jobs.length === 0) delete status.jobsStatus;
  else {
    status.jobsStatus = jobs.map((j) => ({
      name: j.name,
      ready: j.ready,
      succeeded: j.succeeded,
      failed: j.failed,
      active: j.active,
      suspended: j.suspended,
    }));
  }
  return status;
}
