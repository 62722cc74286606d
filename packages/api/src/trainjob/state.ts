// SPDX-License-Identifier: Apache-2.0
// A TrainJob's state, as `kubetrain get` shows it and `kubetrain_trainjobs{state,namespace,runtime}` counts it (pure).

/** Every state of a TrainJob, in the order the manager's metric lists them. */
export const TrainJobStates = ['Created', 'Suspended', 'Running', 'Complete', 'Failed'] as const;

/** One of {@link TrainJobStates}. */
export type TrainJobState = (typeof TrainJobStates)[number];

/** The parts of a TrainJob the state is read from. */
export interface TrainJobStateView {
  spec?: { suspend?: boolean };
  status?: { conditions?: ReadonlyArray<{ type: string; status: string }> };
}

/**
 * `Failed` or `Complete` when that condition is True (Failed first); else `Suspended` when
 * `spec.suspend`; else `Running` when its workload (JobSet or LeaderWorkerSet) exists; else `Created`.
 */
export function trainJobState(job: TrainJobStateView, workloadExists: boolean): TrainJobState {
  const isTrue = (type: string) =>
    job.status?.conditions?.some((c) => c.type === type && c.status === 'True');
  if (isTrue('Failed')) return 'Failed';
  if (isTrue('Complete')) return 'Complete';
  if (job.spec?.suspend === true) return 'Suspended';
  return workloadExists ? 'Running' : 'Created';
}
