// SPDX-License-Identifier: Apache-2.0
import { ManagerMetrics } from './metrics.js';
import { MetricNames } from './names.js';

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

  it('computes the TrainJob gauges from the source at each scrape', async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    expect((await lines(m)).filter((l) => l.startsWith('kubetrain_trainjobs{'))).toEqual([]);
    const job = {
      metadata: { namespace: 'a', labels: { 'kueue.x-k8s.io/queue-name': 'q' } },
      spec: {
        runtimeRef: { name: 'torch' },
        trainer: { numNodes: 2, resourcesPerNode: { limits: { 'nvidia.com/gpu': '4' } } },
      },
      status: { startTime: '2026-01-01T00:00:00Z' },
    };
    m.collectTrainJobs(() => ({
      trainJobs: [job],
      workloadExists: () => true,
      runtimeOf: () => undefined,
      nowMs: Date.parse('2026-01-01T01:30:00Z'),
    }));
    const text = await lines(m);
    expect(text).toContain('kubetrain_trainjobs{state="Running",namespace="a",runtime="torch"} 1');
    expect(text).toContain('kubetrain_trainjob_running_gpus{namespace="a",runtime="torch",queue="q"} 8');
    expect(text).toContain('kubetrain_trainjob_gpu_seconds{namespace="a",runtime="torch",queue="q"} 43200');
  });

  it.each([
    ['keys in flight', [3, 10.5], 13.5, 10.5],
    ['an idle queue', [], 0, 0],
  ])(
    "reads client-go's unfinished work and longest processor at each scrape: %s",
    async (_name, seconds, unfinished, longest) => {
      const m = new ManagerMetrics({ processMetrics: false });
      m.collectWorkQueue('trainjob_controller', () => seconds);
      const text = await lines(m);
      const labels = '{name="trainjob_controller",controller="trainjob_controller"}';
      expect(text).toContain(`workqueue_unfinished_work_seconds${labels} ${unfinished}`);
      expect(text).toContain(`workqueue_longest_running_processor_seconds${labels} ${longest}`);
    },
  );

  it('computes the series once per scrape, and again at the next scrape', async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    let calls = 0;
    let progress = 10;
    m.collectTrainJobs(() => {
      calls += 1;
      return {
        trainJobs: [
          {
            metadata: { namespace: 'a', name: 'j' },
            status: {
              trainerStatus: { progressPercentage: progress, lastUpdatedTime: '2026-01-01T00:00:00Z' },
            },
          },
        ],
        workloadExists: () => true,
        runtimeOf: () => undefined,
        nowMs: Date.parse('2026-01-01T01:00:00Z'),
      };
    });
    expect(await lines(m)).toContain('kubetrain_trainjob_progress_percent{namespace="a",name="j"} 10');
    expect(calls).toBe(1);
    progress = 55;
    const text = await lines(m);
    expect(text).toContain('kubetrain_trainjob_progress_percent{namespace="a",name="j"} 55');
    expect(text).toContain('kubetrain_trainjob_progress_omitted 0');
    expect(calls).toBe(2);
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

  it('observes the queue wait and create-to-running of a TrainJob update', async () => {
    const m = new ManagerMetrics({ processMetrics: false });
    const created = { creationTimestamp: '2026-01-01T00:00:00Z' };
    m.observeTrainJobUpdate(
      { metadata: created, status: { jobsStatus: [{ ready: 0 }] } },
      { metadata: created, status: { startTime: '2026-01-01T00:00:00Z', jobsStatus: [{ ready: 1 }] } },
      Date.parse('2026-01-01T00:01:30Z'),
    );
    const text = await lines(m);
    expect(text).toContain('kubetrain_trainjob_queue_wait_seconds_bucket{le="1"} 1');
    expect(text).toContain('kubetrain_trainjob_create_to_running_seconds_sum 90');
    expect(text).toContain('kubetrain_trainjob_create_to_running_seconds_bucket{le="60"} 0');
    expect(text).toContain('kubetrain_trainjob_create_to_running_seconds_bucket{le="120"} 1');
  });

  it('registers every name of metrics/names.ts', async () => {
    const names = (await new ManagerMetrics({ processMetrics: false }).registry.getMetricsAsJSON()).map(
      (x) => x.name,
    );
    expect([...names].sort()).toEqual(expect.arrayContaining(Object.values(MetricNames).sort()));
  });
});
