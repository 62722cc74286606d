// SPDX-License-Identifier: Apache-2.0
// Creating and deleting the objects a v1 job owns (pods, Services, the job itself at its TTL): creates
// tolerate AlreadyExists, deletes carry the object's UID as a precondition and tolerate NotFound and
// Conflict, and a pod this process deleted is not deleted again until the store drops it. A pod or
// Service whose name is taken in the store by an object that is not the job's (the pod of a same-name
// job deleted and created again that the garbage collector has not removed yet, another operator's,
// one without a controller owner) is not created: the job is warned once per such object and looked
// at again with back-off until the store drops it.
import { controllerOwnerText } from '../cluster/controller-owner-text.js';
import { freshest } from '../cluster/freshest.js';
import {
  backoffDelay,
  controllerOwner,
  isAlreadyExists,
  keyOf,
  isNotFound,
  ConflictError,
  type KubeApi,
  type KubeObject,
  type ResourceRef,
  type Store,
} from '../cluster/kube.js';
import { V1Labels, type PodView } from '@kubetrain/runtime/v1';
import type { V1JobMemory } from './job-memory.js';
import { reasonOf, type Pass, type V1ReconcilerDeps } from './reconcile-pass.js';
import { V1OwnedResources } from './resources.js';

/** Creates `object`; one that exists already is left as it is. */
export async function createObject(
  client: KubeApi,
  resource: ResourceRef,
  object: KubeObject,
): Promise<void> {
  try {
    await client.create(resource, object);
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
}

/** How often a job waiting for others' objects is looked at: 1 s, doubling, at most every 5 minutes. */
const BLOCKED_BACKOFF = { initialMs: 1000, maxMs: 300_000, factor: 2, jitter: 0 };

/** Whether `object` is the job's: controlled by the job of `uid`, with the kind's operator label. */
export function isJobsObject(object: KubeObject, uid: string, operatorName: string): boolean {
  return (
    controllerOwner(object)?.uid === uid && object.metadata?.labels?.[V1Labels.OperatorName] === operatorName
  );
}

/**
 * Creates the job's pod or Service `object` (`kind` names it in the event: `Pod`, `Service`) unless
 * `store` holds an object of its name that is not the job's: then nothing is sent, the object is
 * added to `pass.blocked`, and the first time the job meets it a Warning event
 * `<Kind><kind>OwnedByOther` names it and its controller owner.
 */
export async function createUnlessTaken(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
  target: { readonly kind: 'Pod' | 'Service'; readonly resource: ResourceRef; readonly store: Store },
  object: KubeObject,
): Promise<void> {
  const jobUid = pass.job.metadata?.uid ?? '';
  const operator = deps.framework.operatorName;
  const key = keyOf(pass.job.metadata?.namespace ?? '', object.metadata?.name ?? '');
  const live = freshest(target.store.getOrRecent(key));
  if (live === undefined || isJobsObject(live, jobUid, operator))
    return createObject(deps.client, target.resource, object);
  pass.blocked.push(live);
  if (!memory.warnBlockedOnce(jobUid, live.metadata?.uid ?? key)) return;
  const label = live.metadata?.labels?.[V1Labels.OperatorName];
  const labelText = label === operator ? '' : `, label ${V1Labels.OperatorName}=${label ?? ''}`;
  pass.events.push({
    type: 'Warning',
    reason: reasonOf(deps.framework, `${target.kind}OwnedByOther`),
    note:
      `${target.kind} ${key} already exists and is not this ${deps.framework.kind}'s (uid ${jobUid}): ` +
      `${controllerOwnerText(live)}${labelText}; waiting for it to be deleted`,
  });
}

/**
 * When the job waits for others' objects (`pass.blocked`), the delay before it is looked at again,
 * growing with each reconcile that still waits; else undefined, and the wait starts over.
 */
export function blockedRequeueMs(memory: V1JobMemory, pass: Pass): number | undefined {
  const jobUid = pass.job.metadata?.uid ?? '';
  if (pass.blocked.length === 0) {
    memory.clearBlocked(jobUid);
    return undefined;
  }
  return backoffDelay(BLOCKED_BACKOFF, memory.nextWait(jobUid));
}

/** Deletes `object` if it is still the one of its UID; gone or replaced is not an error. */
export async function deleteObject(
  client: KubeApi,
  resource: ResourceRef,
  object: KubeObject,
): Promise<void> {
  try {
    await client.delete(resource, object.metadata?.name ?? '', {
      namespace: object.metadata?.namespace,
      preconditions: { uid: object.metadata?.uid ?? '' },
    });
  } catch (error) {
    if (!isNotFound(error) && !(error instanceof ConflictError)) throw error;
  }
}

/** Deletes `pod` unless this process did already or it is being deleted; remembers the delete. */
export async function deletePod(client: KubeApi, memory: V1JobMemory, pod: PodView): Promise<void> {
  const uid = pod.metadata?.uid ?? '';
  if (memory.isDeleted(uid) || pod.metadata?.deletionTimestamp !== undefined) return;
  await deleteObject(client, V1OwnedResources.Pod, pod);
  memory.markDeleted(uid);
}

/** Deletes `pods` and the Services of the same names (every Service when `pods` is all the job's). */
export async function deletePods(
  client: KubeApi,
  memory: V1JobMemory,
  pass: Pass,
  pods: readonly PodView[],
): Promise<void> {
  const names = new Set(pods.map((p) => p.metadata?.name));
  for (const pod of pods) await deletePod(client, memory, pod);
  for (const svc of pass.services)
    if (names.has(svc.metadata?.name) || pods === pass.pods)
      await deleteObject(client, V1OwnedResources.Service, svc);
}
