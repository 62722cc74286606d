// SPDX-License-Identifier: Apache-2.0
// The manager-side counters the benchmark reads from a manager's Prometheus endpoint, by
// controller-runtime's metric names (kubetrain exports the same names): reconciles and their
// errors, and the client's own request count by HTTP method (`rest_client_requests_total`,
// when the manager exports it).
import { httpGet } from './process.js';
import { parseSamples } from './prom-text.js';

/** A snapshot of a manager's counters. */
export interface ManagerCounters {
  /** controller_runtime_reconcile_total of the TrainJob controller, all results. */
  reconciles: number;
  /** controller_runtime_reconcile_errors_total of the TrainJob controller. */
  reconcileErrors: number;
  /** controller_runtime_reconcile_total{result="error"} of the TrainJob controller. */
  reconcileResultError: number;
  /** rest_client_requests_total by method (empty when the manager does not export it). */
  clientRequests: Map<string, number>;
}

/** Whether a `controller` label names the TrainJob controller (upstream: `trainjob_controller`). */
export function isTrainJobController(controller: string | undefined): boolean {
  return /trainjob/i.test(controller ?? '');
}

/** Reads the counters from `metricsUrl`. */
export async function managerCounters(metricsUrl: string): Promise<ManagerCounters> {
  const { status, body } = await httpGet(metricsUrl);
  if (status !== 200) throw new Error(`GET ${metricsUrl}: HTTP ${status}`);
  return countersOf(body);
}

/** The counters in a Prometheus text exposition. */
export function countersOf(text: string): ManagerCounters {
  const trainJob = (name: string, extra: Record<string, string> = {}) =>
    parseSamples(text, name)
      .filter((s) => isTrainJobController(s.labels['controller']))
      .filter((s) => Object.entries(extra).every(([k, v]) => s.labels[k] === v))
      .reduce((acc, s) => acc + s.value, 0);
  const clientRequests = new Map<string, number>();
  for (const s of parseSamples(text, 'rest_client_requests_total')) {
    const method = s.labels['method'] ?? '';
    clientRequests.set(method, (clientRequests.get(method) ?? 0) + s.value);
  }
  return {
    reconciles: trainJob('controller_runtime_reconcile_total'),
    reconcileErrors: trainJob('controller_runtime_reconcile_errors_total'),
    reconcileResultError: trainJob('controller_runtime_reconcile_total', { result: 'error' }),
    clientRequests,
  };
}

/** `after - before` of every counter. */
export function counterDelta(before: ManagerCounters, after: ManagerCounters): ManagerCounters {
  const clientRequests = new Map<string, number>();
  for (const [m, v] of after.clientRequests) {
    const d = v - (before.clientRequests.get(m) ?? 0);
    if (d) clientRequests.set(m, d);
  }
  return {
    reconciles: after.reconciles - before.reconciles,
    reconcileErrors: after.reconcileErrors - before.reconcileErrors,
    reconcileResultError: after.reconcileResultError - before.reconcileResultError,
    clientRequests,
  };
}
