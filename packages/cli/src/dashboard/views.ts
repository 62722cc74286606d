// SPDX-License-Identifier: Apache-2.0
// What the page is sent of the cluster's objects: plain rows, computed on the server by the CLI's own
// rules (state, steps, GPUs, queue), never whole objects except the TrainJob's YAML on its own page.
// The page treats every string here as text.

import { findFailedContainer } from '@kubetrain/api';
import { kueueQueueOf, requestedGpus, type UsageTrainJob } from '@kubetrain/runtime';
import { stringify } from 'yaml';
import { stateOf, stepsOf, type PodObject, type TrainJobObject } from '../cluster/trainjob-view.js';
import {
  TRAINJOB_KIND,
  type ConditionRow,
  type EventRow,
  type JobDetail,
  type JobRow,
  type PodRow,
  type TrainerReport,
} from './web/feed-types.js';

export type { JobDetail, JobRow } from './web/feed-types.js';

/** A TrainJob as the page reads it. */
export interface TrainJobLike extends TrainJobObject {
  metadata: TrainJobObject['metadata'] & {
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    generation?: number;
  };
}

/** The row of `job`; `gpus` as {@link RuntimeTable.gpusOf} counts them with the job's runtime. */
export function jobRow(job: TrainJobLike, gpus = requestedGpus(job as UsageTrainJob, undefined)): JobRow {
  const trainer = job.status?.trainerStatus;
  return {
    kind: TRAINJOB_KIND,
    namespace: job.metadata.namespace ?? '',
    name: job.metadata.name ?? '',
    state: stateOf(job),
    runtime: job.spec?.runtimeRef?.name ?? '',
    nodes: job.spec?.trainer?.numNodes ?? 1,
    gpus,
    queue: kueueQueueOf(job as UsageTrainJob),
    created: job.metadata.creationTimestamp ?? '',
    started: job.status?.startTime ?? '',
    finished: job.status?.completionTime ?? '',
    progress: trainer?.progressPercentage ?? -1,
    metrics: (trainer?.metrics ?? []).slice(0, 8).map((m) => ({ name: m.name ?? '', value: m.value ?? '' })),
    restarts: job.status?.restarts ?? 0,
    suspended: job.spec?.suspend === true,
  };
}

/** A pod with the fields the page reads. */
export interface PodLike extends PodObject {
  metadata: PodObject['metadata'] & { namespace?: string };
  spec?: PodObject['spec'] & { nodeName?: string };
  status?: PodObject['status'] & {
    containerStatuses?: ContainerStatusLike[];
    initContainerStatuses?: ContainerStatusLike[];
  };
}

interface ContainerStatusLike {
  name: string;
  restartCount?: number;
  state?: { terminated?: { exitCode?: number; reason?: string } };
  lastState?: { terminated?: { exitCode?: number; reason?: string } };
}

/** An Event with the fields the page reads. */
export interface EventLike {
  metadata: { name?: string; namespace?: string; creationTimestamp?: string };
  involvedObject?: { kind?: string; name?: string };
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  lastTimestamp?: string;
  eventTime?: string;
  series?: { lastObservedTime?: string; count?: number };
}

/** How many events a job's page shows (the newest). */
export const MAX_EVENTS = 100;

/** The row of `pod`, named `step` on the page. */
export function podRow(pod: PodLike, step: string): PodRow {
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  const exitCodes = statuses.flatMap((c) => {
    const t = c.state?.terminated ?? c.lastState?.terminated;
    if (t?.exitCode === undefined) return [];
    return [`${c.name}: ${t.exitCode}${t.reason ? ` (${t.reason})` : ''}`];
  });
  return {
    name: pod.metadata.name ?? '',
    step,
    phase: pod.status?.phase ?? 'Pending',
    node: pod.spec?.nodeName ?? '',
    restarts: statuses.reduce((sum, c) => sum + (c.restartCount ?? 0), 0),
    exitCodes,
  };
}

function eventTime(event: EventLike): string {
  return (
    event.series?.lastObservedTime ??
    event.lastTimestamp ??
    event.eventTime ??
    event.metadata.creationTimestamp ??
    ''
  );
}

/** A condition as the page's timeline reads it. */
export interface ConditionLike {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** The conditions as a timeline, oldest first. */
export function conditionRows(conditions: readonly ConditionLike[]): ConditionRow[] {
  return conditions
    .map((c) => ({
      type: c.type,
      status: c.status,
      reason: c.reason ?? '',
      message: c.message ?? '',
      time: c.lastTransitionTime ?? '',
    }))
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** The newest {@link MAX_EVENTS} of `events`, newest first. */
export function eventRows(events: readonly EventLike[]): EventRow[] {
  return [...events]
    .map((e) => ({
      time: eventTime(e),
      type: e.type ?? '',
      reason: e.reason ?? '',
      object: `${e.involvedObject?.kind ?? ''}/${e.involvedObject?.name ?? ''}`,
      message: e.message ?? '',
      count: e.series?.count ?? e.count ?? 1,
    }))
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, MAX_EVENTS);
}

/** The page of `job` (`gpus` as {@link jobRow}'s), its pods and the events of the job, its workload and its pods. */
export function jobDetail(
  job: TrainJobLike,
  pods: readonly PodLike[],
  events: readonly EventLike[],
  gpus?: number,
): JobDetail {
  const steps = new Map(stepsOf(pods).map((s) => [s.pod, s.name]));
  const { managedFields: _dropped, ...metadata } = job.metadata as TrainJobLike['metadata'] & {
    managedFields?: unknown;
  };
  const row = jobRow(job, gpus);
  return {
    row: { ...row, state: stateOf(job, stepsOf(pods)) },
    conditions: conditionRows(job.status?.conditions ?? []),
    pods: [...pods]
      .map((p) => podRow(p, steps.get(p.metadata.name ?? '') ?? ''))
      .sort((a, b) => a.step.localeCompare(b.step) || a.name.localeCompare(b.name)),
    events: eventRows(events),
    failure: findFailedContainer(pods),
    labels: job.metadata.labels ?? {},
    annotations: job.metadata.annotations ?? {},
    yaml: stringify({ ...job, metadata }),
    report: trainerReport(job),
  };
}

/** How many metrics of a report the page is sent, and their longest name and value (the CRD's bounds). */
export const MAX_REPORT_METRICS = 256;
export const MAX_METRIC_TEXT = 64;

/**
 * The trainer's last report, its metrics within the CRD's bounds (the values come from the trainer:
 * untrusted, so cut here too); undefined without a `lastUpdatedTime`, which the CRD requires.
 */
export function trainerReport(job: TrainJobLike): TrainerReport | undefined {
  const trainer = job.status?.trainerStatus;
  if (!trainer?.lastUpdatedTime) return undefined;
  return {
    time: trainer.lastUpdatedTime,
    progress: trainer.progressPercentage ?? -1,
    metrics: (trainer.metrics ?? []).slice(0, MAX_REPORT_METRICS).map((m) => ({
      name: (m.name ?? '').slice(0, MAX_METRIC_TEXT),
      value: (m.value ?? '').slice(0, MAX_METRIC_TEXT),
    })),
  };
}

/** Whether `event` is about the TrainJob `name`, its JobSet / LeaderWorkerSet / Jobs, or one of `podNames`. */
export function eventConcerns(event: EventLike, name: string, podNames: ReadonlySet<string>): boolean {
  const object = event.involvedObject?.name ?? '';
  return object === name || podNames.has(object) || object.startsWith(`${name}-`);
}
