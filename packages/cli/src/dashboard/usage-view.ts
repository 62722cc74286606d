// SPDX-License-Identifier: Apache-2.0
// The usage page's data: GPU-hours by namespace, Kueue queue and runtime over a period, computed by
// `kubetrain usage`'s own readUsage through the user's credentials (the same figures, formatted by
// formatGpuHours as it prints them). The period comes from the URL: `period=24h|7d|30d`, or
// `from=` and `to=` (RFC 3339 or a date, as `--since` and `--until`).

import { Kinds } from '@kubetrain/api';
import { ForbiddenError } from '@kubetrain/kube';
import {
  formatGpuHours,
  parsePeriod,
  parseTimeBound,
  readUsage,
  rfc3339,
  type UsageJob,
  type UsageRow,
  type UsageRuntime,
  type UsageSource,
} from '../commands/usage.js';
import { UsageError } from '../io.js';
import type { ClusterPort } from './cluster-port.js';
import { UsagePeriods, type UsageRowView, type UsageView } from './web/pages-types.js';

/** The period when the URL names none. */
export const DEFAULT_PERIOD = '7d';

/** A period the page cannot use; its message names the parameter. */
export class UsageParamError extends Error {}

/** The window of the URL's parameters at `nowMs`; throws {@link UsageParamError} naming the bad one. */
export function usageWindowOf(params: URLSearchParams, nowMs: number): { fromMs?: number; toMs: number } {
  const from = params.get('from') || undefined;
  const to = params.get('to') || undefined;
  const period = params.get('period') || undefined;
  try {
    if (from !== undefined || to !== undefined) {
      if (period !== undefined) throw new UsageParamError('period: cannot be used with from and to');
      const toMs = to !== undefined ? parseTimeBound('to', to) : nowMs;
      const fromMs = from !== undefined ? parseTimeBound('from', from) : undefined;
      if (fromMs !== undefined && fromMs >= toMs)
        throw new UsageParamError('from: the period ends before it starts');
      return { ...(fromMs !== undefined ? { fromMs } : {}), toMs };
    }
    const chosen = period ?? DEFAULT_PERIOD;
    if (!(UsagePeriods as readonly string[]).includes(chosen))
      throw new UsageParamError(`period: use one of ${UsagePeriods.join(', ')}`);
    return { fromMs: nowMs - parsePeriod(chosen), toMs: nowMs };
  } catch (e) {
    if (e instanceof UsageError) throw new UsageParamError(e.message);
    throw e;
  }
}

/** The usage source over the dashboard's cluster port, in `namespace` (undefined: every namespace). */
export function portUsageSource(cluster: ClusterPort, namespace: string | undefined): UsageSource {
  return {
    async listRuntimes(kind) {
      const resource = kind === Kinds.TrainingRuntime ? 'trainingruntimes' : 'clustertrainingruntimes';
      const items: UsageRuntime[] = [];
      let next: string | undefined;
      do {
        const page = await cluster.list(resource, namespace, 500, next);
        items.push(...(page.items as UsageRuntime[]));
        next = page.continue;
      } while (next !== undefined);
      return items;
    },
    async listTrainJobs(limit, continueToken) {
      const page = await cluster.list('trainjobs', namespace, limit, continueToken);
      return { items: page.items as UsageJob[], continue: page.continue };
    },
  };
}

const view = (rows: readonly UsageRow[] | undefined): UsageRowView[] =>
  (rows ?? []).map((r) => ({ key: r.key, jobs: r.jobs, gpuHours: formatGpuHours(r.gpuHours) }));

/** The TOTAL row of `rows`, as `kubetrain usage` prints it. */
function totalOf(rows: readonly UsageRow[]): UsageRowView {
  const jobs = rows.reduce((n, r) => n + r.jobs, 0);
  const hours = rows.reduce((n, r) => n + r.gpuHours, 0);
  return { key: 'TOTAL', jobs, gpuHours: formatGpuHours(hours) };
}

/**
 * The usage of the first of `scopes` (namespaces, undefined: every namespace) whose TrainJobs the
 * user may list, with a note when it fell back to a later one. A refusal of the last rejects with
 * its ApiError.
 */
export async function usageView(
  cluster: ClusterPort,
  scopes: readonly (string | undefined)[],
  window: { fromMs?: number; toMs: number },
  nowMs: number,
): Promise<UsageView> {
  for (const [i, scope] of scopes.entries()) {
    try {
      const usage = await readUsage(
        portUsageSource(cluster, scope),
        ['namespace', 'queue', 'runtime'],
        nowMs,
        window,
      );
      return {
        ...(window.fromMs !== undefined ? { since: rfc3339(window.fromMs) } : {}),
        until: rfc3339(window.toMs),
        namespace: scope ?? '',
        notes: i > 0 ? [`namespace ${scope ?? ''} only: you may not list TrainJobs in every namespace`] : [],
        namespaces: view(usage.get('namespace')),
        queues: view(usage.get('queue')),
        runtimes: view(usage.get('runtime')),
        total: totalOf(usage.get('namespace') ?? []),
      };
    } catch (e) {
      if (!(e instanceof ForbiddenError) || i === scopes.length - 1) throw e;
    }
  }
  throw new Error('usageView: no namespace to read');
}
