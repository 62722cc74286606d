// SPDX-License-Identifier: Apache-2.0
// The manager's /metrics on the real control plane (manager in-process, scoped to the suite's
// namespace, with a running TrainJob that reported its progress so the TrainJob series exist):
// - every PromQL expression of the chart's Grafana dashboard parses (the Prometheus project's own
//   grammar, e2e/support/promql.ts) and names only metrics the manager exports (a histogram's
//   `_bucket`, `_sum` and `_count` count as its name), and every name of metrics/names.ts is exported;
// - client-go's `rest_client_requests_total{code,method,host}` counts the manager's requests with the
//   API server's host;
// - `kubetrain_trainjob_progress_percent{namespace,name}` shows the job's status.trainerStatus.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GROUP, Resources, VERSION, type TrainJob } from '@kubetrain/api';
import { MetricNames } from '@kubetrain/controller';
import { makeTrainJob } from '@kubetrain/testing';
import { REPO_ROOT } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { metricNamesOf, PromQLSyntaxError, selectorsOf } from '../support/promql.js';
import { waitFor } from '../support/wait.js';
import { createTrainJob, custom, podAnnotations, readTrainJob, useControllerSuite } from './harness.js';

const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';

/** One sample of the text exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition's metric families (`# TYPE name type`) and samples. */
interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The names a query may use for the families of `types`: a histogram's or summary's series too. */
function exportedNames(types: Map<string, string>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  allValue?: string;
  options?: { value: string }[];
  definition?: string;
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Variable[] };
}

const dashboard = (): Dashboard =>
  JSON.parse(
    readFileSync(join(REPO_ROOT, 'charts/kubetrain/dashboards/kubetrain.json'), 'utf8'),
  ) as Dashboard;

/** Every PromQL expression of the dashboard, by where it is: panel targets and variable queries. */
function expressionsOf(d: Dashboard): { where: string; expr: string }[] {
  const found: { where: string; expr: string }[] = [];
  const walk = (panels: Panel[]) => {
    for (const p of panels) {
      for (const t of p.targets ?? [])
        if (t.expr !== undefined) found.push({ where: `panel ${p.title}`, expr: t.expr });
      walk(p.panels ?? []);
    }
  };
  walk(d.panels);
  for (const v of d.templating.list) {
    if (v.type !== 'query' || v.definition === undefined) continue;
    // Grafana's label_values(selector, label): the selector is PromQL.
    const m = /^label_values\((.*),\s*[a-zA-Z_][a-zA-Z0-9_]*\)$/.exec(v.definition);
    if (!m) throw new Error(`variable ${v.name}: not label_values(selector, label): ${v.definition}`);
    found.push({ where: `variable ${v.name}`, expr: m[1]! });
  }
  return found;
}

/**
 * The PromQL Grafana sends for `expr`: its global variables replaced by durations, each query
 * variable by its "All" value, and each custom variable by every one of its options in turn.
 */
function expand(expr: string, variables: readonly Variable[]): string[] {
  let texts = [
    expr.replaceAll('$__rate_interval', '5m').replaceAll('$__interval', '1m').replaceAll('$__range', '1d'),
  ];
  for (const v of variables) {
    const values =
      v.type === 'custom'
        ? (v.options ?? []).map((o) => o.value)
        : v.type === 'query'
          ? [v.allValue ?? '.*']
          : [];
    if (values.length === 0) continue;
    const pattern = new RegExp(`\\$\\{${v.name}\\}|\\$${v.name}\\b`, 'g');
    texts = texts.flatMap((t) => (pattern.test(t) ? values.map((value) => t.replace(pattern, value)) : [t]));
  }
  return texts;
}

