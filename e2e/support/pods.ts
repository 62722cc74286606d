// SPDX-License-Identifier: Apache-2.0
// Reading pods of a workload, and a one-line summary of them for timeout messages.
import type { V1Pod } from '@kubernetes/client-node';
import { cluster } from './cluster.js';

export async function listPods(namespace: string, labelSelector: string): Promise<V1Pod[]> {
  const list = await cluster().core.listNamespacedPod({ namespace, labelSelector });
  return list.items;
}

/** "name=Phase@node, ..." for every pod matching the selector. */
export async function describePods(namespace: string, labelSelector: string): Promise<string> {
  const pods = await listPods(namespace, labelSelector);
  const states = pods.map(
    (p) => `${p.metadata?.name}=${p.status?.phase ?? '?'}@${p.spec?.nodeName ?? 'unscheduled'}`,
  );
  return `pods (${labelSelector}): ${states.join(', ') || 'none'}`;
}
