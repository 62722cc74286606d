// SPDX-License-Identifier: Apache-2.0
// A job's page in `kubetrain dashboard` (headless Chromium, the local control plane, kubetrain's
// manager in-process): the trainer's reports (status.trainerStatus, written as the status server
// writes it) drawn as charts, a hostile metric name shown as text, no CSP violation by the chart
// library; the job's JobSet and runtime snapshot as YAML; "forbidden" for a user who may not read
// them. Screenshot: .test-results/dashboard/job-charts.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { keepRunning } from '../support/kwok.js';
import { kubetrain, type RunningCli } from '../cli/kubetrain-cli.js';
import { cliSuite, trainJobYaml } from '../cli/suite-cluster.js';
import { closeTrainerStatusClient, reportTrainerStatus } from '../cli/trainer-status.js';
import { nodePods } from '../cli/trainer-pods.js';
import { launchChromium, SCREENSHOTS } from './browser.js';
import { startDashboard } from './dashboard-session.js';
import { namespaceViewerKubeconfig } from './viewer.js';

const RUNTIME = { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' };
const HOSTILE = '<b id="metricmark">acc</b>';

/** `seconds` ago as metav1.Time writes it (whole seconds). */
const secondsAgo = (seconds: number): string =>
  `${new Date(Date.now() - seconds * 1000).toISOString().slice(0, 19)}Z`;

describe("a job's page: progress charts and the YAML of its JobSet and runtime snapshot", () => {
  const suite = cliSuite('e2e-dash-chart');
  const { suffix } = suite;
  const name = `chart-${suffix}`;
  let dashboard: RunningCli;
  let url: URL;
  let browser: Browser;
  let page: Page;
  /** The page's console errors about the Content-Security-Policy. */
  const violations: string[] = [];

  const openJob = async (p: Page, base: URL) => {
    await p.goto(`${base.origin}/jobs/${suite.namespace}/${name}${base.search}`);
    await p.locator('h1', { hasText: name }).waitFor();
  };

  beforeAll(async () => {
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, RUNTIME, 1, keepRunning()));
    expect((await kubetrain(['submit', '-n', suite.namespace, '-f', file])).code).toBe(0);
    await nodePods(suite.namespace, name, 1);
    ({ dashboard, url } = await startDashboard(['-n', suite.namespace]));
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    dashboard?.interrupt();
    await dashboard?.done;
    await closeTrainerStatusClient();
  });

  it('shows the empty state, then the reports drawn as points, live, names as text', async () => {
    await openJob(page, url);
    const pane = page.locator('.charts-pane');
    await pane.getByText('No progress report yet').waitFor();
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 3));
    const reports = [
      { at: 20, progress: 10, loss: '0.9' },
      { at: 10, progress: 30, loss: '0.6' },
      { at: 0, progress: 55, loss: '0.41' },
    ];
    for (const r of reports) {
      await reportTrainerStatus(suite.namespace, name, {
        lastUpdatedTime: secondsAgo(r.at),
        progressPercentage: r.progress,
        metrics: [
          { name: 'loss', value: r.loss },
          { name: HOSTILE, value: '0.5' },
          { name: 'phase', value: 'warmup' },
        ],
      });
      // Each report is seen before the next (the page keeps one point per report it is sent).
      await pane.locator('figcaption', { hasText: `progress: ${r.progress}% (last)` }).waitFor();
    }
    const progress = pane.locator('figure[aria-label="chart of progress"]');
    expect(await progress.getAttribute('data-points')).toBe('3');
    expect(await progress.locator('canvas').count()).toBeGreaterThan(0);
    expect(await pane.locator('figure[aria-label="chart of loss"]').getAttribute('data-points')).toBe('3');
    expect(await pane.locator('figure figcaption', { hasText: 'loss: 0.41 (last)' }).count()).toBe(1);
    // The hostile name: its chart's caption and legend hold the text, no element made of it; the
    // text metric (phase) gets no chart.
    await pane.locator('figcaption', { hasText: `${HOSTILE}: 0.5 (last)` }).waitFor();
    expect(await page.locator('#metricmark').count()).toBe(0);
    expect(await pane.locator('figure').count()).toBe(3);
    expect(await pane.locator('p.muted').textContent()).toMatch(/^3 reports since this page first opened/);
    expect(await page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(3);
  });

  it('shows the JobSet and the runtime snapshot as YAML, without managedFields', async () => {
    const workload = page.locator('pre[aria-label="workload YAML"]');
    await workload.filter({ hasText: 'kind: JobSet' }).waitFor({ timeout: 60_000 });
    const jobSet = (await workload.textContent()) ?? '';
    expect(jobSet).toContain(`  name: ${name}\n`);
    expect(jobSet).toContain(`  namespace: ${suite.namespace}\n`);
    expect(jobSet).not.toContain('managedFields');
    expect(await page.locator('h2', { hasText: `Workload: JobSet ${name}` }).count()).toBe(1);
    const snapshot = page.locator('pre[aria-label="runtime snapshot YAML"]');
    await snapshot.filter({ hasText: 'kind: ConfigMap' }).waitFor({ timeout: 60_000 });
    const configMap = (await snapshot.textContent()) ?? '';
    expect(configMap).toContain(`  name: ${name}-runtime-snapshot\n`);
    // The snapshot holds the runtime the job was created with.
    expect(configMap).toContain(RUNTIME.name);
    expect(configMap).not.toContain('managedFields');
    await page.screenshot({ path: join(SCREENSHOTS, 'job-charts.png'), fullPage: true });
    expect(violations).toEqual([]);
  });

  it('says "forbidden" for a user who may read the TrainJob but not its JobSet nor ConfigMaps', async () => {
    const sa = `chart-viewer-${suffix}`;
    const ns = suite.namespace;
    const kubeconfig = await namespaceViewerKubeconfig(ns, sa);
    const viewer = await startDashboard(['-n', ns, '--kubeconfig', kubeconfig]);
    try {
      const own = await browser.newPage();
      await openJob(own, viewer.url);
      for (const resource of ['jobsets', 'configmaps']) {
        const refused = own.locator('section .message.error', { hasText: resource });
        await refused.waitFor({ timeout: 60_000 });
        expect(await refused.textContent()).toMatch(
          new RegExp(`^forbidden: .*cannot get resource "${resource}"`),
        );
      }
      await own.close();
    } finally {
      viewer.dashboard.interrupt();
      await viewer.dashboard.done;
    }
  });
});
