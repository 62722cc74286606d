// SPDX-License-Identifier: Apache-2.0
// The runtimes page's data: the ClusterTrainingRuntimes and the TrainingRuntimes the user may list
// (through their own credentials; "forbidden: ..." where RBAC says no), summarised as
// `kubetrain runtimes` does (runtimeSummary), at most MAX_RUNTIMES of each kind per request.

import { ApiError, ForbiddenError, type KubeObject } from '@kubetrain/kube';
import { runtimeSummary, type RuntimeObject } from '../commands/list-runtimes.js';
import { apiFailureText } from './api-failure.js';
import type { ClusterPort } from './cluster-port.js';
import type { RuntimeGroup, RuntimeRow, RuntimesView } from './web/pages-types.js';

/** Runtimes of each kind read per request (one LIST page); more are named in a note. */
export const MAX_RUNTIMES = 200;

/** The ML policy's sources of `runtime` (`torch`, `mpi`), or `<none>`. */
function policyOf(runtime: KubeObject): string {
  const policy = (runtime as { spec?: { mlPolicy?: unknown } }).spec?.mlPolicy;
  if (typeof policy !== 'object' || policy === null) return '<none>';
  const sources = Object.keys(policy).filter((k) => k !== 'numNodes');
  return sources.length > 0 ? sources.join(', ') : '<none>';
}

/** The row of `runtime` of `kind`. */
export function runtimeRow(runtime: KubeObject, kind: string): RuntimeRow {
  const summary = runtimeSummary(runtime as unknown as RuntimeObject, kind);
  return { ...summary, nodes: Number(summary.nodes) || 0, policy: policyOf(runtime) };
}

/** The text of a failed read: the API server's answer, else a generic one. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return apiFailureText(error);
  throw error;
}

const byName = (a: RuntimeRow, b: RuntimeRow): number =>
  a.namespace === b.namespace ? (a.name < b.name ? -1 : 1) : a.namespace < b.namespace ? -1 : 1;

/** The rows of one page, and a note when more were left out. */
function group(items: readonly KubeObject[], kind: string, more: boolean, notes: string[]): RuntimeGroup {
  if (more) notes.push(`only the first ${MAX_RUNTIMES} are shown`);
  return { items: items.map((r) => runtimeRow(r, kind)).sort(byName), notes };
}

/**
 * The runtimes of both kinds; the TrainingRuntimes of the first of `scopes` (namespaces, undefined:
 * every namespace) the user may list, with a note when it fell back to a later one.
 */
export async function runtimesView(
  cluster: ClusterPort,
  scopes: readonly (string | undefined)[],
): Promise<RuntimesView> {
  let clusterGroup: RuntimeGroup;
  try {
    const page = await cluster.list('clustertrainingruntimes', undefined, MAX_RUNTIMES);
    clusterGroup = group(page.items, 'ClusterTrainingRuntime', page.continue !== undefined, []);
  } catch (e) {
    clusterGroup = { items: [], error: failureText(e), notes: [] };
  }
  let namespaced: RuntimeGroup = { items: [], notes: [] };
  for (const [i, scope] of scopes.entries()) {
    try {
      const page = await cluster.list('trainingruntimes', scope, MAX_RUNTIMES);
      const notes =
        i > 0 ? [`namespace ${scope ?? ''} only: you may not list TrainingRuntimes in every namespace`] : [];
      namespaced = group(page.items, 'TrainingRuntime', page.continue !== undefined, notes);
      break;
    } catch (e) {
      namespaced = { items: [], error: failureText(e), notes: [] };
      if (!(e instanceof ForbiddenError)) break;
    }
  }
  return { cluster: clusterGroup, namespaced };
}
