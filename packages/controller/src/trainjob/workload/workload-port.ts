// SPDX-License-Identifier: Apache-2.0
// The TrainJob reconciler's one view of a workload backend (JobSet or LeaderWorkerSet): what the
// status point observes, what the deadline deletes, how status writes are paced, what follows a
// status write and which pod a failure names. The reconciler never names a workload kind: a new
// backend is a new implementation of this port (see jobset-workload.ts, leaderworkerset-workload.ts).

import type { TrainJob, TrainJobStatus } from '@kubetrain/api/core';
import type { Logger } from '../../cluster/kube.js';
import type { ObservedWorkloadInput, StatusOutcome } from '../../engine/engine-port.js';

/** What one reconcile knows of the job's workload, and what it does with it. */
export interface WorkloadPort {
  /** The backend's kind, for logs and events. */
  readonly kind: 'JobSet' | 'LeaderWorkerSet';
  /** What the status point is given. */
  readonly observed: ObservedWorkloadInput;
  /**
   * Whether a status change that only moves counters may wait for the next one (the JobSet's
   * `jobsStatus`, status-coalescing.ts); false where every change is written at once.
   */
  readonly coalescesCounters: boolean;
  /** When to reconcile again, given the status outcome (a missing workload may need a retry). */
  requeueAfterMs(outcome: StatusOutcome): number | undefined;
  /** Deletes the workload of a job past its active deadline (errors other than NotFound are logged). */
  deleteOnDeadline(trainJob: TrainJob, log: () => Logger): Promise<void>;
  /**
   * What follows the status write (or its absence): the backend's own bookkeeping; `outcome` is
   * undefined when the status did not come from the status point (an unsupported runtime).
   */
  afterStatus(outcome: StatusOutcome | undefined): Promise<void>;
  /** The pod to name in the Failed event of a `status` that failed for `reason`; undefined for none. */
  failedPod(trainJob: TrainJob, status: TrainJobStatus, reason: string): Promise<string | undefined>;
  /**
   * What caused the workload's restarts up to `restarts` (status.restarts after them): the failed
   * Job and its failure message; undefined when unknown (gone, unreadable, or a backend that keeps
   * no such record).
   */
  restartCause(trainJob: TrainJob, restarts: number): Promise<string | undefined>;
}
