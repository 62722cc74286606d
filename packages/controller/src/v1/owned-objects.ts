// SPDX-License-Identifier: Apache-2.0
// Creating and deleting the objects a v1 job owns (pods, Services, the job itself at its TTL): creates
// tolerate AlreadyExists, deletes carry the object's UID as a precondition and tolerate NotFound and
// Conflict, and a pod this process deleted is not deleted again until the store drops it.
import {
  isAlreadyExists,
  isNotFound,
  ConflictError,
  type KubeApi,
  type KubeObject,
  type ResourceRef,
} from '../cluster/kube.js';
import type { PodView } from '@kubetrain/runtime/v1';
import type { V1JobMemory } from './job-memory.js';
import type { Pass } from './reconcile-pass.js';
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
