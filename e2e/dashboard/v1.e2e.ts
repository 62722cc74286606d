// SPDX-License-Identifier: Apache-2.0
// `kubetrain dashboard` in headless Chromium beside Training Operator v1 jobs: kubetrain's manager
// in-process with every v1 kind (e2e/v1/v1-harness.ts), pods on kwok nodes. A PyTorchJob appears in
// the jobs list with its kind and completes there without a reload; its page shows its pods by
// replica type and its conditions, and suspends it (spec.runPolicy.suspend). A TrainJob that takes
// its GPUs from its runtime shows the runtime's count, and the new count when the runtime changes.
// Screenshots go to .test-results/dashboard/.
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { trainingRuntimeFrom } from '../controller/harness.js';
import { FIELD_MANAGER } from '../cli/suite-cluster.js';
import { applyObject } from '../support/apply.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import { createJob, pytorchJob, readJob, useV1Suite } from '../v1/v1-harness.js';
import { SCREENSHOTS } from './browser.js';
import { useDashboard } from './dashboard-session.js';

const suffix = randomBytes(2).toString('hex');

/** A TrainingRuntime from torch-distributed whose node container asks for `gpus` GPUs. */
async function gpuRuntime(namespace: string, name: string, gpus: number): Promise<void> {
  const runtime = (await trainingRuntimeFrom(namespace, name, 'torch-distributed')) as {
    spec: {
      template: {
        spec: {
          replicatedJobs: {
            name: string;
            template: { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
          }[];
        };
      };
    };
  };
  for (const rJob of runtime.spec.template.spec.replicatedJobs)
    for (const c of rJob.template.spec.template.spec.containers)
      if (c['name'] === 'node') c['resources'] = { limits: { 'nvidia.com/gpu': gpus } };
  await applyObject(runtime as never, FIELD_MANAGER);
}

describe('kubetrain dashboard with v1 jobs and runtime GPUs', () => {
  const suite = useV1Suite('e2e-dash-v1', { runtimes: true });
  const session = useDashboard(() => ['-n', suite.namespace]);
  const row = (key: string) => session.page.locator(`tr[data-job="${key}"]`);

  it('lists a PyTorchJob with its kind, completing without a reload; its page shows its pods', async () => {
    const { page, url } = session;
    const ns = suite.namespace;
    const name = `torch-${suffix}`;
    await page.goto(url.toString());
    await page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 1));
    await createJob(
      'PyTorchJob',
      ns,
      pytorchJob(name, { annotations: succeedAfter('5s') }, { annotations: succeedAfter('5s') }),
    );
    const mine = row(`PyTorchJob:${ns}/${name}`);
    await mine.waitFor({ timeout: 60_000 });
    expect(await mine.locator('.badge.kind').textContent()).toBe('PyTorchJob');
    expect(await mine.locator('td').nth(4).textContent()).toBe('2');
    await mine.locator('.badge', { hasText: 'Complete' }).waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'v1-jobs-list.png'), fullPage: true });

    await mine.locator('a.job').click();
    await page.locator('h1', { hasText: name }).waitFor();
    expect(page.url()).toContain('kind=PyTorchJob');
    const pods = page.locator('table[aria-label="Pods"] tbody tr');
    await page
      .locator('table[aria-label="Pods"] tbody tr', { hasText: `${name}-worker-0` })
      .filter({ hasText: 'Succeeded' })
      .waitFor({ timeout: 60_000 });
    const cells = await pods.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    );
    expect(cells).toEqual([
      ['master-0', `${name}-master-0`, 'Succeeded'],
      ['worker-0', `${name}-worker-0`, 'Succeeded'],
    ]);
    await page.locator('.timeline li', { hasText: 'Succeeded=True' }).waitFor();
    expect(await page.locator('pre.yaml').textContent()).toContain('pytorchReplicaSpecs:');
    await page.screenshot({ path: join(SCREENSHOTS, 'v1-job.png'), fullPage: true });
  });

  it('suspends a running PyTorchJob from its page through spec.runPolicy.suspend', async () => {
    const { page, url } = session;
    const ns = suite.namespace;
    const name = `run-${suffix}`;
    await createJob('PyTorchJob', ns, pytorchJob(name, { annotations: keepRunning() }, undefined));
    await page.goto(`${url.origin}/jobs/${ns}/${name}${url.search}&kind=PyTorchJob`);
    await page.locator('.summary .badge', { hasText: 'Running' }).waitFor({ timeout: 60_000 });
    await page.locator('#suspend').click();
    await page.locator('dialog[open] #confirm', { hasText: 'Suspend' }).click();
    await waitFor('spec.runPolicy.suspend true', async () => {
      const spec = (await readJob('PyTorchJob', ns, name)).spec as { runPolicy?: { suspend?: boolean } };
      return spec.runPolicy?.suspend === true ? true : undefined;
    });
    await page.locator('.summary .badge', { hasText: 'Suspended' }).waitFor({ timeout: 60_000 });
  });

  it("shows the GPUs a TrainJob takes from its runtime, and the runtime's new count live", async () => {
    const { page, url } = session;
    const ns = suite.namespace;
    const runtime = `gpu-rt-${suffix}`;
    const name = `gpus-${suffix}`;
    await gpuRuntime(ns, runtime, 4);
    await page.goto(url.toString());
    await applyObject(
      {
        apiVersion: 'trainer.kubeflow.org/v1alpha1',
        kind: 'TrainJob',
        metadata: { name, namespace: ns },
        spec: { runtimeRef: { name: runtime, kind: 'TrainingRuntime' }, trainer: { numNodes: 2 } },
      } as never,
      FIELD_MANAGER,
    );
    const gpus = row(`${ns}/${name}`).locator('td').nth(5);
    await gpus.filter({ hasText: /^8$/ }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'runtime-gpus.png'), fullPage: true });
    await page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 3));
    await gpuRuntime(ns, runtime, 1);
    await gpus.filter({ hasText: /^2$/ }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(3);
  });
});
