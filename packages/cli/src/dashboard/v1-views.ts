// SPDX-License-Identifier: Apache-2.0
// What the page is sent of a Training Operator v1 job (PyTorchJob, TFJob, ...): its list row (state
// from its conditions, replicas as nodes, GPUs from its replica specs) and its page (conditions, pods
// by replica type, events, YAML), in the same shapes as a TrainJob's (views.ts).

import { findFailedContainer } from '@kubetrain/api';
import { V1ReplicaSpecsFields, type V1KindName } from '@kubetrain/api/core';
import { kueueQueueOf } from '@kubetrain/runtime';
import { V1Labels, v1ReplicaCounts, v1RequestedGpus, type GpuReplicaSpec } from '@kubetrain/runtime/v1';
import { stringify } from 'yaml';
import {
  conditionRows,
  eventRows,
  podRow,
  type ConditionLike,
  type EventLike,
  type PodLike,
} from './views.js';
import type { JobDetail, JobRow } from './web/feed-types.js';

/** A v1 job as the page reads it. */
export interface V1JobLike {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name?: string;
    namespace?: string;
    creationTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [field: string]: unknown;
  };
  spec?: Record<string, unknown> & { runPolicy?: { suspend?: boolean } };
  status?: { conditions?: ConditionLike[]; startTime?: string; completionTime?: string };
}

/** The list's state of each True condition type, the first that holds wins. */
const STATES: readonly (readonly [string, string])[] = [
  ['Failed', 'Failed'],
  ['Succeeded', 'Complete'],
  ['Suspended', 'Suspended'],
  ['Restarting', 'Restarting'],
  ['Running', 'Running'],
  ['Created', 'Created'],
];

/**
 * The state of a v1 job, in the TrainJobs' words: Failed, Complete (Succeeded), Suspended (the
 * condition, or `spec.runPolicy.suspend` before it), Restarting, Running, Created, else Pending.
 */
export function v1State(job: V1JobLike): string {
  const isTrue = (type: string): boolean =>
    (job.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
  for (const [type, state] of STATES.slice(0, 2)) if (isTrue(type)) return state;
  if (job.spec?.runPolicy?.suspend === true) return 'Suspended';
  for (const [type, state] of STATES.slice(2)) if (isTrue(type)) return state;
  return 'Pending';
}

function replicaSpecsOf(kind: V1KindName, job: V1JobLike): Record<string, GpuReplicaSpec> {
  const specs = job.spec?.[V1ReplicaSpecsFields[kind]];
  return typeof specs === 'object' && specs !== null ? (specs as Record<string, GpuReplicaSpec>) : {};
}

/** The row of the v1 job `job` of `kind`: its replicas as nodes, `restarts` its pods' (0 in the list). */
export function v1JobRow(kind: V1KindName, job: V1JobLike, restarts = 0): JobRow {
  const specs = replicaSpecsOf(kind, job);
  return {
    kind,
    namespace: job.metadata.namespace ?? '',
    name: job.metadata.name ?? '',
    state: v1State(job),
    runtime: '',
    nodes: Object.values(v1ReplicaCounts(kind, specs)).reduce((a, b) => a + b, 0),
    gpus: v1RequestedGpus(kind, specs),
    queue: kueueQueueOf({ metadata: job.metadata }),
    created: job.metadata.creationTimestamp ?? '',
    started: job.status?.startTime ?? '',
    finished: job.status?.completionTime ?? '',
    progress: -1,
    metrics: [],
    restarts,
    suspended: job.spec?.runPolicy?.suspend === true,
  };
}

/** A pod's replica as the page names it: `master-0`, `worker-1` (its v1 labels), '' without them. */
export function v1Step(pod: PodLike): string {
  const labels = pod.metadata.labels ?? {};
  const type = labels[V1Labels.ReplicaType];
  if (type === undefined) return '';
  const index = labels[V1Labels.ReplicaIndex];
  return index === undefined ? type : `${type}-${index}`;
}

/** Whether `pod` is one of the v1 job `name` of `kind`: its job-name label, and its owner when it has one. */
export function isPodOfV1Job(pod: PodLike, kind: V1KindName, name: string): boolean {
  const meta = pod.metadata as PodLike['metadata'] & { ownerReferences?: { kind?: string; name?: string }[] };
  if (meta.labels?.[V1Labels.JobName] !== name) return false;
  const owner = (meta.ownerReferences ?? []).find((o) => o.kind !== undefined && o.name !== undefined);
  return owner === undefined || (owner.kind === kind && owner.name === name);
}

/** The page of the v1 job `job`, its pods and the events of the job and its pods. */
export function v1JobDetail(
  kind: V1KindName,
  job: V1JobLike,
  pods: readonly PodLike[],
  events: readonly EventLike[],
): JobDetail {
  const { managedFields: _dropped, ...metadata } = job.metadata;
  const podRows = [...pods]
    .map((p) => podRow(p, v1Step(p)))
    .sort((a, b) => a.step.localeCompare(b.step) || a.name.localeCompare(b.name));
  return {
    row: v1JobRow(
      kind,
      job,
      podRows.reduce((sum, p) => sum + p.restarts, 0),
    ),
    conditions: conditionRows(job.status?.conditions ?? []),
    pods: podRows,
    events: eventRows(events),
    failure: findFailedContainer(pods),
    labels: job.metadata.labels ?? {},
    annotations: job.metadata.annotations ?? {},
    yaml: stringify({ ...job, metadata }),
  };
}
