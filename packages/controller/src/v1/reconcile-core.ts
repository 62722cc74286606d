// SPDX-License-Identifier: Apache-2.0
// The reconcile of one v1 job, shared by every kind (upstream's pkg/controller.v1/common ReconcileJobs),
// in its order: skip (managedBy, deletion), default and validate, auxiliary objects, finished
// (cleanPodPolicy, TTL), suspended, resumed, deadline and backoff limit, the PodGroup, then pods and
// Services per replica, then the kind's UpdateJobStatus; the status is written once, when it changed.
// The steps live beside it (auxiliary-sync, finish-step, gang-steps, replica-sync, job-status); what
// the reconciler remembers between reconciles is one V1JobMemory, handed to them.
import { formatFieldErrors, formatMetaTime } from '@kubetrain/api/core';
import { freshest } from '../cluster/freshest.js';
import type { KubeObject, Store } from '../cluster/kube.js';
import {
  deadlineRemainingMs,
  defaultV1Job,
  hasCondition,
  isFinished,
  pastBackoffLimit,
  replicaSpecsOf,
  validateV1Job,
  V1ConditionTypes,
  V1ManagedBy,
  V1Messages,
  type PodView,
  type V1JobObject,
} from '@kubetrain/runtime/v1';
import { syncAuxiliary } from './auxiliary-sync.js';
import { finishJob } from './finish-step.js';
import { POD_GROUP_POLL_MS, removePodGroup, syncPodGroup } from './gang-steps.js';
import { V1JobMemory } from './job-memory.js';
import {
  applyVerdict,
  failJob,
  markCreated,
  markResumed,
  markSuspended,
  recordEvents,
  writeStatus,
} from './job-status.js';
import { blockedRequeueMs, deletePods, isJobsObject } from './owned-objects.js';
import { reasonOf, type Pass, type Requeue, type V1ReconcilerDeps } from './reconcile-pass.js';
import { syncReplicas } from './replica-sync.js';

export { FIELD_MANAGER } from './auxiliary-sync.js';
export type { V1ReconcilerDeps } from './reconcile-pass.js';

/** The reconciler of one v1 kind. */
export class V1JobReconciler {
  /** What this reconciler remembers between reconciles (recreations, deleted pods, applied objects). */
  private readonly memory = new V1JobMemory();
  private readonly now: () => Date;

  constructor(private readonly deps: V1ReconcilerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Reconciles the job at `key` (`namespace/name`). */
  async reconcile(key: string): Promise<Requeue> {
    const cached = freshest(this.deps.jobs.getOrRecent(key)) as V1JobObject | undefined;
    if (cached === undefined) return {};
    if (cached.metadata?.deletionTimestamp !== undefined) return {};
    const managedBy = cached.spec?.runPolicy?.managedBy;
    if (managedBy !== undefined && managedBy !== V1ManagedBy.TrainingOperator) return {};
    const job = defaultV1Job(cached, this.deps.framework);
    const uid = job.metadata?.uid ?? '';
    const pass: Pass = {
      job,
      specs: replicaSpecsOf(job, this.deps.framework),
      status: structuredClone(cached.status ?? {}),
      now: this.now(),
      pods: this.owned(this.deps.pods, uid) as PodView[],
      services: this.owned(this.deps.services, uid),
      events: [],
      blocked: [],
    };
    markCreated(this.deps, pass);
    const result = await this.step(pass);
    await writeStatus(this.deps, cached, pass.status);
    await recordEvents(this.deps, cached, pass.events);
    return result;
  }

  /** Forgets the in-memory state of a deleted job and of pods gone from the store. */
  forget(jobUid: string | undefined, podUid?: string): void {
    if (jobUid !== undefined) this.deps.podGroups?.forget(jobUid);
    this.memory.forget(jobUid, podUid);
  }

  /** The objects of `store` the job of `uid` controls, with this kind's operator label. */
  private owned(store: Store, uid: string): KubeObject[] {
    const operator = this.deps.framework.operatorName;
    return store.byIndex('ownerUid', uid).filter((o) => isJobsObject(o, uid, operator));
  }

  /** The steps after the skips, in upstream's order. */
  private async step(pass: Pass): Promise<Requeue> {
    const { deps, memory } = this;
    const { job, status, now } = pass;
    const policy = job.spec.runPolicy;
    const errors = validateV1Job(job, deps.framework);
    if (errors.length > 0 && !isFinished(status)) {
      failJob(pass, reasonOf(deps.framework, 'FailedValidation'), formatFieldErrors(errors));
      return {};
    }
    await syncAuxiliary(deps, memory, pass, policy?.suspend !== true);
    if (isFinished(status)) return finishJob(deps, memory, pass);
    if (policy?.suspend === true) {
      await deletePods(deps.client, memory, pass, pass.pods);
      await removePodGroup(deps, pass);
      markSuspended(deps, pass);
      return {};
    }
    if (hasCondition(status, V1ConditionTypes.Suspended)) markResumed(deps, pass);
    status.startTime ??= formatMetaTime(now);

    const deadline = deadlineRemainingMs(policy, status.startTime, now);
    const backoff = pastBackoffLimit({
      policy,
      specs: pass.specs,
      pods: pass.pods,
      recreations: memory.recreationsOf(job.metadata?.uid ?? ''),
      newFailure: pass.pods.some(
        (p) => p.status?.phase === 'Failed' && !memory.isDeleted(p.metadata?.uid ?? ''),
      ),
    });
    if ((deadline !== undefined && deadline <= 0) || backoff) {
      const message = backoff ? V1Messages.backoffLimit(job) : V1Messages.deadline(job);
      failJob(pass, reasonOf(deps.framework, 'Failed'), message);
      return finishJob(deps, memory, pass);
    }

    if (!(await syncPodGroup(deps, pass))) {
      status.lastReconcileTime = formatMetaTime(now);
      return { requeueAfterMs: POD_GROUP_POLL_MS };
    }
    const counts = await syncReplicas(deps, memory, pass);
    const verdicts = deps.framework.decideStatus({
      job,
      specs: pass.specs,
      counts,
      restarting: hasCondition(status, V1ConditionTypes.Restarting),
    });
    for (const v of verdicts) applyVerdict(deps, pass, v, counts);
    if (isFinished(status)) return finishJob(deps, memory, pass);
    // A pod or Service name taken by another's object: looked at again with back-off (its deletion
    // also queues the job when its owner is a same-name job of this kind).
    const after = [deadline, blockedRequeueMs(memory, pass)].filter((ms) => ms !== undefined);
    return after.length > 0 ? { requeueAfterMs: Math.min(...after) } : {};
  }
}
