// SPDX-License-Identifier: Apache-2.0
// The reconcile of one v1 job, shared by every kind (upstream's pkg/controller.v1/common ReconcileJobs,
// ReconcilePods, ReconcileServices), in its order: skip (managedBy, deletion), default and validate,
// finished (cleanPodPolicy, TTL), suspended, resumed, deadline and backoff limit, then pods and Services
// per replica, then the kind's UpdateJobStatus; the status is written once, when it changed.
import {
  formatFieldErrors,
  formatMetaTime,
  type V1JobStatus,
  type V1ReplicaStatus,
} from '@kubetrain/api/core';
import type { Logger } from '@kubetrain/log';
import { freshest } from '../cluster/freshest.js';
import {
  isAlreadyExists,
  isNotFound,
  ConflictError,
  type KubeApi,
  type KubeObject,
  type ResourceRef,
  type Store,
} from '../cluster/kube.js';
import {
  deadlineRemainingMs,
  defaultV1Job,
  delaysPodCreation,
  exitCodeOf,
  failedPodAction,
  hasCondition,
  isFinished,
  joinGang,
  otherSchedulerSet,
  pastBackoffLimit,
  podIndex,
  podNameOf,
  podReplicaType,
  podsToClean,
  renderPod,
  renderService,
  replicaSpecsOf,
  SCHEDULER_NAME_EVENT,
  selectorText,
  setCondition,
  ttlRemainingMs,
  V1ConditionTypes,
  V1Labels,
  V1ManagedBy,
  V1Messages,
  validateV1Job,
  type Framework,
  type PodView,
  type ReplicaCounts,
  type ReplicaSpecs,
  type StatusVerdict,
  type V1JobObject,
  type V1RestartPolicy,
} from '@kubetrain/runtime/v1';
import type { EventRecorder } from '../events/event-recorder.js';
import type { PodGroupSync } from './pod-group-sync.js';
import { objectApiResource, V1OwnedResources as ManagerResources } from './resources.js';

/** What a v1 reconciler needs. */
export interface V1ReconcilerDeps {
  readonly client: KubeApi;
  readonly framework: Framework;
  /** The kind's resource (`kubeflow.org/v1` `pytorchjobs`, ...). */
  readonly resource: ResourceRef;
  readonly jobs: Store;
  /** Pods with the `training.kubeflow.org/operator-name` label (metadata and status). */
  readonly pods: Store;
  /** Services with that label (metadata). */
  readonly services: Store;
  readonly events: EventRecorder;
  readonly logger: Logger;
  readonly now?: () => Date;
  /** The PodGroups, when `--gang-scheduler-name` turns gang scheduling on. */
  readonly podGroups?: PodGroupSync;
}

/** How soon a job whose Volcano PodGroup is not admitted yet is looked at again. */
const POD_GROUP_POLL_MS = 1000;

/** The field manager of the v1 controllers' server-side applies. */
export const FIELD_MANAGER = 'kubetrain-v1';

/** Marks an auxiliary object this process deleted. */
const ABSENT = '';

/** The state one reconcile builds up. */
interface Pass {
  readonly job: V1JobObject;
  readonly specs: ReplicaSpecs;
  readonly status: V1JobStatus;
  readonly now: Date;
  readonly pods: PodView[];
  readonly services: KubeObject[];
  /** Events to record after the status is written. */
  readonly events: Array<{ type: 'Normal' | 'Warning'; reason: string; note: string }>;
}

/** The reconciler of one v1 kind. */
export class V1JobReconciler {
  /** Pods recreated after a failure, by job UID (upstream keeps its requeue counts in memory too). */
  private readonly recreations = new Map<string, number>();
  /** Pods this process deleted, by UID, until the store drops them. */
  private readonly deleted = new Set<string>();
  /** What this process last applied (or deleted: {@link ABSENT}) of each auxiliary object. */
  private readonly applied = new Map<string, string>();
  private readonly now: () => Date;

