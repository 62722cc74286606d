// SPDX-License-Identifier: Apache-2.0
// The shapes the status computation reads (structural, so that both `@kubetrain/api` objects and the
// engine's views are accepted) and writes (`@kubetrain/api`'s TrainJob status types).

import type { Condition, JobStatus, TrainJobStatus } from '@kubetrain/api';

export type { Condition, JobStatus, TrainJobStatus };

/** A metav1.Condition as read: the members upstream always writes may still be absent on input. */
export interface ConditionInput {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly lastTransitionTime?: string;
  readonly observedGeneration?: number;
}

/** The members of a TrainJob the status computation reads. */
export interface TrainJobStatusView {
  readonly spec?: { readonly suspend?: boolean };
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly jobsStatus?: readonly object[];
    readonly trainerStatus?: object;
  };
}

/** One entry of a JobSet's `status.replicatedJobsStatus`, as read. */
export interface ReplicatedJobStatusInput {
  readonly name: string;
  readonly ready?: number;
  readonly succeeded?: number;
  readonly failed?: number;
  readonly active?: number;
  readonly suspended?: number;
}

/** The members of a JobSet the status computation reads. */
export interface JobSetStatusView {
  readonly status?: {
    readonly conditions?: readonly ConditionInput[];
    readonly replicatedJobsStatus?: readonly ReplicatedJobStatusInput[];
  };
}
