// SPDX-License-Identifier: Apache-2.0
import { ManagerMetrics } from './metrics.js';

async function lines(m: ManagerMetrics): Promise<string[]> {
  return (await m.registry.metrics()).split('\n');
}

describe('ManagerMetrics', () => {
  it("exposes controller-runtime's reconcile metrics with its labels", async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    m.observeReconcile('trainjob_controller', 'success', 0.02);
    m.observeReconcile('trainjob_controller', 'error', 0.5);
    const text = await lines(m);
    expect(text).toContain(
      'controller_runtime_reconcile_total{controller="trainjob_controller",result="success"} 1',
    );
    expect(text).toContain(
      'controller_runtime_reconcile_total{controller="trainjob_controller",result="error"} 1',
    );
    expect(text).toContain('controller_runtime_reconcile_errors_total{controller="trainjob_controller"} 1');
    expect(text).toContain(
      'controller_runtime_reconcile_time_seconds_count{controller="trainjob_controller"} 2',
    );
  });

  it("counts client requests under client-go's rest_client_requests_total{code,method,host}", async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    m.observeRestClientResult({ code: '200', method: 'GET', host: '10.96.0.1:443' });
    m.observeRestClientResult({ code: '200', method: 'GET', host: '10.96.0.1:443' });
    m.observeRestClientResult({ code: '<error>', method: 'PATCH', host: '10.96.0.1:443' });
    const text = await lines(m);
    expect(text).toContain(
      '# HELP rest_client_requests_total Number of HTTP requests, partitioned by status code, method, and host.',
    );
    expect(text).toContain('rest_client_requests_total{code="200",method="GET",host="10.96.0.1:443"} 2');
    expect(text).toContain(
      'rest_client_requests_total{code="<error>",method="PATCH",host="10.96.0.1:443"} 1',
    );
  });

  it('labels work-queue metrics with name and controller', async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    m.queueAdds.inc({ name: 'trainjob_controller', controller: 'trainjob_controller' });
    m.queueDepth.set({ name: 'trainjob_controller', controller: 'trainjob_controller' }, 3);
    const text = await lines(m);
    expect(text).toContain(
      'workqueue_adds_total{name="trainjob_controller",controller="trainjob_controller"} 1',
    );
    expect(text).toContain('workqueue_depth{name="trainjob_controller",controller="trainjob_controller"} 3');
  });

  it('sets every TrainJob state, absent ones to 0', async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    m.setTrainJobCounts({ Running: 2, Complete: 1 });
    const text = await lines(m);
    for (const [state, n] of [
      ['Created', 0],
      ['Suspended', 0],
      ['Running', 2],
      ['Complete', 1],
      ['Failed', 0],
    ] as const) {
      expect(text).toContain(`kubetrain_trainjobs{state="${state}"} ${n}`);
    }
  });

  it('registers the metric names dashboards look for', async () => {
    const names = (await new ManagerMetrics({ processMetrics: false }).registry.getMetricsAsJSON()).map(
      (x) => x.name,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'controller_runtime_max_concurrent_reconciles',
        'controller_runtime_active_workers',
        'workqueue_queue_duration_seconds',
        'workqueue_work_duration_seconds',
        'workqueue_retries_total',
        'kubetrain_trainjob_create_to_jobset_seconds',
        'kubetrain_reflector_relists_total',
        'kubetrain_reflector_watch_restarts_total',
      ]),
    );
  });
});