  constructor(private readonly deps: V1ReconcilerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get kind(): string {
    return this.deps.framework.kind;
  }

  private reason(suffix: string): string {
    return `${this.kind}${suffix}`;
  }

  /** Reconciles the job at `key` (`namespace/name`). */
  async reconcile(key: string): Promise<{ requeueAfterMs?: number }> {
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
    };
    const before = JSON.stringify(cached.status ?? {});
    const time = formatMetaTime(pass.now);
    if (pass.status.conditions?.some((c) => c.type === V1ConditionTypes.Created) !== true)
      setCondition(
        pass.status,
        { type: 'Created', status: 'True', reason: this.reason('Created'), message: V1Messages.created(job) },
        time,
      );
    const result = await this.step(pass);
    await this.writeStatus(cached, pass.status, before);
    for (const e of pass.events)
      await this.deps.events.record(cached, {
        type: e.type,
        reason: e.reason,
        action: 'Reconcile',
        note: e.note,
      });
    return result;
  }

  private owned(store: Store, uid: string): KubeObject[] {
    const operator = this.deps.framework.operatorName;
    return store
      .byIndex('ownerUid', uid)
      .filter((o) => o.metadata?.labels?.[V1Labels.OperatorName] === operator);
  }

  private async step(pass: Pass): Promise<{ requeueAfterMs?: number }> {
    const { job, status, now } = pass;
    const time = formatMetaTime(now);
    const policy = job.spec.runPolicy;
    const errors = validateV1Job(job, this.deps.framework);
    if (errors.length > 0 && !isFinished(status)) {
      const message = formatFieldErrors(errors);
      this.fail(pass, this.reason('FailedValidation'), message);
      return {};
    }
    await this.syncAuxiliary(pass, policy?.suspend !== true);
    if (isFinished(status)) return this.finished(pass);
    if (policy?.suspend === true) {
      await this.deleteAll(pass, pass.pods);
      await this.removePodGroup(pass);
      for (const rs of Object.values(status.replicaStatuses ?? {})) rs.active = 0;
      if (status.conditions?.some((c) => c.type === V1ConditionTypes.Running) === true)
        setCondition(
          status,
          {
            type: 'Running',
            status: 'False',
            reason: this.reason('Suspended'),
            message: V1Messages.suspended(job),
          },
          time,
        );
      if (
        setCondition(
          status,
          {
            type: 'Suspended',
            status: 'True',
            reason: this.reason('Suspended'),
            message: V1Messages.suspended(job),
          },
          time,
        )
      )
        pass.events.push({
          type: 'Normal',
          reason: this.reason('Suspended'),
          note: V1Messages.suspended(job),
        });
      return {};
    }
    if (hasCondition(status, V1ConditionTypes.Suspended)) {
      setCondition(
        status,
        {
          type: 'Suspended',
          status: 'False',
          reason: this.reason('Resumed'),
          message: V1Messages.resumed(job),
        },
        time,
      );
      pass.events.push({ type: 'Normal', reason: this.reason('Resumed'), note: V1Messages.resumed(job) });
      status.startTime = time;
    }
    status.startTime ??= time;

    const deadline = deadlineRemainingMs(policy, status.startTime, now);
    const newFailure = pass.pods.some(
      (p) => p.status?.phase === 'Failed' && !this.deleted.has(p.metadata?.uid ?? ''),
    );
    const backoff = pastBackoffLimit({
      policy,
      specs: pass.specs,
      pods: pass.pods,
      recreations: this.recreations.get(job.metadata?.uid ?? '') ?? 0,
      newFailure,
    });
    if ((deadline !== undefined && deadline <= 0) || backoff) {
      const message = backoff ? V1Messages.backoffLimit(job) : V1Messages.deadline(job);
      this.fail(pass, this.reason('Failed'), message);
      return this.finished(pass);
    }

    if (!(await this.syncPodGroup(pass))) {
      status.lastReconcileTime = time;
      return { requeueAfterMs: POD_GROUP_POLL_MS };
    }
    const counts = await this.syncReplicas(pass);
    const verdicts = this.deps.framework.decideStatus({
      job,
      specs: pass.specs,
      counts,
      restarting: hasCondition(status, V1ConditionTypes.Restarting),
    });
    for (const v of verdicts) this.applyVerdict(pass, v, counts);
    if (isFinished(status)) return this.finished(pass);
    return deadline !== undefined ? { requeueAfterMs: deadline } : {};
  }

  private fail(pass: Pass, reason: string, message: string): void {
    const { status } = pass;
    status.completionTime ??= formatMetaTime(pass.now);
    if (setCondition(status, { type: 'Failed', status: 'True', reason, message }, formatMetaTime(pass.now)))
      pass.events.push({ type: 'Warning', reason, note: message });
  }

