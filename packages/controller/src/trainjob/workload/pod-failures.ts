// SPDX-License-Identifier: Apache-2.0
// What caused a JobSet restart, seen as it happens: JobSet deletes the failed Job and its pods at
// once when it restarts, before the manager reconciles, so the manager watches the JobSet backend's
// pods (label `jobset.sigs.k8s.io/jobset-name`, kept as a small projection) and keeps, per TrainJob
// uid, only the failure that most likely caused the latest attempt's end (docs/failure-policy.md):
// one small record per live TrainJob, forgotten when the TrainJob finishes or is deleted.

import { JobSetKeys, type TrainJob } from '@kubetrain/api/core';
import type { KubeObject, Store } from '../../cluster/kube.js';
import { isFinished } from '../../engine/engine-port.js';
import { describeFailedPod } from '../failure-details.js';

/** The pod condition set when a pod is evicted, preempted or otherwise disrupted. */
export const DISRUPTION_TARGET = 'DisruptionTarget';

/** One failed pod of an attempt, as the restart record names it. */
export interface PodFailure {
  /** The JobSet restart attempt of the pod (label `jobset.sigs.k8s.io/restart-attempt`). */
  readonly attempt: number;
  /** The pod's name. */
  readonly pod: string;
  /**
   * Whether the pod failed on its own (or was disrupted: DisruptionTarget), not killed by the
   * deletion of an attempt that had already failed (a deletion without DisruptionTarget).
   */
  readonly primary: boolean;
  /** `pod <p> container <c> exited with code <n> (<reason>)`, and the DisruptionTarget condition. */
  readonly text: string;
}

interface TerminatedView {
  readonly exitCode?: number;
  readonly reason?: string;
}
interface ContainerView {
  readonly name: string;
  readonly state?: { readonly terminated?: TerminatedView };
  readonly lastState?: { readonly terminated?: TerminatedView };
}
interface ConditionView {
  readonly type?: string;
  readonly status?: string;
  readonly reason?: string;
  readonly message?: string;
}

/** The parts of a core/v1 Pod read here (and kept by {@link jobSetPodProjection}). */
export interface FailurePod {
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly uid?: string;
    readonly resourceVersion?: string;
    readonly creationTimestamp?: string;
    readonly deletionTimestamp?: string | Date;
    readonly labels?: Readonly<Record<string, string>>;
  };
  readonly status?: {
    readonly conditions?: readonly ConditionView[];
    readonly containerStatuses?: readonly ContainerView[];
    readonly initContainerStatuses?: readonly ContainerView[];
  };
}

const failed = (c: ContainerView) =>
  (c.state?.terminated?.exitCode ?? c.lastState?.terminated?.exitCode ?? 0) !== 0;

/**
 * The pod as the manager keeps it: name, namespace, uid, resourceVersion, creation and deletion
 * times, the JobSet name and restart-attempt labels, a DisruptionTarget=True condition and the
 * containers that terminated with a non-zero exit code (exit code and reason only).
 */
export function jobSetPodProjection(object: KubeObject): KubeObject {
  const pod = object as FailurePod;
  const m = pod.metadata ?? {};
  const labels: Record<string, string> = {};
  for (const key of [JobSetKeys.JobSetName, JobSetKeys.RestartAttempt]) {
    const value = m.labels?.[key];
    if (value !== undefined) labels[key] = value;
  }
  const containers = (list: readonly ContainerView[] | undefined) =>
    (list ?? []).filter(failed).map((c) => {
      const t = c.state?.terminated ?? c.lastState?.terminated ?? {};
      return { name: c.name, state: { terminated: { exitCode: t.exitCode, reason: t.reason } } };
    });
  const conditions = (pod.status?.conditions ?? [])
    .filter((c) => c.type === DISRUPTION_TARGET && c.status === 'True')
    .map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
      ...(m.deletionTimestamp !== undefined ? { deletionTimestamp: m.deletionTimestamp } : {}),
      labels,
    },
    status: {
      conditions,
      containerStatuses: containers(pod.status?.containerStatuses),
      initContainerStatuses: containers(pod.status?.initContainerStatuses),
    },
  } as KubeObject;
}

