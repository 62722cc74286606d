// SPDX-License-Identifier: Apache-2.0
// The kind's auxiliary objects (MPIJob's ConfigMap and launcher RBAC, PyTorchJob's HPA): applied with
// server-side apply while the job wants them, deleted otherwise; an apply this process made already
// is not sent again, and a delete is sent once. The first time this process meets an object (after a
// restart, or a takeover from the Training Operator) it reads it: one that already holds what would
// be applied is not applied again, one that does not exist is not deleted.
import { stringifyJson } from '@kubetrain/api/core';
import { containedIn } from '../cluster/contained-in.js';
import { isNotFound, type KubeObject } from '../cluster/kube.js';
import type { V1JobMemory } from './job-memory.js';
import type { Pass, V1ReconcilerDeps } from './reconcile-pass.js';
import { objectApiResource } from './resources.js';

/** The field manager of the v1 controllers' server-side applies. */
export const FIELD_MANAGER = 'kubetrain-v1';

/**
 * Applies the kind's auxiliary objects when `wanted` (and the kind wants them), else deletes them.
 * An apply is skipped when this process applied the same object already; a delete is sent once.
 */
export async function syncAuxiliary(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
  wanted: boolean,
): Promise<void> {
  const uid = pass.job.metadata?.uid ?? '';
  const namespace = pass.job.metadata?.namespace;
  for (const aux of deps.framework.auxiliary?.(pass.job, pass.specs, pass.pods) ?? []) {
    const resource = objectApiResource(aux.api);
    const key = `${uid}/${resource.resource}/${aux.name}`;
    const firstMeeting = !memory.isKnown(key);
    const read = () => readLive(deps, resource, aux.name, namespace);
    if ((wanted || aux.keepWhileSuspended === true) && aux.object !== undefined) {
      const text = stringifyJson(aux.object);
      if (memory.isApplied(key, text)) continue;
      if (firstMeeting && containedIn(withoutIdentity(aux.object), await read())) {
        memory.setApplied(key, text);
        continue;
      }
      await deps.client.patch(resource, aux.name, aux.object, {
        type: 'apply',
        namespace,
        fieldManager: FIELD_MANAGER,
        force: true,
      });
      memory.setApplied(key, text);
    } else if (!memory.isAbsent(key)) {
      if (firstMeeting && (await read()) === undefined) {
        memory.setApplied(key, undefined);
        continue;
      }
      try {
        await deps.client.delete(resource, aux.name, { namespace });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      memory.setApplied(key, undefined);
    }
  }
}

/** The live object, or undefined when it does not exist. */
async function readLive(
  deps: V1ReconcilerDeps,
  resource: ReturnType<typeof objectApiResource>,
  name: string,
  namespace: string | undefined,
): Promise<KubeObject | undefined> {
  try {
    return await deps.client.get(resource, name, namespace !== undefined ? { namespace } : {});
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** What an apply sets, without the apiVersion and kind a read may not echo (the API server does). */
function withoutIdentity(object: object): object {
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = object as Record<string, unknown>;
  return rest;
}
