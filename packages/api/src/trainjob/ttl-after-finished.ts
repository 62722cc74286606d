// SPDX-License-Identifier: Apache-2.0
// A finished TrainJob's time to live (KEP-2899, kubeflow/trainer#3824 and #4052), as the manager
// enforces it and `kubetrain describe` shows it (pure: the caller owns the clock).

/** The parts of a TrainJob the TTL is read from. */
export interface TtlAfterFinishedView {
  readonly spec?: { readonly ttlSecondsAfterFinished?: number };
  readonly status?: {
    readonly completionTime?: string;
    readonly conditions?: ReadonlyArray<{
      readonly type: string;
      readonly status: string;
      readonly lastTransitionTime?: string;
    }>;
  };
}

/** The part of a runtime's `spec.runPolicy` the TTL falls back to. */
export interface RunPolicyTtlView {
  readonly ttlSecondsAfterFinished?: number;
}

/** Where a finished TrainJob's TTL stands. */
export interface TtlAfterFinished {
  /** The TTL in force: the job's own `spec.ttlSecondsAfterFinished`, else the runtime's default. */
  readonly seconds: number;
  /** When the job finished: `status.completionTime`, else its Complete or Failed condition's transition. */
  readonly finishedAt: string;
  /** Milliseconds since the epoch at which the job is to be deleted. */
  readonly expiresAtMs: number;
}

/**
 * When the TrainJob finished: `status.completionTime`, else the lastTransitionTime of its
 * `Failed=True` or `Complete=True` condition (a job finished by a manager that did not write
 * completionTime); undefined for a job not finished or with no valid time.
 */
export function trainJobFinishedAt(job: TtlAfterFinishedView): string | undefined {
  const conditions = job.status?.conditions ?? [];
  const finishing = ['Failed', 'Complete']
    .map((type) => conditions.find((c) => c.type === type && c.status === 'True'))
    .find((c) => c !== undefined);
  if (finishing === undefined) return undefined;
  const at = job.status?.completionTime ?? finishing.lastTransitionTime;
  return at !== undefined && !Number.isNaN(Date.parse(at)) ? at : undefined;
}

/**
 * The TTL of a finished TrainJob, `runPolicy` being its runtime's: undefined when the job is not
 * finished or neither sets `ttlSecondsAfterFinished` (the job is kept). The job's own value wins,
 * even when smaller (KEP-2899 "Value Resolution"); 0 expires at once.
 */
export function ttlAfterFinished(
  job: TtlAfterFinishedView,
  runPolicy: RunPolicyTtlView | undefined,
): TtlAfterFinished | undefined {
  const seconds = job.spec?.ttlSecondsAfterFinished ?? runPolicy?.ttlSecondsAfterFinished;
  if (seconds === undefined || seconds < 0) return undefined;
  const finishedAt = trainJobFinishedAt(job);
  if (finishedAt === undefined) return undefined;
  return { seconds, finishedAt, expiresAtMs: Date.parse(finishedAt) + seconds * 1000 };
}
