// SPDX-License-Identifier: Apache-2.0
// The TrainingRuntime and ClusterTrainingRuntime reconcilers (upstream pkg/controller, section 7.2
// of the guide): the legacy `trainer.kubeflow.org/resource-in-use` finalizer (up to v2.2) is
// removed with a JSON merge patch; nothing else. Runtimes in use may be deleted or changed freely:
// TrainJobs keep running from their snapshots.

import { Finalizers } from '@kubetrain/api/core';
import type { KubeApi, KubeObject, ResourceRef, Store } from '../cluster/kube.js';

/**
 * The merge patch that removes the legacy finalizer from `finalizers`, or undefined when it is
 * not there. The rest of the list is kept in order; an empty list is removed (`null`).
 */
export function finalizerRemovalPatch(
  finalizers: readonly string[] | undefined,
): Record<string, unknown> | undefined {
  if (!finalizers?.includes(Finalizers.ResourceInUse)) return undefined;
  const rest = finalizers.filter((f) => f !== Finalizers.ResourceInUse);
  return { metadata: { finalizers: rest.length > 0 ? rest : null } };
}

/** Reconciles one runtime kind. */
export class RuntimeReconciler {
  constructor(
    private readonly client: KubeApi,
    private readonly resource: ResourceRef,
    private readonly store: Store,
  ) {}

  /** Removes the legacy finalizer from the runtime `key`, if it has it. */
  async reconcile(key: string): Promise<Record<string, never>> {
    const runtime: KubeObject | undefined = this.store.get(key);
    const patch = finalizerRemovalPatch(runtime?.metadata?.finalizers);
    if (runtime === undefined || patch === undefined) return {};
    const written = await this.client.patch(this.resource, runtime.metadata?.name ?? '', patch, {
      type: 'merge',
      namespace: runtime.metadata?.namespace,
    });
    this.store.recordWrite(written);
    return {};
  }
}