describe('manager /metrics, the Grafana dashboard and rest_client_requests_total', () => {
  const suite = useControllerSuite('e2e-metrics', 'kubetrain-e2e');
  const name = `progress-${randomBytes(2).toString('hex')}`;
  const scrape = async (): Promise<Exposition> =>
    parseExposition(await (await fetch(`http://127.0.0.1:${suite.test.manager.metricsPort}/metrics`)).text());

  beforeAll(async () => {
    await createTrainJob(
      makeTrainJob(suite.namespace, name)
        .numNodes(2)
        .resourcesPerNode({ limits: { 'nvidia.com/gpu': '2' } })
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', keepRunning()))
        .obj(),
    );
    // The trainer's report, as the status server writes it (status.trainerStatus); retried on a
    // conflict with the manager's own status writes.
    await waitFor('status.trainerStatus written', async () => {
      const job = await readTrainJob(suite.namespace, name);
      if (job.status?.startTime === undefined) return undefined;
      const status = {
        ...job.status,
        trainerStatus: {
          progressPercentage: 42,
          estimatedRemainingSeconds: 600,
          lastUpdatedTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      };
      return (await custom().replaceNamespacedCustomObjectStatus({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainJob,
        namespace: suite.namespace,
        name,
        body: { ...job, status },
      })) as TrainJob;
    });
  });

  afterAll(async () => {
    await custom()
      .deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainJob,
        namespace: suite.namespace,
        name,
      })
      .catch(() => undefined);
  });

  it('shows the running job in the TrainJob series and its reported progress', async () => {
    const find = (e: Exposition, metric: string) =>
      e.samples.find((s) => s.name === metric && s.labels['namespace'] === suite.namespace);
    const e = await waitFor(
      'the job Running with its progress in /metrics',
      async () => {
        const got = await scrape();
        const progress = find(got, MetricNames.TrainJobProgress);
        const running = got.samples.find(
          (s) =>
            s.name === MetricNames.TrainJobs &&
            s.labels['namespace'] === suite.namespace &&
            s.labels['state'] === 'Running',
        );
        return progress !== undefined && running !== undefined ? got : undefined;
      },
      async () => JSON.stringify((await readTrainJob(suite.namespace, name)).status ?? {}),
    );
    expect(find(e, MetricNames.TrainJobProgress)).toEqual({
      name: MetricNames.TrainJobProgress,
      labels: { namespace: suite.namespace, name },
      value: 42,
    });
    expect(find(e, MetricNames.TrainJobRemaining)?.value).toBe(600);
    expect(find(e, MetricNames.TrainJobGpus)).toEqual({
      name: MetricNames.TrainJobGpus,
      labels: { namespace: suite.namespace, runtime: 'torch-distributed', queue: '' },
      value: 4,
    });
    expect(find(e, MetricNames.TrainJobGpuSeconds)?.value).toBeGreaterThanOrEqual(0);
  });

  it('every PromQL expression of the dashboard parses and names only metrics the manager exports', async () => {
    const d = dashboard();
    const { types } = await scrape();
    const exported = exportedNames(types);
    // Every name of metrics/names.ts is exported by the running manager.
    expect(Object.values(MetricNames).filter((n) => !types.has(n))).toEqual([]);

    const expressions = expressionsOf(d);
    expect(expressions.length).toBeGreaterThanOrEqual(20);
    const referenced = new Set<string>();
    const missing: string[] = [];
    const unscoped: string[] = [];
    for (const { where, expr } of expressions) {
      for (const query of expand(expr, d.templating.list)) {
        const selectors = selectorsOf(query);
        expect({ where, query, selects: selectors.length > 0 }).toEqual({ where, query, selects: true });
        for (const { metric, labels } of selectors) {
          referenced.add(metric);
          if (!exported.has(metric)) missing.push(`${where}: ${metric}`);
          // Other controllers export the same client-go and controller-runtime names: every panel is
          // scoped to kubetrain's scrape job (the job variable reads it from kubetrain_trainjobs).
          if (!where.startsWith('variable job') && !labels.includes('job'))
            unscoped.push(`${where}: ${metric}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(unscoped).toEqual([]);
    // The panels the dashboard promises, by the metrics they read.
    expect([...referenced].sort()).toEqual(
      expect.arrayContaining([
        MetricNames.TrainJobs,
        `${MetricNames.CreateToRunning}_bucket`,
        `${MetricNames.QueueWait}_bucket`,
        MetricNames.TrainJobRestarts,
        MetricNames.TrainJobProgress,
        MetricNames.TrainJobGpus,
        MetricNames.TrainJobGpuSeconds,
        MetricNames.RestClientRequests,
        MetricNames.WorkqueueDepth,
        MetricNames.WorkqueueAdds,
        `${MetricNames.WorkqueueQueueDuration}_bucket`,
        MetricNames.WorkqueueUnfinishedWork,
        MetricNames.WorkqueueLongestRunning,
        MetricNames.ReconcileTotal,
        `${MetricNames.ReconcileTime}_bucket`,
      ]),
    );
  });

  it('the PromQL check refuses what the grammar refuses and names what it does not export', () => {
    expect(() => metricNamesOf('sum by (code) (rate(rest_client_requests_total[5m])')).toThrow(
      PromQLSyntaxError,
    );
    expect(
      metricNamesOf('histogram_quantile(0.9, sum by (le) (rate(a_bucket[5m]))) / on() group_left b'),
    ).toEqual(['a_bucket', 'b']);
    expect(selectorsOf('sum(rate(a{job=~"x", code!="200"}[5m])) + b')).toEqual([
      { metric: 'a', labels: ['job', 'code'] },
      { metric: 'b', labels: [] },
    ]);
  });

  it("rest_client_requests_total counts the manager's requests by code, method and the API server's host", async () => {
    const host = new URL(cluster().kubeConfig.getCurrentCluster()!.server).host;
    const { types, samples } = await scrape();
    expect(types.get(MetricNames.RestClientRequests)).toBe('counter');
    const requests = samples.filter((s) => s.name === MetricNames.RestClientRequests);
    for (const s of requests) expect(Object.keys(s.labels).sort()).toEqual(['code', 'host', 'method']);
    // The manager listed, watched and wrote: GETs answered 200 and status PATCHes and JobSet applies.
    const get200 = requests.find((s) => s.labels['code'] === '200' && s.labels['method'] === 'GET');
    expect(get200).toMatchObject({ labels: { code: '200', method: 'GET', host } });
    expect(get200!.value).toBeGreaterThan(0);
    expect(requests.some((s) => s.labels['method'] === 'PATCH' && s.labels['host'] === host)).toBe(true);
  });
});
