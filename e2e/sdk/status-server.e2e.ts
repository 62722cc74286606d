// SPDX-License-Identifier: Apache-2.0
// The TrainJob status server (feature gate TrainJobStatus) against the local control plane, with the
// real Kubeflow SDK: a Python process acting as a trainer calls kubeflow.trainer.update_trainjob_status()
// of kubeflow 0.5.0, unchanged, with a token from the TokenRequest API for the job's audience, and the
// TrainJob's status.trainerStatus shows its report. Tokens for another job, another namespace, another
// audience, and an expired one, are refused with upstream's 403. A flood of 1,000 reports in 10 s
// from one job costs a few status writes, counted from the API server's own /metrics, and the last
// report is the one that lands.
//
// The manager runs in-process (e2e/controller/harness.ts) with the gate on, its certificate from a
// cert dir (certManagement off) and its status server on 127.0.0.1. Outside a pod it learns the
// issuer from the API server's /.well-known/openid-configuration (docs/status-server.md).
import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { statusPath, tokenAudience } from '@kubetrain/controller';
import { KubeClient, loadKubeConfig } from '@kubetrain/kube';
import { makeTrainJob } from '@kubetrain/testing';
import {
  createTrainJob,
  readTrainJob,
  startTestManager,
  TEST_CONFIG,
  writesOf,
  type TestManager,
} from '../controller/harness.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { writeLocalCertificate } from '../support/local-certificate.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { ensurePythonSdk, runProcess } from '../support/process.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** A token of the namespace's `default` ServiceAccount from the TokenRequest API. */
async function requestToken(namespace: string, audience: string, seconds = 3600): Promise<string> {
  const answer = await cluster().core.createNamespacedServiceAccountToken({
    name: 'default',
    namespace,
    body: { spec: { audiences: [audience], expirationSeconds: seconds } },
  });
  return answer.status?.token ?? '';
}

/**
 * `token` with its claims changed and signed again with the cluster's own service-account signing
 * key (hack/cluster's pki/sa.key: the key the API server signs TokenRequest tokens with, and whose
 * public half it publishes at /openid/v1/jwks), same header (alg, kid).
 */
function resigned(
  token: string,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
): string {
  const [header = '', payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const signed = `${header}.${Buffer.from(JSON.stringify(change(claims))).toString('base64url')}`;
  const key = createPrivateKey(readFileSync(join(dirname(kubeconfigPath()), 'pki', 'sa.key')));
  return `${signed}.${sign('sha256', Buffer.from(signed), key).toString('base64url')}`;
}

/** apiserver_request_total of PATCH trainjobs/status, all codes, from the API server's /metrics. */
async function statusPatches(client: KubeClient): Promise<number> {
  const response = await client.transport.send({ method: 'GET', path: '/metrics', accept: 'text/plain' });
  const text = await response.body.text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    if (
      line.includes('resource="trainjobs"') &&
      line.includes('subresource="status"') &&
      line.includes('verb="PATCH"')
    )
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** The manager's own status-server counters (`name{label="value"} n` lines), by label value. */
async function managerCounter(test: TestManager, name: string): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${test.manager.metricsPort}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(new RegExp(`^${name}\\{[a-z]+="([^"]+)"\\} (\\d+)$`, 'gm')))
    out[m[1]!] = Number(m[2]);
  return out;
}

interface SdkAnswer {
  sent: boolean;
  code: number | null;
  log: string[];
}

