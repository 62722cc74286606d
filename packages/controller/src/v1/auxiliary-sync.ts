// SPDX-License-Identifier: Apache-2.0
// The kind's auxiliary objects (MPIJob's ConfigMap and launcher RBAC, PyTorchJob's HPA): applied with
// server-side apply while the job wants them, deleted otherwise; an apply this process made already
// is not sent again, and a delete is sent once.
import { isNotFound } from '../cluster/kube.js';
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
    if ((wanted || aux.keepWhileSuspended === true) && aux.object !== undefined) {
      const text = JSON.stringify(aux.object);
      if (memory.isApplied(key, text)) continue;
      await deps.client.patch(resource, aux.name, aux.object, {
        type: 'apply',
        namespace,
        fieldManager: FIELD_MANAGER,
        force: true,
      });
      memory.setApplied(key, text);
    } else if (!memory.isAbsent(key)) {
      try {
        await deps.client.delete(resource, aux.name, { namespace });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      memory.setApplied(key, undefined);
    }
  }
}