  private applyVerdict(pass: Pass, v: StatusVerdict, counts: ReadonlyMap<string, ReplicaCounts>): void {
    const { status } = pass;
    const reason = v.reason ?? this.reason(v.type);
    if (v.type === 'Failed') return this.fail(pass, reason, v.message);
    if (v.type === 'Succeeded') {
      status.completionTime ??= formatMetaTime(pass.now);
      for (const rtype of counts.keys()) {
        const rs = status.replicaStatuses?.[rtype];
        if (rs !== undefined) {
          rs.succeeded = (rs.succeeded ?? 0) + (rs.active ?? 0);
          rs.active = 0;
        }
      }
    }
    const changed = setCondition(
      status,
      { type: v.type, status: 'True', reason, message: v.message },
      formatMetaTime(pass.now),
    );
    if (changed && v.type !== 'Running')
      pass.events.push({ type: v.type === 'Restarting' ? 'Warning' : 'Normal', reason, note: v.message });
  }

  /** Finished: delete what cleanPodPolicy says, then the TTL. */
  private async finished(pass: Pass): Promise<{ requeueAfterMs?: number }> {
    const { job, status } = pass;
    await this.deleteAll(pass, podsToClean(pass.pods, job.spec.runPolicy?.cleanPodPolicy));
    await this.removePodGroup(pass);
    const remaining = ttlRemainingMs(job.spec.runPolicy, status.completionTime, pass.now);
    if (remaining === undefined) return {};
    if (remaining > 0) return { requeueAfterMs: remaining };
    try {
      await this.deps.client.delete(this.deps.resource, job.metadata?.name ?? '', {
        namespace: job.metadata?.namespace,
        preconditions: { uid: job.metadata?.uid ?? '' },
      });
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof ConflictError)) throw error;
    }
    this.recreations.delete(job.metadata?.uid ?? '');
    return {};
  }

  /**
   * Applies the kind's auxiliary objects when `wanted` (and the kind wants them), else deletes them.
   * An apply is skipped when this process applied the same object already; a delete is sent once.
   */
  private async syncAuxiliary(pass: Pass, wanted: boolean): Promise<void> {
    const uid = pass.job.metadata?.uid ?? '';
    for (const aux of this.deps.framework.auxiliary?.(pass.job, pass.specs, pass.pods) ?? []) {
      const resource = objectApiResource(aux.api);
      const key = `${uid}/${resource.resource}/${aux.name}`;
      if ((wanted || aux.keepWhileSuspended === true) && aux.object !== undefined) {
        const text = JSON.stringify(aux.object);
        if (this.applied.get(key) === text) continue;
        await this.deps.client.patch(resource, aux.name, aux.object, {
          type: 'apply',
          namespace: pass.job.metadata?.namespace,
          fieldManager: FIELD_MANAGER,
          force: true,
        });
        this.applied.set(key, text);
      } else if (this.applied.get(key) !== ABSENT) {
        try {
          await this.deps.client.delete(resource, aux.name, { namespace: pass.job.metadata?.namespace });
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
        this.applied.set(key, ABSENT);
      }
    }
  }

  /**
   * Gang scheduling: creates or updates the PodGroup; false when pods must wait (the sync failed, or
   * Volcano has not admitted the PodGroup), as upstream's `syncReplicas = false`.
   */
  private async syncPodGroup(pass: Pass): Promise<boolean> {
    const sync = this.deps.podGroups;
    if (sync === undefined) return true;
    const order = [
      ...this.deps.framework.replicaTypes.filter((t) => pass.specs[t] !== undefined),
      ...Object.keys(pass.specs).filter((t) => !this.deps.framework.replicaTypes.includes(t)),
    ];
    try {
      const group = await sync.sync(pass.job, pass.specs, order);
      return !delaysPodCreation(sync.gang, group);
    } catch (error) {
      this.deps.logger.warn('sync PodGroup', {
        job: `${pass.job.metadata?.namespace}/${pass.job.metadata?.name}`,
        error: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  /** Gang scheduling: deletes the PodGroup of a finished or suspended job (upstream's events). */
  private async removePodGroup(pass: Pass): Promise<void> {
    const sync = this.deps.podGroups;
    if (sync === undefined) return;
    if (!(await sync.remove(pass.job))) return;
    pass.events.push(
      { type: 'Normal', reason: 'JobTerminated', note: 'Job has been terminated. Deleting PodGroup' },
      {
        type: 'Normal',
        reason: 'SuccessfulDeletePodGroup',
        note: `Deleted PodGroup: ${pass.job.metadata?.name}`,
      },
    );
  }

  /** The pod of `rtype`-`index`, in the job's gang when gang scheduling is on. */
  private newPod(pass: Pass, rtype: string, index: number): KubeObject {
    const pod = renderPod(pass.job, this.deps.framework, pass.specs, rtype, index);
    const gang = this.deps.podGroups?.gang;
    if (gang === undefined) return pod;
    if (otherSchedulerSet(pass.specs, gang)) pass.events.push({ type: 'Warning', ...SCHEDULER_NAME_EVENT });
    joinGang(pod, pass.job, gang, rtype);
    return pod;
  }

  /** Deletes `pods` and the Services of the same names. */
  private async deleteAll(pass: Pass, pods: readonly PodView[]): Promise<void> {
    const names = new Set(pods.map((p) => p.metadata?.name));
    for (const pod of pods) await this.deletePod(pod);
    for (const svc of pass.services)
      if (names.has(svc.metadata?.name) || pods === pass.pods)
        await this.deleteObject(ManagerResources.Service, svc);
  }

  private async deletePod(pod: PodView): Promise<void> {
    const uid = pod.metadata?.uid ?? '';
    if (this.deleted.has(uid) || pod.metadata?.deletionTimestamp !== undefined) return;
    await this.deleteObject(ManagerResources.Pod, pod);
    this.deleted.add(uid);
  }

  private async deleteObject(resource: ResourceRef, object: KubeObject): Promise<void> {
    try {
      await this.deps.client.delete(resource, object.metadata?.name ?? '', {
        namespace: object.metadata?.namespace,
        preconditions: { uid: object.metadata?.uid ?? '' },
      });
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof ConflictError)) throw error;
    }
  }

  private async create(resource: ResourceRef, object: KubeObject): Promise<void> {
    try {
      await this.deps.client.create(resource, object);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }

  /** ReconcilePods and ReconcileServices for every replica type; returns the counts by type. */
  private async syncReplicas(pass: Pass): Promise<Map<string, ReplicaCounts>> {
    const { job, specs, status } = pass;
    const fw = this.deps.framework;
    const counts = new Map<string, ReplicaCounts>();
    const order = [
      ...fw.replicaTypes.filter((t) => specs[t] !== undefined),
      ...Object.keys(specs).filter((t) => !fw.replicaTypes.includes(t)),
    ];
    status.replicaStatuses ??= {};
    for (const rtype of order) {
      const spec = specs[rtype]!;
      const replicas = spec.replicas ?? 0;
      const rs: V1ReplicaStatus = { active: 0, succeeded: 0, failed: 0 };
      const selector = { ...this.selectorLabels(job), [V1Labels.ReplicaType]: rtype.toLowerCase() };
      rs.labelSelector = { matchLabels: selector };
      rs.selector = selectorText(selector);
      let firstSucceeded = false;
      let evicted = 0;
      let failedReason: string | undefined;
      const pods = pass.pods.filter((p) => podReplicaType(p) === rtype.toLowerCase());
      const byIndex = new Map<number, PodView>();
      for (const pod of pods) {
        const index = podIndex(pod);
        if (index === undefined) continue;
        if (index >= replicas) {
          await this.deletePod(pod);
          continue;
        }
        if (!byIndex.has(index) || this.deleted.has(byIndex.get(index)!.metadata?.uid ?? ''))
          byIndex.set(index, pod);
      }
      for (let index = 0; index < replicas; index++) {
        const pod = byIndex.get(index);
        if (pod === undefined || this.deleted.has(pod.metadata?.uid ?? '')) {
          if (pod === undefined) await this.create(ManagerResources.Pod, this.newPod(pass, rtype, index));
          continue;
        }
        const phase = pod.status?.phase;
        if (phase === 'Running') {
          if (pod.metadata?.deletionTimestamp !== undefined) rs.failed! += 1;
          else rs.active! += 1;
        } else if (phase === 'Succeeded') {
          rs.succeeded! += 1;
          if (index === 0 && exitCodeOf(pod, fw.defaultContainer) === 0) firstSucceeded = true;
        } else if (phase === 'Failed') {
          rs.failed! += 1;
          failedReason ??= pod.status?.reason;
          if (pod.status?.reason === 'Evicted') evicted += 1;
          if (fw.recreatesFailedPods !== false)
            await this.handleFailedPod(pass, pod, rtype, spec.restartPolicy);
        }
      }
      if (fw.ownsServices !== false) await this.syncServices(pass, rtype, replicas);
      status.replicaStatuses[rtype] = rs;
      counts.set(rtype, {
        replicas,
        restartPolicy: (spec.restartPolicy ?? fw.defaultRestartPolicy) as V1RestartPolicy,
        status: rs,
        firstSucceeded,
        evicted,
        ...(failedReason !== undefined ? { failedReason } : {}),
      });
    }
    return counts;
  }

  private async handleFailedPod(
    pass: Pass,
    pod: PodView,
    rtype: string,
    policy: string | undefined,
  ): Promise<void> {
    const code = exitCodeOf(pod, this.deps.framework.defaultContainer);
    const action = failedPodAction(policy, code);
    if (policy === 'ExitCode')
      pass.events.push({
        type: 'Normal',
        reason: 'ExitedWithCode',
        note: `Pod: ${pod.metadata?.namespace}.${pod.metadata?.name} exited with code ${code}`,
      });
    if (action === 'fail') {
      this.fail(pass, this.reason('Failed'), V1Messages.failed(pass.job, 1, rtype));
      return;
    }
    if (action !== 'restart') return;
    await this.deletePod(pod);
    const uid = pass.job.metadata?.uid ?? '';
    this.recreations.set(uid, (this.recreations.get(uid) ?? 0) + 1);
    const message = `${pass.job.kind} ${pass.job.metadata?.name} is restarting because ${rtype} replica(s) failed.`;
    if (
      setCondition(
        pass.status,
        { type: 'Restarting', status: 'True', reason: this.reason('Restarting'), message },
        formatMetaTime(pass.now),
      )
    )
      pass.events.push({ type: 'Warning', reason: this.reason('Restarting'), note: message });
  }

  private async syncServices(pass: Pass, rtype: string, replicas: number): Promise<void> {
    const { job, specs } = pass;
    const fw = this.deps.framework;
    const existing = new Set<string>();
    for (const svc of pass.services) {
      if (svc.metadata?.labels?.[V1Labels.ReplicaType] !== rtype.toLowerCase()) continue;
      const index = Number(svc.metadata?.labels?.[V1Labels.ReplicaIndex]);
      if (Number.isInteger(index) && index >= replicas)
        await this.deleteObject(ManagerResources.Service, svc);
      else existing.add(svc.metadata?.name ?? '');
    }
    for (let index = 0; index < replicas; index++) {
      const name = podNameOf(fw, job, rtype, index);
      if (!existing.has(name))
        await this.create(ManagerResources.Service, renderService(job, fw, specs, rtype, index));
    }
  }

  private selectorLabels(job: V1JobObject): Record<string, string> {
    return {
      [V1Labels.JobName]: job.metadata?.name ?? '',
      [V1Labels.OperatorName]: this.deps.framework.operatorName,
    };
  }

  private async writeStatus(job: V1JobObject, status: V1JobStatus, before: string): Promise<void> {
    if (JSON.stringify(status) === before) return;
    const written = await this.deps.client.patch(
      this.deps.resource,
      job.metadata?.name ?? '',
      { status },
      { type: 'merge', subresource: 'status', namespace: job.metadata?.namespace },
    );
    this.deps.jobs.recordWrite(written);
  }

  /** Forgets the in-memory state of a deleted job and of pods gone from the store. */
  forget(jobUid: string | undefined, podUid?: string): void {
    if (jobUid !== undefined) {
      this.recreations.delete(jobUid);
      this.deps.podGroups?.forget(jobUid);
      for (const key of [...this.applied.keys()]) if (key.startsWith(`${jobUid}/`)) this.applied.delete(key);
    }
    if (podUid !== undefined) this.deleted.delete(podUid);
  }
}