describe('TrainJob status server (gate TrainJobStatus) with kubeflow 0.5.0 update_trainjob_status()', () => {
  let python: string;
  let namespace: string;
  let other: string;
  let dir: string;
  let ca: string;
  let port: number;
  let test: TestManager;
  let apiClient: KubeClient;

  beforeAll(async () => {
    python = ensurePythonSdk({ venv: 'sdk-venv', package: 'kubeflow', version: '0.5.0', minPython: '3.10' });
    namespace = await createNamespace('e2e-status');
    other = await createNamespace('e2e-status-other');
    dir = mkdtempSync(join(tmpdir(), 'status-server-'));
    const bundle = await writeLocalCertificate(dir);
    ca = join(dir, 'ca.crt');
    writeFileSync(ca, bundle.caCert);
    port = await freePort();
    const config = `${TEST_CONFIG}webhook:\n  host: 127.0.0.1\n  port: ${await freePort()}\nstatusServer:\n  port: ${port}\n  qps: 5\n  burst: 10\n`;
    test = await startTestManager(namespace, config, [
      '--feature-gates=TrainJobStatus=true',
      `--cert-dir=${dir}`,
    ]);
    const server = await test.manager.statusServer?.serving;
    expect(server?.port).toBe(port);
    apiClient = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }));
  }, 600_000);

  let stopped = false;
  afterAll(async () => {
    if (!stopped) await test?.manager.stop();
    await apiClient?.close();
    for (const ns of [namespace, other]) if (ns) await deleteNamespace(ns);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A suspended TrainJob (nothing runs; its status is all the test reads), once the manager holds it. */
  async function trainJob(name: string): Promise<void> {
    await createTrainJob(makeTrainJob(namespace, name).runtimeRef('torch-distributed').suspend(true).obj());
    await waitFor(`TrainJob ${namespace}/${name} in the manager's store`, async () =>
      test.manager.stores.trainJobs.getByName(namespace, name) !== undefined ? true : undefined,
    );
  }

  /** One report through the SDK, as job `name`'s trainer, presenting `token`. */
  async function sdkReport(
    name: string,
    token: string,
    progress: number,
    eta: number,
    metrics: object,
  ): Promise<SdkAnswer> {
    const tokenFile = join(dir, `token-${randomBytes(4).toString('hex')}`);
    writeFileSync(tokenFile, token);
    const url = `https://127.0.0.1:${port}${statusPath(namespace, name)}`;
    const run = await runProcess(python, [
      join(here, 'report_status.py'),
      url,
      ca,
      tokenFile,
      String(progress),
      String(eta),
      JSON.stringify(metrics),
    ]);
    if (run.code !== 0)
      throw new Error(`report_status.py failed (exit ${run.code}):\n${run.stderr.slice(-4000)}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as SdkAnswer;
  }

  const trainerStatusOf = async (name: string) =>
    (await readTrainJob(namespace, name)).status?.trainerStatus as Record<string, unknown> | undefined;

  it('writes the progress and metrics a trainer reports with a TokenRequest token for its job', async () => {
    await trainJob('reporter');
    const token = await requestToken(namespace, tokenAudience(namespace, 'reporter'));
    const answer = await sdkReport('reporter', token, 40, 120, { loss: 0.25, accuracy: 0.9, epoch: 2 });
    expect(answer).toMatchObject({ sent: true, code: 200 });
    const status = await waitFor('trainerStatus written', async () => {
      const s = await trainerStatusOf('reporter');
      return s?.['progressPercentage'] === 40 ? s : undefined;
    });
    expect(status).toMatchObject({
      progressPercentage: 40,
      estimatedRemainingSeconds: 120,
      metrics: [
        { name: 'loss', value: '0.25' },
        { name: 'accuracy', value: '0.9' },
        { name: 'epoch', value: '2' },
      ],
    });
    expect(typeof status['lastUpdatedTime']).toBe('string');
    // Written by the status server's field manager.
    const managed = (await readTrainJob(namespace, 'reporter')).metadata?.managedFields ?? [];
    expect(managed.some((m) => m.manager === 'trainer-status' && m.subresource === 'status')).toBe(true);
  });

  it('refuses with 403 a token for another job, another namespace, another audience, or expired', async () => {
    await trainJob('target');
    await trainJob('neighbour');
    const audience = tokenAudience(namespace, 'target');
    const good = await requestToken(namespace, audience);
    const cases: [string, string][] = [
      [
        'another job (its audience names the neighbour)',
        await requestToken(namespace, tokenAudience(namespace, 'neighbour')),
      ],
      [
        'another namespace (right audience, issued in another namespace)',
        await requestToken(other, audience),
      ],
      [
        'another audience (the API server default)',
        await requestToken(namespace, 'https://kubernetes.default.svc.cluster.local'),
      ],
      // TokenRequest will not issue a token shorter than 10 minutes; this one is a TokenRequest
      // token whose times were moved an hour back and that was signed again with the API server's
      // own signing key: trusted, right audience and namespace, only expired.
      [
        'expired (a real token, an hour older, signed with the cluster key)',
        resigned(good, (c) => ({
          ...c,
          iat: Number(c['iat']) - 7200,
          nbf: Number(c['nbf']) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        })),
      ],
    ];
    const refusedBefore = await managerCounter(test, 'kubetrain_status_server_token_refusals_total');
    for (const [name, token] of cases) {
      const answer = await sdkReport('target', token, 10, 10, { loss: 1 });
      expect({ name, sent: answer.sent, code: answer.code }).toEqual({ name, sent: false, code: 403 });
    }
    // Each refused for the reason meant: the audiences, the namespace claim, the expiry.
    const refused = await managerCounter(test, 'kubetrain_status_server_token_refusals_total');
    const delta = (reason: string) => (refused[reason] ?? 0) - (refusedBefore[reason] ?? 0);
    expect(['wrongAudience', 'wrongNamespace', 'expired', 'badSignature'].map((r) => [r, delta(r)])).toEqual([
      ['wrongAudience', 2],
      ['wrongNamespace', 1],
      ['expired', 1],
      ['badSignature', 0],
    ]);
    expect(await trainerStatusOf('target')).toBeUndefined();
    // The control of the expired case: the same re-signing with the times left alone is accepted, so
    // the refusal above was the expiry alone.
    const control = await sdkReport(
      'target',
      resigned(good, (c) => c),
      55,
      5,
      { loss: 0.5 },
    );
    expect(control).toMatchObject({ sent: true, code: 200 });
    await waitFor('the control report written', async () =>
      (await trainerStatusOf('target'))?.['progressPercentage'] === 55 ? true : undefined,
    );
  });

  it('turns 1,000 reports in 10 s from one job into a few status writes, the last report winning', async () => {
    await trainJob('flood');
    const token = await requestToken(namespace, tokenAudience(namespace, 'flood'));
    // Let the controller's own status writes of the new job land before counting.
    await delay(3000);
    const agent = new Agent({ keepAlive: true, maxSockets: 8, ca: readFileSync(ca) });
    const post = (i: number) =>
      new Promise<{ code: number; ms: number }>((resolve, reject) => {
        const body = JSON.stringify({
          trainerStatus: {
            progressPercentage: Math.floor(i / 10),
            estimatedRemainingSeconds: 999 - i,
            metrics: [{ name: 'step', value: String(i) }],
            lastUpdatedTime: new Date().toISOString(),
          },
        });
        const started = performance.now();
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: statusPath(namespace, 'flood'),
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ code: res.statusCode ?? 0, ms: performance.now() - started }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const before = await statusPatches(apiClient);
    const writtenBefore =
      (await managerCounter(test, 'kubetrain_status_server_writes_total'))['written'] ?? 0;
    // The controllers' own status writes in the window (the manager's main client counts them).
    const controllerBefore = (await writesOf(test.manager))['PATCH trainjobs/status'] ?? 0;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const answers: Promise<{ code: number; ms: number }>[] = [];
    for (let i = 0; i < 1000; i++) {
      const wait = start + i * 10 - performance.now();
      if (wait > 0) await delay(wait);
      answers.push(post(i));
    }
    const results = await Promise.all(answers);
    const floodMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    agent.destroy();
    expect(results.filter((r) => r.code !== 200)).toEqual([]);
    await waitFor('the last report written', async () => {
      const s = await trainerStatusOf('flood');
      const step = (s?.['metrics'] as { value: string }[] | undefined)?.[0]?.value;
      return step === '999' ? s : undefined;
    });
    // One more interval: nothing is left to write.
    await delay(6000);
    const apiServerWrites = (await statusPatches(apiClient)) - before;
    const controllerWrites =
      ((await writesOf(test.manager))['PATCH trainjobs/status'] ?? 0) - controllerBefore;
    // The API server's count, less what the TrainJob controller says it wrote meanwhile: the status
    // server's writes as the API server saw them.
    const writes = apiServerWrites - controllerWrites;
    const managerWrites =
      ((await managerCounter(test, 'kubetrain_status_server_writes_total'))['written'] ?? 0) - writtenBefore;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `STATUS-SERVER-FIGURES ${JSON.stringify({
        reports: results.length,
        floodSeconds: Math.round(floodMs) / 1000,
        statusWrites: writes,
        apiServerWrites,
        controllerWrites,
        managerWrites,
        latencyMs: {
          mean: Math.round((latencies.reduce((a, b) => a + b, 0) / latencies.length) * 100) / 100,
          p50: Math.round(latencies[499]! * 100) / 100,
          p99: Math.round(latencies[989]! * 100) / 100,
        },
        cpuMsPerReport: Math.round(((cpu.user + cpu.system) / 1000 / results.length) * 100) / 100,
      })}`,
    );
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(4);
    // The API server saw the status server's writes (and possibly a controller's): never fewer.
    expect(managerWrites).toBe(writes);
    expect(await trainerStatusOf('flood')).toMatchObject({
      progressPercentage: 99,
      estimatedRemainingSeconds: 0,
      metrics: [{ name: 'step', value: '999' }],
    });
  }, 120_000);

  it('writes the report still pending when the manager stops', async () => {
    await trainJob('last-words');
    const token = await requestToken(namespace, tokenAudience(namespace, 'last-words'));
    const agent = new Agent({ keepAlive: false, ca: readFileSync(ca) });
    const post = (progress: number) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: statusPath(namespace, 'last-words'),
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            trainerStatus: { progressPercentage: progress, lastUpdatedTime: new Date().toISOString() },
          }),
        );
      });
    // The first is written at once; the second waits for the job's 5 s interval.
    expect(await post(10)).toBe(200);
    await waitFor('the first report written', async () =>
      (await trainerStatusOf('last-words'))?.['progressPercentage'] === 10 ? true : undefined,
    );
    expect(await post(20)).toBe(200);
    stopped = true;
    await test.manager.stop();
    expect((await trainerStatusOf('last-words'))?.['progressPercentage']).toBe(20);
  });
});
