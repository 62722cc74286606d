// SPDX-License-Identifier: Apache-2.0
// The dashboard's runtimes and usage pages (`kubetrain dashboard`, bin/kubetrain, in headless
// Chromium) against the local control plane: the shipped ClusterTrainingRuntimes listed, a preview
// of what a TrainJob on torch-distributed creates (its JobSet), and the GPU-hours of a namespace
// whose jobs ran with GPUs, the very figure `kubetrain usage` prints, for a period picked in the page
// and for one given in the URL. The namespace has no manager: its jobs are created finished
// (e2e/cli/finished-jobs.ts). Screenshots go to .test-results/dashboard/.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { installCrdsAndShippedRuntimes, removeClusterRuntimes } from '../controller/harness.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { createFinishedTrainJob, type Finished } from '../cli/finished-jobs.js';
import { kubetrain } from '../cli/kubetrain-cli.js';
import { FIELD_MANAGER } from '../cli/suite-cluster.js';
import { SCREENSHOTS } from './browser.js';
import { useDashboard } from './dashboard-session.js';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const SINCE = '2026-01-01T00:00:00Z';
const UNTIL = '2026-01-02T00:00:00Z';

/** A job of `nodes` × `gpus` that ran (Complete) from `start` to `end`, in Kueue queue `queue`. */
function ran(
  name: string,
  runtime: string,
  [nodes, gpus]: [number, number],
  [start, end]: [number, number],
  queue?: string,
): Finished {
  return {
    name,
    runtime,
    nodes,
    gpus,
    start: iso(start),
    end: iso(end),
    outcome: 'Complete',
    ...(queue ? { queue } : {}),
  };
}

/** The GPU-hours of `namespace` as `kubetrain usage -o json` prints them, for `period` flags. */
async function cliGpuHours(namespace: string, period: readonly string[]): Promise<string> {
  const run = await kubetrain(['usage', '-n', namespace, ...period, '-o', 'json']);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  const items = (JSON.parse(run.stdout) as { items: { namespace: string; gpuHours: number }[] }).items;
  const row = items.find((i) => i.namespace === namespace);
  expect(row).toBeDefined();
  return String(row!.gpuHours);
}

describe('the dashboard runtimes and usage pages', () => {
  const suffix = randomBytes(2).toString('hex');
  const installed: string[] = [];
  let namespace: string;

  const open = async (path: string, params: Record<string, string> = {}) => {
    const target = new URL(path, session.url);
    target.search = session.url.search;
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    await session.page.goto(target.toString());
  };

  beforeAll(async () => {
    namespace = await createNamespace('e2e-dpages');
    installed.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER)));
    const now = Date.now();
    // In the last 24 h: 2 nodes × 4 GPUs for 2 h (16 GPU-h) and a CPU job; on 2026-01-01,
    // 1 node × 8 GPUs for 2.5 h (20 GPU-h), outside the last 30 days.
    const population: Finished[] = [
      ran('gpu', 'torch-distributed', [2, 4], [now - 3 * H, now - H], 'team-queue'),
      ran('cpu', 'deepspeed-distributed', [1, 0], [now - 2 * H, now - H]),
      ran(
        'new-year',
        'torch-distributed',
        [1, 8],
        [Date.parse('2026-01-01T01:00:00Z'), Date.parse('2026-01-01T03:30:00Z')],
      ),
    ];
    for (const job of population) await createFinishedTrainJob(namespace, job, `-${suffix}`);
  });
  // Started after the beforeAll above (the namespace and its jobs), stopped after the suite.
  const session = useDashboard(() => ['-n', namespace]);

  afterAll(async () => {
    await removeClusterRuntimes(installed);
    if (namespace) await deleteNamespace(namespace);
  });

  it('lists the shipped ClusterTrainingRuntimes, reached from the nav header', async () => {
    await open('/');
    await session.page.locator('header.nav a', { hasText: 'Runtimes' }).click();
    await session.page.locator('h1', { hasText: 'Runtimes' }).waitFor();
    expect(new URL(session.page.url()).pathname).toBe('/runtimes');
    const row = session.page.locator('tr[data-runtime="ClusterTrainingRuntime/torch-distributed"]');
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 5)).toEqual(['torch-distributed', '—', 'torch', 'torch', '1']);
    await session.page.locator('tr[data-runtime="ClusterTrainingRuntime/deepspeed-distributed"]').waitFor();
  });

  it("previews what a TrainJob on torch-distributed creates: the engine's render with its JobSet", async () => {
    const row = session.page.locator('tr[data-runtime="ClusterTrainingRuntime/torch-distributed"]');
    await row.locator('summary').click();
    const yaml = row.locator('pre.yaml');
    await yaml.waitFor({ timeout: 30_000 });
    const text = (await yaml.textContent()) ?? '';
    expect(text).toMatch(/^kind: JobSet$/m);
    expect(text).toContain(`namespace: ${namespace}`);
    expect(await row.locator('.preview p').textContent()).toContain('jobset.jobset.x-k8s.io/preview');
    await session.page.screenshot({ path: join(SCREENSHOTS, 'runtimes.png'), fullPage: true });
  });

  it('shows the GPU-hours kubetrain usage prints, for the period picked in the page', async () => {
    await open('/usage');
    await session.page.locator('h1', { hasText: 'GPU usage' }).waitFor();
    await session.page.selectOption('#period', '24h');
    await session.page.waitForURL(/period=24h/);
    const cell = session.page.locator(
      `section[aria-label="By namespace"] tr[data-key="${namespace}"] td.gpu-hours`,
    );
    await cell.waitFor({ timeout: 30_000 });
    const figure = await cell.textContent();
    expect(figure).toBe('16');
    expect(figure).toBe(await cliGpuHours(namespace, ['--period', '24h']));
    const queue = session.page.locator(
      'section[aria-label="By Kueue queue"] tr[data-key="team-queue"] td.gpu-hours',
    );
    expect(await queue.textContent()).toBe('16');
    await session.page.screenshot({ path: join(SCREENSHOTS, 'usage.png'), fullPage: true });
  });

  it('keeps the period in the URL: a shared link with from and to shows the same figure as --since/--until', async () => {
    await open('/usage', { from: SINCE, to: UNTIL });
    const cell = session.page.locator(
      `section[aria-label="By namespace"] tr[data-key="${namespace}"] td.gpu-hours`,
    );
    await cell.waitFor({ timeout: 30_000 });
    expect(await cell.textContent()).toBe(await cliGpuHours(namespace, ['--since', SINCE, '--until', UNTIL]));
    expect(await cell.textContent()).toBe('20');
    expect(await session.page.locator('.period').textContent()).toContain(`From ${SINCE} to ${UNTIL}`);
  });
});