/**
 * The failure `pod` shows: a container that terminated with a non-zero exit code (as the Failed
 * event names it: failure-details.ts) and/or a DisruptionTarget=True condition; undefined when
 * it shows neither.
 */
export function podFailureOf(pod: FailurePod): PodFailure | undefined {
  const name = pod.metadata?.name ?? '?';
  const container = describeFailedPod([pod as Parameters<typeof describeFailedPod>[0][number]]);
  const disruption = pod.status?.conditions?.find((c) => c.type === DISRUPTION_TARGET && c.status === 'True');
  if (container === undefined && disruption === undefined) return undefined;
  const condition =
    disruption === undefined
      ? undefined
      : `condition ${DISRUPTION_TARGET}${disruption.reason ? ` (${disruption.reason})` : ''}${
          disruption.message ? `: ${disruption.message}` : ''
        }`;
  const text =
    container === undefined
      ? `pod ${name} ${condition}`
      : condition
        ? `${container}, ${condition}`
        : container;
  const attempt = Number(pod.metadata?.labels?.[JobSetKeys.RestartAttempt] ?? '0');
  return {
    attempt: Number.isInteger(attempt) && attempt >= 0 ? attempt : 0,
    pod: name,
    primary: pod.metadata?.deletionTimestamp === undefined || disruption !== undefined,
    text,
  };
}

/**
 * Which of two failures to keep as the cause of the latest attempt's end: the later attempt; in
 * one attempt, a pod that failed on its own over one killed by the attempt's deletion, else the
 * first seen, but for a newer observation of the same pod (its final state says more).
 */
export function preferredFailure(kept: PodFailure | undefined, seen: PodFailure): PodFailure {
  if (kept === undefined || seen.attempt > kept.attempt) return seen;
  if (seen.attempt < kept.attempt) return kept;
  if (seen.primary !== kept.primary) return seen.primary ? seen : kept;
  return seen.pod === kept.pod ? seen : kept;
}

/** The latest failure of the JobSet pods of each live TrainJob, by TrainJob uid. */
export class JobSetPodFailures {
  private readonly byUid = new Map<string, PodFailure>();

  /** Notes the failure `pod` shows (if any) for the TrainJob of uid `uid`. */
  observe(uid: string, pod: FailurePod): void {
    const seen = podFailureOf(pod);
    if (seen !== undefined) this.byUid.set(uid, preferredFailure(this.byUid.get(uid), seen));
  }

  /**
   * The failure that ended an attempt before `restarts` (status.restarts after the restart), as
   * the restart record names it; undefined when none was seen.
   */
  causeOf(uid: string, restarts: number): string | undefined {
    const kept = this.byUid.get(uid);
    return kept !== undefined && kept.attempt < restarts ? kept.text : undefined;
  }

  /**
   * Keeps the failures the pods of `pods` show for their live, unfinished TrainJob in `trainJobs`
   * (named as the JobSet, label `jobset.sigs.k8s.io/jobset-name`), and forgets a deleted TrainJob.
   */
  connect(pods: Store, trainJobs: Store): void {
    const note = (pod: KubeObject) => {
      const name = pod.metadata?.labels?.[JobSetKeys.JobSetName];
      if (name === undefined) return;
      const trainJob = trainJobs.getByName(pod.metadata?.namespace, name) as TrainJob | undefined;
      const uid = trainJob?.metadata?.uid;
      if (uid !== undefined && !isFinished(trainJob?.status)) this.observe(uid, pod as FailurePod);
    };
    pods.addHandler({ onAdd: note, onUpdate: (_old, pod) => note(pod), onDelete: note });
    trainJobs.addHandler({ onDelete: (trainJob) => this.forget(trainJob.metadata?.uid ?? '') });
  }

  /** Forgets the TrainJob of uid `uid` (finished or deleted). */
  forget(uid: string): void {
    this.byUid.delete(uid);
  }

  /** How many TrainJobs have a failure kept (bounded by the live TrainJobs). */
  get size(): number {
    return this.byUid.size;
  }
}
