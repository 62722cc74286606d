// SPDX-License-Identifier: Apache-2.0
// `kubetrain dashboard` (bin/kubetrain, a child process) in headless Chromium, against the local
// control plane with kubetrain's manager in-process for the suite's namespace: the empty state, a job
// appearing and completing in the list without a reload, a failing job's page (pod and exit code),
// markup in an annotation shown as text, suspend and resume from the page, the logs streamed per
// rank (kwok serves them from files, e2e/cli/kwok-logs.ts); and the refusals: no token, a
// cross-site POST, "forbidden" for a user without patch or pods/log. Screenshots go to
// .test-results/dashboard/.
import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import { patchTrainJob, readTrainJob } from '../controller/harness.js';
import { kubetrain } from '../cli/kubetrain-cli.js';
import { cliSuite, trainJobYaml } from '../cli/suite-cluster.js';
import { appendPodLog, writePodLog } from '../cli/kwok-logs.js';
import { nodePods } from '../cli/trainer-pods.js';
import { SCREENSHOTS } from './browser.js';
import { startDashboard, useDashboard } from './dashboard-session.js';
import { namespaceViewerKubeconfig } from './viewer.js';

const RUNTIME = { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' };
const MARKUP = '<img src=x onerror="window.__xss=1"><b id="injected">bold</b>';

/** A raw request to the dashboard (node:http: any Origin and Host may be set). */
function raw(
  url: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('kubetrain dashboard in a browser', () => {
  const suite = cliSuite('e2e-dash');
  const { suffix, failRuntime } = suite;
  const session = useDashboard(() => ['-n', suite.namespace]);
  let url: URL;
  let browser: Browser;
  let page: Page;

  const submit = async (
    name: string,
    runtime: { name: string; kind: string },
    annotations: Record<string, string>,
  ) => {
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, runtime, 1, annotations));
    const got = await kubetrain(['submit', '-n', suite.namespace, '-f', file]);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
  };
  const row = (name: string) => page.locator(`tr[data-job="${suite.namespace}/${name}"]`);
  const openJob = async (name: string) => {
    await page.goto(`${url.origin}/jobs/${suite.namespace}/${name}${url.search}`);
    await page.locator('h1', { hasText: name }).waitFor();
  };

  beforeAll(() => {
    ({ url, browser, page } = session);
  });

  it('prints a loopback URL with a token', () => {
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('shows the empty state, then a job appearing and completing, without a reload', async () => {
    await page.goto(url.toString());
    await page.getByText('No TrainJobs yet').waitFor();
    expect(await page.locator('.empty').textContent()).toContain('make run');
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 1));
    const name = `done-${suffix}`;
    await submit(name, RUNTIME, succeedAfter('5s'));
    await row(name).waitFor({ timeout: 60_000 });
    await row(name).locator('.badge', { hasText: 'Complete' }).waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(1);
    expect(await row(name).locator('td').nth(3).textContent()).toBe('torch-distributed');
    await page.screenshot({ path: join(SCREENSHOTS, 'jobs-list.png'), fullPage: true });
  });

  it('refuses a request without the token, or with a wrong one', async () => {
    const answer = await page.goto(`${url.origin}/`);
    expect(answer?.status()).toBe(401);
    expect(await page.textContent('body')).toContain('unauthorized');
    const wrong = await raw(url, 'GET', '/api/events/jobs?token=guess', { host: url.host });
    expect(wrong.status).toBe(401);
  });

  it('refuses a cross-site POST, even from a page that holds the URL', async () => {
    const name = `keep-${suffix}-x`;
    await submit(name, RUNTIME, keepRunning());
    const token = url.searchParams.get('token')!;
    // A page of another origin (what a malicious site can do): a form posting to the action, with
    // the token in its URL (say it leaked), but no token header and a foreign Origin.
    const action = `${url.origin}/api/jobs/${suite.namespace}/${name}/suspend?token=${token}`;
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<form method="post" action="${action}"><button id="go">win</button></form>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const other = await browser.newPage();
      await other.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const [answer] = await Promise.all([other.waitForNavigation(), other.click('#go')]);
      expect(answer?.status()).toBe(403);
      expect(await other.textContent('body')).toContain('forbidden');
      await other.close();
    } finally {
      attacker.close();
    }
    // Even with the token header, an Origin that is not the dashboard is refused.
    const forged = await raw(url, 'POST', `/api/jobs/${suite.namespace}/${name}/suspend`, {
      host: url.host,
      origin: 'https://attacker.example',
      'x-kubetrain-token': token,
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('cross-site');
    expect((await readTrainJob(suite.namespace, name)).spec?.suspend).toBeFalsy();
  });

  it('shows markup from the cluster as text', async () => {
    const name = `markup-${suffix}`;
    await submit(name, RUNTIME, keepRunning());
    await patchTrainJob(suite.namespace, name, {
      metadata: { annotations: { 'e2e.kubetrain.dev/note': MARKUP } },
    });
    await openJob(name);
    await page.locator('dd', { hasText: MARKUP }).waitFor();
    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it("names a failed job's failing pod and exit code", async () => {
    const name = `fail-${suffix}`;
    await submit(name, { name: failRuntime, kind: 'TrainingRuntime' }, failAfter('2s', 3));
    await openJob(name);
    const failure = page.locator('.failure');
    await failure.waitFor({ timeout: 120_000 });
    expect(await failure.textContent()).toMatch(
      new RegExp(`pod ${name}-node-0-0-\\S+, container node, exit code 3`),
    );
    await page.locator('.summary .badge', { hasText: 'Failed' }).waitFor({ timeout: 120_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'job-failed.png'), fullPage: true });
  });

  it("streams a running job's logs per rank, with a rank filter and the full logs as a file", async () => {
    const name = `logs-${suffix}`;
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, RUNTIME, 2, keepRunning()));
    expect((await kubetrain(['submit', '-n', suite.namespace, '-f', file])).code).toBe(0);
    const pods = await nodePods(suite.namespace, name, 2);
    for (const [rank, pod] of pods)
      await writePodLog(suite.namespace, pod, 'node', [`rank ${rank} starting`]);
    await openJob(name);
    await page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 2));
    const pane = page.locator('pre.logs');
    await pane.filter({ hasText: '[node-0] rank 0 starting' }).waitFor({ timeout: 60_000 });
    await pane.filter({ hasText: '[node-1] rank 1 starting' }).waitFor({ timeout: 60_000 });
    // A line written while the page is open arrives without a reload, markup as text.
    appendPodLog(suite.namespace, pods.get(1)!, 'node', ['rank 1 epoch 1 loss 0.5 <b id="logmark">x</b>']);
    await pane
      .filter({ hasText: '[node-1] rank 1 epoch 1 loss 0.5 <b id="logmark">x</b>' })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('#logmark').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(2);
    await page.selectOption('select[aria-label="Rank"]', 'node-1');
    expect(await pane.textContent()).toBe(
      '[node-1] rank 1 starting\n[node-1] rank 1 epoch 1 loss 0.5 <b id="logmark">x</b>\n',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'job-logs.png'), fullPage: true });
    // The full logs: the link's URL (with the token) serves them; without the token, 401.
    const href = await page.locator('a', { hasText: 'Download full logs' }).getAttribute('href');
    const full = await raw(url, 'GET', href!, { host: url.host });
    expect(full).toEqual({
      status: 200,
      body: '[node-1] rank 1 starting\n[node-1] rank 1 epoch 1 loss 0.5 <b id="logmark">x</b>\n',
    });
    const bare = await raw(url, 'GET', `/api/logs/${suite.namespace}/${name}`, { host: url.host });
    expect(bare.status).toBe(401);
  });

  it('suspends and resumes a job from its page, each confirmed first', async () => {
    const name = `keep-${suffix}`;
    await submit(name, RUNTIME, keepRunning());
    await openJob(name);
    await page.locator('#suspend').click();
    await page.locator('dialog[open] #confirm', { hasText: 'Suspend' }).click();
    await waitFor('spec.suspend true', async () =>
      (await readTrainJob(suite.namespace, name)).spec?.suspend === true ? true : undefined,
    );
    await page.locator('.summary .badge', { hasText: 'Suspended' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'job-suspended.png'), fullPage: true });
    await page.locator('#resume').click();
    await page.locator('dialog[open] #confirm', { hasText: 'Resume' }).click();
    await waitFor('spec.suspend false', async () =>
      (await readTrainJob(suite.namespace, name)).spec?.suspend === false ? true : undefined,
    );
    await page.locator('#suspend').waitFor({ timeout: 60_000 });
  });

  it('shows what RBAC forbids as forbidden: a viewer of one namespace who may not patch nor read logs', async () => {
    const name = `view-${suffix}`;
    await submit(name, RUNTIME, keepRunning());
    const sa = `viewer-${suffix}`;
    const ns = suite.namespace;
    const kubeconfig = await namespaceViewerKubeconfig(ns, sa);
    // No -n: the dashboard tries every namespace first, then the context's.
    const { dashboard: viewer, url: viewerUrl } = await startDashboard(['--kubeconfig', kubeconfig]);
    try {
      const own = await browser.newPage();
      await own.goto(viewerUrl.toString());
      await own.locator('.notice', { hasText: 'forbidden' }).waitFor();
      expect(await own.locator('.notice').textContent()).toContain(`showing namespace ${ns} only`);
      await own.locator(`tr[data-job="${ns}/${name}"]`).waitFor({ timeout: 60_000 });
      await own.locator(`tr[data-job="${ns}/${name}"] a.job`).click();
      // No pods/log: "forbidden" where the logs would be.
      const logRefused = own.locator('.logs-pane .message.error', { hasText: 'forbidden' });
      await logRefused.waitFor({ timeout: 60_000 });
      expect(await logRefused.first().textContent()).toMatch(/^node-0: forbidden: .*pods\/log/);
      await own.locator('#suspend').click();
      await own.locator('dialog[open] #confirm').click();
      const refused = own.locator('.action-status .message.error');
      await refused.waitFor();
      expect(await refused.textContent()).toMatch(
        /^Suspend failed: forbidden: .*cannot patch resource "trainjobs"/,
      );
      await own.screenshot({ path: join(SCREENSHOTS, 'job-forbidden.png'), fullPage: true });
      await own.close();
      expect((await readTrainJob(ns, name)).spec?.suspend).toBeFalsy();
    } finally {
      viewer.interrupt();
      await viewer.done;
    }
  });
});
