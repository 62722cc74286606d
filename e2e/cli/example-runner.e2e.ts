// SPDX-License-Identifier: Apache-2.0
// `make run`'s example runner (hack/run/report-progress.ts), which reports progress on behalf of the
// example's kwok pods, against the real status server: the manager runs in-process with the gate
// TrainJobStatus and its status server on 127.0.0.1 (certificate from a cert dir, as in
// e2e/sdk/status-server.e2e.ts). The runner takes a TokenRequest token for the job's audience and
// POSTs its reports, trusting the CA given with --ca; the status server writes them, and
// `kubetrain get` and `describe` show the last one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTrainJob } from '@kubetrain/testing';
import {
  createTrainJob,
  installCrdsAndShippedRuntimes,
  readTrainJob,
  removeClusterRuntimes,
  startTestManager,
  TEST_CONFIG,
  type TestManager,
} from '../controller/harness.js';
import { applyObject } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import { freePort } from '../support/free-port.js';
import { writeLocalCertificate } from '../support/local-certificate.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { runProcess } from '../support/process.js';
import { waitFor } from '../support/wait.js';
import { kubetrain, tableRows } from './kubetrain-cli.js';
import { FIELD_MANAGER } from './suite-cluster.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe("make run's example runner (reports on behalf of kwok pods) against the status server", () => {
  let namespace: string;
  let installed: string[] = [];
  let dir: string;
  let ca: string;
  let port: number;
  let test: TestManager | undefined;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-runner');
    installed = await installCrdsAndShippedRuntimes(FIELD_MANAGER);
    dir = mkdtempSync(join(tmpdir(), 'example-runner-'));
    ca = join(dir, 'ca.crt');
    writeFileSync(ca, (await writeLocalCertificate(dir)).caCert);
    port = await freePort();
    const config = `${TEST_CONFIG}webhook:\n  host: 127.0.0.1\n  port: ${await freePort()}\nstatusServer:\n  port: ${port}\n`;
    test = await startTestManager(namespace, config, [
      '--feature-gates=TrainJobStatus=true',
      `--cert-dir=${dir}`,
    ]);
    await test.manager.statusServer?.serving;
  }, 600_000);

  afterAll(async () => {
    await test?.manager.stop();
    await removeClusterRuntimes(installed);
    if (namespace) await deleteNamespace(namespace);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('its reports land in status.trainerStatus; get and describe show the last one', async () => {
    const name = 'example';
    // Suspended: nothing runs, the status is all the test reads.
    await createTrainJob(makeTrainJob(namespace, name).runtimeRef('torch-distributed').suspend(true).obj());
    await waitFor(`TrainJob ${namespace}/${name} in the manager's store`, async () =>
      test?.manager.stores.trainJobs.getByName(namespace, name) !== undefined ? true : undefined,
    );
    await applyObject(
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'trainer', namespace } },
      FIELD_MANAGER,
    );
    const kubectl = execFileSync(join(ROOT, 'hack/cluster/which.sh'), ['kubectl'], {
      encoding: 'utf8',
    }).trim();
    const got = await runProcess(process.execPath, [
      '--import',
      'tsx',
      join(ROOT, 'hack/run/report-progress.ts'),
      ...['--kubectl', kubectl, '--kubeconfig', kubeconfigPath()],
      ...['--namespace', namespace, '--name', name, '--service-account', 'trainer'],
      ...['--url', `https://127.0.0.1:${port}`, '--ca', ca, '--seconds', '1', '--reports', '3'],
    ]);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    expect(got.stdout.split('\n')[0]).toContain('on behalf of its kwok pods (they run no code)');
    expect(got.stdout.match(/: HTTP 200\n/g)).toHaveLength(3);

    // The status server writes a job's report at most every 5 s: the last one lands.
    const status = await waitFor('the last report in status.trainerStatus', async () => {
      const trainer = (await readTrainJob(namespace, name)).status?.trainerStatus as
        { progressPercentage?: number; metrics?: { name: string; value: string }[] } | undefined;
      return trainer?.progressPercentage === 100 ? trainer : undefined;
    });
    expect(status.metrics?.map((m) => m.name)).toEqual(['loss', 'accuracy', 'epoch']);

    const row = tableRows((await kubetrain(['get', name, '-n', namespace])).stdout)[1];
    // Suspended: no ETA.
    expect(row?.slice(0, 2)).toEqual([name, 'Suspended']);
    expect(row?.slice(5, 7)).toEqual(['100%', '-']);
    const describe = (await kubetrain(['describe', name, '-n', namespace])).stdout;
    expect(describe).toContain('  Percent:      100%  [====================]\n');
    expect(describe).toMatch(/\n {4}loss +0\.0500\n {4}accuracy +0\.9500\n {4}epoch +10\n/);
  });
});
