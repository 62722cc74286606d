// SPDX-License-Identifier: Apache-2.0
// A fluent builder of JobSet objects (spec and status) for tests, e.g. the observed workload of a TrainJob.

import {
  API_VERSION,
  ForeignKinds,
  Kinds,
  JobSetConditionMessages,
  JobSetConditionReasons,
  JobSetConditionTypes,
} from '@kubetrain/api';
import type { JobSet, JobSetCondition, ReplicatedJob, ReplicatedJobStatus } from '@kubetrain/api';

/** The counts of one `replicatedJobsStatus` entry; omitted counts are 0. */
export type ReplicatedJobCounts = Partial<Omit<ReplicatedJobStatus, 'name'>>;

/** The time builders stamp on conditions when none is given. */
export const DEFAULT_TRANSITION_TIME = '2026-01-01T00:00:00Z';

/** Builds a JobSet step by step; {@link JobSetBuilder.obj} returns the object. */
export class JobSetBuilder {
  private readonly jobSet: JobSet;

  /** Starts an empty JobSet `<namespace>/<name>` (jobset.x-k8s.io/v1alpha2). */
  constructor(namespace: string, name: string) {
    this.jobSet = {
      apiVersion: ForeignKinds.JobSet.apiVersion,
      kind: ForeignKinds.JobSet.kind,
      metadata: { name, namespace },
      spec: {},
    } as JobSet;
  }

  private get status(): NonNullable<JobSet['status']> {
    this.jobSet.status ??= {};
    return this.jobSet.status;
  }

  /** Adds `metadata.labels`. */
  labels(labels: Record<string, string>): this {
    this.jobSet.metadata!.labels = { ...this.jobSet.metadata!.labels, ...labels };
    return this;
  }

  /** Sets the controller owner reference: the TrainJob `name` with `uid`, as the trainer's apply sets it. */
  controlledBy(name: string, uid: string): this {
    this.jobSet.metadata!.ownerReferences = [
      {
        apiVersion: API_VERSION,
        kind: Kinds.TrainJob,
        name,
        uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ];
    return this;
  }

  /** Sets `spec.replicatedJobs`. */
  replicatedJobs(...jobs: ReplicatedJob[]): this {
    this.jobSet.spec = { ...this.jobSet.spec, replicatedJobs: structuredClone(jobs) };
    return this;
  }

  /** Sets `spec.suspend`. */
  suspend(suspend: boolean): this {
    this.jobSet.spec = { ...this.jobSet.spec, suspend };
    return this;
  }

  /** Sets (by type) a `status.conditions` entry. */
  condition(condition: JobSetCondition): this {
    const others = (this.status.conditions ?? []).filter((c) => c.type !== condition.type);
    this.status.conditions = [...others, condition];
    return this;
  }

  /** Sets `Completed=True` with JobSet's `AllJobsCompleted` reason and message. */
  completed(lastTransitionTime: string = DEFAULT_TRANSITION_TIME): this {
    return this.condition({
      type: JobSetConditionTypes.Completed,
      status: 'True',
      lastTransitionTime,
      reason: JobSetConditionReasons.AllJobsCompleted,
      message: JobSetConditionMessages.AllJobsCompleted,
    });
  }

  /** Sets `Failed=True` with JobSet's `FailedJobs` reason and message (or the given ones). */
  failed(
    lastTransitionTime: string = DEFAULT_TRANSITION_TIME,
    reason: string = JobSetConditionReasons.FailedJobs,
    message: string = JobSetConditionMessages.FailedJobs,
  ): this {
    return this.condition({
      type: JobSetConditionTypes.Failed,
      status: 'True',
      lastTransitionTime,
      reason,
      message,
    });
  }

  /** Sets (by name) a `status.replicatedJobsStatus` entry; omitted counts are 0. */
  replicatedJobStatus(name: string, counts: ReplicatedJobCounts = {}): this {
    const entry: ReplicatedJobStatus = {
      name,
      ready: counts.ready ?? 0,
      succeeded: counts.succeeded ?? 0,
      failed: counts.failed ?? 0,
      active: counts.active ?? 0,
      suspended: counts.suspended ?? 0,
    };
    const list = this.status.replicatedJobsStatus ?? [];
    const index = list.findIndex((j) => j.name === name);
    if (index >= 0) list[index] = entry;
    else list.push(entry);
    this.status.replicatedJobsStatus = list;
    return this;
  }

  /** A deep copy of the JobSet built so far (the builder can go on). */
  obj(): JobSet {
    return structuredClone(this.jobSet);
  }
}

/** Starts a {@link JobSetBuilder}: `makeJobSet('ns', 'name').replicatedJobStatus('node', { active: 2 }).obj()`. */
export function makeJobSet(namespace: string, name: string): JobSetBuilder {
  return new JobSetBuilder(namespace, name);
}
