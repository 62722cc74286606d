// SPDX-License-Identifier: Apache-2.0
// The PodGroup of a gang-scheduled v1 job and what its pods carry, as upstream's training-operator v1.9
// (pkg/controller.v1/common/job.go ReconcileJobs, scheduling.go SyncPodGroup, util.go
// CalcPGMinResources, control/podgroup_control.go): one PodGroup named after the job, in its
// namespace, with the job's annotations and its controller owner reference; minMember from
// `schedulingPolicy.minAvailable`, else the sum of replicas; Volcano's queue (`default` unless the
// policy or the existing PodGroup names one) and priorityClassName; minResources from the policy, else
// the requests of the first minMember pods; scheduleTimeoutSeconds for scheduler-plugins only.
import { stringifyJson } from '@kubetrain/api/core';
import { Annotations, Labels } from '@kubetrain/api/core';
import { KindRefs, type KindRef } from '../framework/kinds.js';
import { addToResourceList, formatResourceList, parseQuantity, type Quantity } from '../util/quantity.js';
import type { GangScheduling } from './gang-flag.js';
import type {
  Container,
  PodTemplate,
  ReplicaSpecs,
  V1JobObject,
  V1Object,
  V1ObjectApi,
} from './job-types.js';
import { ownerReference } from './render.js';

/** Volcano's PodGroup API. */
/** A kind as the v1 engine names the objects it builds: apiVersion, kind, plural. */
function objectApi(kind: KindRef): V1ObjectApi {
  return {
    apiVersion: kind.group === '' ? kind.version : `${kind.group}/${kind.version}`,
    kind: kind.kind,
    plural: kind.resource,
  };
}

const VOLCANO_POD_GROUP = objectApi(KindRefs.VolcanoPodGroup);
/** scheduler-plugins' (Coscheduling) PodGroup API. */
const COSCHEDULING_POD_GROUP = objectApi(KindRefs.SchedulerPluginsPodGroup);
/** The pod annotation naming a pod's Volcano task (`volcanobatchv1alpha1.TaskSpecKey`). */
const VOLCANO_TASK_SPEC_ANNOTATION = 'volcano.sh/task-spec';
/** Volcano's queue when neither the policy nor the PodGroup names one. */
const DEFAULT_QUEUE = 'default';

/** The event upstream records when a template names another scheduler (`podTemplateSchedulerNameReason`). */
export const SCHEDULER_NAME_EVENT = {
  reason: 'SetPodTemplateSchedulerName',
  note: 'Another scheduler is specified when gang-scheduling is enabled and it will not be overwritten',
} as const;

/** A PodGroup as the core reads and writes it. */
export interface PodGroupObject extends V1Object {
  spec?: Record<string, unknown>;
  status?: { phase?: string; [field: string]: unknown };
}

/** The PodGroup API of `gang`'s plugin. */
export function podGroupApi(gang: GangScheduling): V1ObjectApi {
  return gang.plugin === 'volcano' ? VOLCANO_POD_GROUP : COSCHEDULING_POD_GROUP;
}

/** Adds one container's requests (or, when it has none, its limits) to `list`, as `AddResourceList`. */
function addContainer(list: Map<string, Quantity>, c: Container): void {
  const from = c.resources?.requests ?? c.resources?.limits ?? {};
  for (const [name, value] of Object.entries(from))
    addToResourceList(list, name, parseQuantity(value as string | number));
}

/**
 * The resources of the first `minMember` pods, replica types in `order` (upstream sorts them by the
 * value of their priority classes; with no priority class read here, every type counts as 0).
 */
function minResourcesOf(minMember: number, specs: ReplicaSpecs, order: readonly string[]) {
  const list = new Map<string, Quantity>();
  let count = 0;
  for (const rtype of order) {
    const spec = specs[rtype];
    if (spec?.replicas === undefined) continue;
    const containers = (spec.template as PodTemplate | undefined)?.spec?.containers ?? [];
    for (let i = 0; i < spec.replicas && count < minMember; i++) {
      count++;
      for (const c of containers) addContainer(list, c);
    }
  }
  return formatResourceList(list);
}

/**
 * The spec the PodGroup of `job` should have. `existingQueue` is the queue of a Volcano PodGroup that
 * already exists (upstream keeps it).
 */
