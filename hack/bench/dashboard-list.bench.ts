// SPDX-License-Identifier: Apache-2.0
// Dashboard list benchmark (issue 25): the jobs list of `kubetrain dashboard` with 1,000 TrainJobs in
// headless Chromium (Debian's chromium, hack/tools/ensure-chromium.sh), next to a baseline of 10 jobs
// measured in the same run. The server runs in-process over the in-memory cluster of its unit tests
// (packages/cli/src/dashboard/fake-cluster.ts), so the figures are the page's and the feed's, not the
// API server's. Per case, the median of --runs runs of:
// - first render: from navigation start to the first page of rows drawn (script, feed, snapshot);
// - burst: every job changes state at once (N upserts); from the first upsert to the page showing
//   the last one;
// - longest main-thread task during the burst (PerformanceObserver longtask; 0 when none passed
//   50 ms): the lag a user would feel;
// - rows in the DOM (one page: 50).
//
// Run: `make cli` (the page's bundle), then `node --import tsx hack/bench/dashboard-list.bench.ts [--runs N] [--json]`.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { FakeCluster, type FakeWatch } from '../../packages/cli/src/dashboard/fake-cluster.js';
import { startDashboardServer } from '../../packages/cli/src/dashboard/server.js';
import { median, ratio } from './lib/stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3) || 3;
const json = process.argv.includes('--json');

const trainJob = (i: number, state?: 'Complete') => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind: 'TrainJob',
  metadata: {
    name: `job-${String(i).padStart(5, '0')}`,
    namespace: `team-${i % 7}`,
    creationTimestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    resourceVersion: String(state ? 2 * i + 1 : 2 * i),
  },
  spec: { runtimeRef: { name: 'torch-distributed' }, trainer: { numNodes: 1 + (i % 4) } },
  status: state
    ? {
        conditions: [
          {
            type: 'Complete',
            status: 'True',
            reason: 'Done',
            message: '',
            lastTransitionTime: '2026-01-01T01:00:00Z',
          },
        ],
      }
    : { startTime: '2026-01-01T00:00:00Z' },
});

/** The page's `document`, as the functions run in the browser see it (no DOM types here). */
type PageGlobals = { document: { querySelector(s: string): { textContent: string | null } | null } };

interface Figures {
  firstRenderMs: number;
  burstMs: number;
  longestTaskMs: number;
  domRows: number;
}

async function once(browser: Browser, jobs: number): Promise<Figures> {
  const cluster = new FakeCluster();
  const watches: FakeWatch[] = [];
  cluster.onStart = (w, resource) => {
    if (resource !== 'trainjobs') return w.sync();
    watches.push(w);
    w.sync(Array.from({ length: jobs }, (_, i) => trainJob(i)));
  };
  const dist = `${root}packages/cli/dist/dashboard-web/`;
  const server = await startDashboardServer({
    token: 'bench-token',
    address: '127.0.0.1',
    port: 0,
    assets: { script: readFileSync(`${dist}app.js`, 'utf8'), style: readFileSync(`${dist}app.css`, 'utf8') },
    cluster,
    scopes: [undefined],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  // Browser code as strings: this file is type-checked without the DOM library.
  await page.addInitScript(
    "window.longest = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longest = Math.max(window.longest, e.duration); }).observe({ type: 'longtask', buffered: true });",
  );

  try {
    await page.goto(server.url);
    const shown = Math.min(50, jobs);
    await page.waitForFunction(
      (text) =>
        (
          (globalThis as unknown as PageGlobals).document.querySelector('.pager .count')?.textContent ?? ''
        ).startsWith(text),
      `1–${shown} of ${jobs}`,
      {
        polling: 'raf',
      },
    );
    const firstRenderMs = await page.evaluate<number>('performance.now()');
    // Let the first render's own tasks be reported before counting the burst's.
    await page.waitForTimeout(500);
    await page.evaluate('window.longest = 0');
    const newest = trainJob(jobs - 1).metadata.name;
    const start = Date.now();
    for (let i = 0; i < jobs; i++) watches[0]!.upsert(trainJob(i, 'Complete'));
    await page.waitForFunction(
      (name) =>
        (globalThis as unknown as PageGlobals).document.querySelector(`tr[data-job$="/${name}"] .badge`)
          ?.textContent === 'Complete',
      newest,
      {
        polling: 'raf',
      },
    );
    const burstMs = Date.now() - start;
    const longestTaskMs = await page.evaluate<number>('window.longest');
    const domRows = await page.locator('tbody tr').count();
    return { firstRenderMs, burstMs, longestTaskMs, domRows };
  } finally {
    await page.close();
    await server.close();
  }
}

const executablePath = execFileSync(`${root}hack/tools/ensure-chromium.sh`, { encoding: 'utf8' }).trim();
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const results: Record<string, Figures> = {};
try {
  for (const jobs of [10, 1000]) {
    const all: Figures[] = [];
    for (let r = 0; r < runs; r++) all.push(await once(browser, jobs));
    const middle = (f: (x: Figures) => number): number => median(all.map(f));
    results[jobs] = {
      firstRenderMs: middle((x) => x.firstRenderMs),
      burstMs: middle((x) => x.burstMs),
      longestTaskMs: middle((x) => x.longestTaskMs),
      domRows: middle((x) => x.domRows),
    };
  }
} finally {
  await browser.close();
}

if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
else {
  const base = results[10]!;
  const rows = Object.entries(results).map(
    ([jobs, f]) =>
      `| ${jobs.padStart(5)} | ${f.firstRenderMs.toFixed(0).padStart(6)} ms | ${ratio(f.firstRenderMs, base.firstRenderMs).toFixed(1).padStart(5)} | ${f.burstMs.toFixed(0).padStart(6)} ms | ${ratio(f.burstMs, base.burstMs).toFixed(1).padStart(5)} | ${f.longestTaskMs.toFixed(0).padStart(5)} ms | ${String(f.domRows).padStart(4)} |`,
  );
  process.stdout.write(
    [
      `dashboard list, median of ${runs} runs`,
      '|  jobs | first render | x 10 | burst (all change) | x 10 | longest task | rows in DOM |',
      '| ----: | -----------: | ---: | -----------------: | ---: | -----------: | ----------: |',
      ...rows,
      '',
    ].join('\n'),
  );
}
