// SPDX-License-Identifier: Apache-2.0
// What the feeds carry from the server (views.ts) to the page (web/): types only, shared by both
// TypeScript projects (the page's has no Node types).

/** One row of the jobs list. */
export interface JobRow {
  /** `TrainJob`, or a Training Operator v1 kind (`PyTorchJob`, ...). */
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly state: string;
  readonly runtime: string;
  readonly nodes: number;
  readonly gpus: number;
  readonly queue: string;
  readonly created: string;
  readonly started: string;
  readonly finished: string;
  /** 0–100, or -1 when the trainer reported none. */
  readonly progress: number;
  readonly metrics: readonly { readonly name: string; readonly value: string }[];
  readonly restarts: number;
  readonly suspended: boolean;
}

/** A pod on a job's page. */
export interface PodRow {
  readonly name: string;
  readonly step: string;
  readonly phase: string;
  readonly node: string;
  readonly restarts: number;
  /** `container: code (reason)` of each terminated container. */
  readonly exitCodes: readonly string[];
}

/** An event on a job's page. */
export interface EventRow {
  readonly time: string;
  readonly type: string;
  readonly reason: string;
  readonly object: string;
  readonly message: string;
  readonly count: number;
}

/** A condition on the timeline. */
export interface ConditionRow {
  readonly type: string;
  readonly status: string;
  readonly reason: string;
  readonly message: string;
  readonly time: string;
}

/** The failing container of a failed job. */
export interface FailureRow {
  readonly pod: string;
  readonly container: string;
  readonly exitCode: number;
  readonly reason: string;
}

/** The last lines of the failing container's log, or why they cannot be read ("forbidden: ..."). */
export type FailureLog = { readonly lines: readonly string[] } | { readonly error: string };

/** Everything a job's page shows. */
export interface JobDetail {
  readonly row: JobRow;
  readonly conditions: readonly ConditionRow[];
  readonly pods: readonly PodRow[];
  readonly events: readonly EventRow[];
  readonly failure: FailureRow | undefined;
  /** Once read (a moment after the failure shows). */
  readonly failureLog?: FailureLog | undefined;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly yaml: string;
  /** The trainer's last report (`status.trainerStatus`), all its metrics; undefined before the first. */
  readonly report?: TrainerReport | undefined;
}

/** The trainer's last report: when, the progress (-1: none) and the metrics as reported (text). */
export interface TrainerReport {
  /** `lastUpdatedTime` (RFC 3339). */
  readonly time: string;
  readonly progress: number;
  readonly metrics: readonly { readonly name: string; readonly value: string }[];
}

/**
 * An object of the job shown as YAML on its page: `shown` (its YAML, with `note` saying when it was
 * cut), `absent` (`note`: not created yet) or `refused` (`note`: the API server's answer,
 * `forbidden: ...`).
 */
export interface ObjectPane {
  /** What it is: `JobSet`, `LeaderWorkerSet`, `JobSet / LeaderWorkerSet` (not known yet), `ConfigMap`. */
  readonly kind: string;
  readonly name: string;
  readonly state: 'shown' | 'absent' | 'refused';
  readonly yaml: string;
  readonly note: string;
}

/** The job's workload (JobSet or LeaderWorkerSet) and its runtime snapshot, sent when they change. */
export interface JobObjects {
  readonly workload: ObjectPane;
  readonly snapshot: ObjectPane;
}

/** The jobs feed's first event (and again after a reconnect). */
export interface JobsSnapshot {
  /** The namespace listed, or null for every namespace. */
  readonly namespace: string | null;
  /** Why the list is narrower than asked ('' when it is not). */
  readonly notice: string;
  readonly rows: readonly JobRow[];
}

/** A job by namespace and name. */
export interface JobRef {
  /** As {@link JobRow.kind}. */
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
}

/** The kind of a TrainJob row (every other row is a Training Operator v1 kind's). */
export const TRAINJOB_KIND = 'TrainJob';

/** A job's key in the list: `namespace/name` for a TrainJob, `Kind:namespace/name` for a v1 job. */
export function jobKey(ref: JobRef): string {
  const key = `${ref.namespace}/${ref.name}`;
  return ref.kind === TRAINJOB_KIND ? key : `${ref.kind}:${key}`;
}

/** The jobs feed's changes since its last event: rows added or changed, jobs deleted. */
export interface JobChanges {
  readonly upserts: JobRow[];
  readonly removes: JobRef[];
}

/** The names of the feeds' events. */
export const FeedEvents = {
  Snapshot: 'snapshot',
  Changes: 'changes',
  Detail: 'detail',
  Gone: 'gone',
  Objects: 'objects',
  Failed: 'failed',
  Dropped: 'dropped',
  LogLines: 'lines',
  LogFailed: 'logfailed',
} as const;

/** New lines of one step's log (`node-0`: rank 0), in order. */
export interface LogLines {
  readonly step: string;
  readonly lines: string[];
}

/** One step's log could not be read: the API server's answer (`forbidden: ...`). */
export interface LogFailure {
  readonly step: string;
  readonly error: string;
}
