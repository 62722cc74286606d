// SPDX-License-Identifier: Apache-2.0
// The shapes the status computation reads: `@kubetrain/api`'s types, loosened where input may lack
// members, so that both API objects and partial test objects are accepted. It writes the API types.

import type { Condition, ReplicatedJobStatus, TrainJobSpec } from '@kubetrain/api/core';

/**
 * A metav1.Condition as read: `@kubetrain/api`'s Condition with the members upstream always writes
 * possibly absent, and `status` any string (a JobSet's conditions are not narrowed).
 */
export type ConditionInput = Readonly<
  { type: string; status: string } & Partial<Omit<Condition, 'type' | 'status'>>
>;

/** The members of a TrainJob the status computation reads. */
export interface TrainJobStatusView {
  readonly spec?: Readonly<Pick<TrainJobSpec, 'suspend'>>;
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly jobsStatus?: readonly object[];
    readonly trainerStatus?: object;
    readonly restarts?: number;
    readonly restartsCountTowardsMax?: number;
  };
}

/** One entry of a JobSet's `status.replicatedJobsStatus`, as read: only `name` is sure to be there. */
export type ReplicatedJobStatusInput = Readonly<
  Pick<ReplicatedJobStatus, 'name'> & Partial<Omit<ReplicatedJobStatus, 'name'>>
>;

/** The members of a JobSet the status computation reads. */
export interface JobSetStatusView {
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly replicatedJobsStatus?: readonly ReplicatedJobStatusInput[];
    readonly restarts?: number;
    readonly restartsCountTowardsMax?: number;
  };
}