export function podGroupSpec(
  job: V1JobObject,
  specs: ReplicaSpecs,
  order: readonly string[],
  gang: GangScheduling,
  existingQueue?: string,
): Record<string, unknown> {
  const policy = job.spec.runPolicy?.schedulingPolicy;
  const total = Object.values(specs).reduce((n, s) => n + (s.replicas ?? 0), 0);
  const minMember = policy?.minAvailable ?? total;
  const minResources =
    policy?.minResources !== undefined
      ? (policy.minResources as Record<string, unknown>)
      : minResourcesOf(minMember, specs, order);
  const member = minMember !== 0 ? { minMember } : {};
  if (gang.plugin === 'volcano') {
    const queue =
      existingQueue !== undefined && existingQueue !== ''
        ? existingQueue
        : policy?.queue !== undefined && policy.queue !== ''
          ? policy.queue
          : DEFAULT_QUEUE;
    const priority = policy?.priorityClass;
    return {
      ...member,
      queue,
      ...(priority !== undefined && priority !== '' ? { priorityClassName: priority } : {}),
      minResources,
    };
  }
  return {
    ...member,
    ...(Object.keys(minResources).length > 0 ? { minResources } : {}),
    ...(policy?.scheduleTimeoutSeconds !== undefined
      ? { scheduleTimeoutSeconds: policy.scheduleTimeoutSeconds }
      : {}),
  };
}

/** A new PodGroup of `job` with `spec` (named after the job, its annotations, owned by it). */
export function newPodGroup(
  job: V1JobObject,
  gang: GangScheduling,
  spec: Record<string, unknown>,
): PodGroupObject {
  const api = podGroupApi(gang);
  const annotations = job.metadata?.annotations;
  return {
    apiVersion: api.apiVersion,
    kind: api.kind,
    metadata: {
      name: job.metadata?.name ?? '',
      namespace: job.metadata?.namespace,
      ...(annotations !== undefined ? { annotations: { ...annotations } } : {}),
      ownerReferences: [ownerReference(job)],
    },
    spec,
  } as PodGroupObject;
}

function sameResources(a: unknown, b: unknown): boolean {
  const left = Object.entries((a ?? {}) as Record<string, string | number>);
  const right = (b ?? {}) as Record<string, string | number>;
  if (left.length !== Object.keys(right).length) return false;
  return left.every(
    ([k, v]) => right[k] !== undefined && parseQuantity(v).nanos === parseQuantity(right[k]!).nanos,
  );
}

/** Whether the stored spec `current` equals `wanted` (quantities compared by value): no update needed. */
export function samePodGroupSpec(
  current: Record<string, unknown> | undefined,
  wanted: Record<string, unknown>,
) {
  const have = current ?? {};
  const keys = new Set([...Object.keys(have), ...Object.keys(wanted)]);
  for (const k of keys) {
    if (k === 'minResources') {
      if (!sameResources(have[k], wanted[k])) return false;
    } else if (stringifyJson(have[k]) !== stringifyJson(wanted[k])) return false;
  }
  return true;
}

/** Volcano only: pods wait while the PodGroup is missing or its phase is empty or `Pending`. */
export function delaysPodCreation(gang: GangScheduling, group: PodGroupObject | undefined): boolean {
  if (gang.plugin !== 'volcano') return false;
  const phase = group?.status?.phase;
  return group === undefined || phase === undefined || phase === '' || phase === 'Pending';
}

/** Whether a replica's template names a scheduler other than the gang scheduler (a warning event). */
export function otherSchedulerSet(specs: ReplicaSpecs, gang: GangScheduling): boolean {
  return Object.values(specs).some((s) => {
    const name = (s.template as PodTemplate | undefined)?.spec?.schedulerName;
    return typeof name === 'string' && name !== '' && name !== gang.schedulerName;
  });
}

/**
 * Puts `pod` in `job`'s gang (upstream's DecoratePodTemplateSpec): the scheduler name unless the
 * template has one; Volcano's group-name and task-spec (`rtype` lowercase) annotations, or the
 * scheduler-plugins pod-group label.
 */
export function joinGang(pod: V1Object, job: V1JobObject, gang: GangScheduling, rtype: string): void {
  const spec = (pod as { spec?: Record<string, unknown> }).spec ?? {};
  if (typeof spec['schedulerName'] !== 'string' || spec['schedulerName'] === '')
    spec['schedulerName'] = gang.schedulerName;
  (pod as { spec?: Record<string, unknown> }).spec = spec;
  const metadata = (pod.metadata ??= {});
  const name = job.metadata?.name ?? '';
  if (gang.plugin === 'volcano') {
    metadata.annotations = {
      ...metadata.annotations,
      [Annotations.VolcanoGroupName]: name,
      [VOLCANO_TASK_SPEC_ANNOTATION]: rtype.toLowerCase(),
    };
  } else metadata.labels = { ...metadata.labels, [Labels.CoschedulingPodGroup]: name };
}
