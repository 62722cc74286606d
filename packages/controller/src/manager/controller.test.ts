// SPDX-License-Identifier: Apache-2.0
import { createLogger } from '@kubetrain/log';
import { ManagerMetrics } from '../metrics/metrics.js';
import { Controller } from './controller.js';

const silent = createLogger({ level: 'error', write: () => undefined });

async function metricValue(metrics: ManagerMetrics, line: string): Promise<string | undefined> {
  const text = await metrics.registry.metrics();
  return text.split('\n').find((l) => l.startsWith(line));
}

describe('Controller', () => {
  it('counts successes, requeues and errors with controller-runtime names, and retries a failed key', async () => {
    const metrics = new ManagerMetrics({ processMetrics: false });
    const seen: string[] = [];
    let failures = 0;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const controller = new Controller(
      'trainjob_controller',
      async (key) => {
        seen.push(key);
        if (key === 'ns/flaky' && failures++ === 0) throw new Error('conflict');
        if (seen.length === 4) done();
        return key === 'ns/later' ? { requeueAfterMs: 60_000 } : {};
      },
      4,
      metrics,
      silent,
    );
    controller.enqueue('ns/a');
    controller.enqueue('ns/a'); // deduplicated
    controller.enqueue('ns/flaky');
    controller.enqueue('ns/later');
    controller.start();
    await finished;
    await controller.stop();
    expect([...seen].sort()).toEqual(['ns/a', 'ns/flaky', 'ns/flaky', 'ns/later']);
    const c = 'controller="trainjob_controller"';
    expect(await metricValue(metrics, `controller_runtime_reconcile_total{${c},result="success"}`)).toMatch(
      / 2$/,
    );
    expect(await metricValue(metrics, `controller_runtime_reconcile_total{${c},result="error"}`)).toMatch(
      / 1$/,
    );
    expect(
      await metricValue(metrics, `controller_runtime_reconcile_total{${c},result="requeue_after"}`),
    ).toMatch(/ 1$/);
    expect(await metricValue(metrics, `controller_runtime_reconcile_errors_total{${c}}`)).toMatch(/ 1$/);
    expect(await metricValue(metrics, `controller_runtime_max_concurrent_reconciles{${c}}`)).toMatch(/ 4$/);
    expect(await metricValue(metrics, `workqueue_retries_total{name="trainjob_controller",${c}}`)).toMatch(
      / 1$/,
    );
  });
});
