// SPDX-License-Identifier: Apache-2.0
// The manager as a process on the real control plane: a restart writes nothing for settled
// TrainJobs (no write request leaves it, and no stored object changes); two replicas, exactly one
// leads and the other takes over when it stops; the `kubetrain-manager` binary stops gracefully on
// SIGTERM and releases its Lease; metrics over HTTPS with the serving certificate.
import { execFile } from 'node:child_process';
import { GROUP, Resources, VERSION, type JobSet } from '@kubetrain/api';
import { status as engineStatus } from '@kubetrain/runtime';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { CoordinationV1Api } from '@kubernetes/client-node';
import { makeTrainJob } from '@kubetrain/testing';
import { cluster } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  custom,
  eventsOf,
  installCrdsAndShippedRuntimes,
  removeClusterRuntimes,
  podAnnotations,
  writesOf,
  readTrainJob,
  startTestManager,
  TEST_CONFIG,
  waitForCondition,
  spawnManagerBinary,
  type ManagerProcess,
  type TestManager,
} from './harness.js';

const run = promisify(execFile);

/** resourceVersion of every TrainJob, ConfigMap and Secret of the namespace, and generation of every JobSet. */
async function versions(namespace: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tjs = (await custom().listNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.TrainJob,
    namespace,
  })) as {
    items: Array<{ metadata: { name: string; resourceVersion: string } }>;
  };
  for (const t of tjs.items) out[`TrainJob/${t.metadata.name}`] = t.metadata.resourceVersion;
  const jss = (await custom().listNamespacedCustomObject({
    group: 'jobset.x-k8s.io',
    version: 'v1alpha2',
    plural: 'jobsets',
    namespace,
  })) as {
    items: Array<{ metadata: { name: string; generation: number } }>;
  };
  for (const j of jss.items) out[`JobSet/${j.metadata.name}`] = String(j.metadata.generation);
  for (const cm of (await cluster().core.listNamespacedConfigMap({ namespace })).items)
    out[`ConfigMap/${cm.metadata?.name}`] = cm.metadata?.resourceVersion ?? '';
  for (const sec of (await cluster().core.listNamespacedSecret({ namespace })).items)
    out[`Secret/${sec.metadata?.name}`] = sec.metadata?.resourceVersion ?? '';
  return out;
}

/** The Lease's holder (`''` when released). */
async function leaseHolder(namespace: string, name: string): Promise<string | undefined> {
  const api = cluster().kubeConfig.makeApiClient(CoordinationV1Api);
  const lease = await api.readNamespacedLease({ namespace, name }).catch(() => undefined);
  return lease === undefined ? undefined : (lease.spec?.holderIdentity ?? '');
}

function leaderConfig(namespace: string, lease: string): string {
  return `${TEST_CONFIG}leaderElection:
  leaderElect: true
  resourceName: ${lease}
  resourceNamespace: ${namespace}
  leaseDuration: 4s
  renewDeadline: 3s
  retryPeriod: 1s
`;
}

async function reconcileCount(manager: TestManager['manager']): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${manager.metricsPort}/metrics`)).text();
  const m = /controller_runtime_reconcile_total\{controller="trainjob_controller",result="[a-z_]+"\} (\d+)/g;
  let total = 0;
  for (const match of text.matchAll(m)) total += Number(match[1]);
  return total;
}

describe('kubetrain-manager lifecycle', () => {
  const suffix = randomBytes(2).toString('hex');
  let namespace: string;
  const started: TestManager[] = [];
  const installedRuntimes: string[] = [];

  beforeAll(async () => {
    // The suite stands on its own: it installs the CRDs and shipped runtimes it needs, whatever
    // ran before it (jest orders suites differently on a machine without its cache).
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes('kubetrain-e2e-manager-lifecycle')));
    namespace = await createNamespace('e2e-mgr');
  });

  afterAll(async () => {
    for (const t of started) await t.manager.stop().catch(() => undefined);
    if (namespace) await deleteNamespace(namespace);
    await removeClusterRuntimes(installedRuntimes);
  });

  async function start(config?: string, argv: string[] = []): Promise<TestManager> {
    const t = await startTestManager(namespace, config, argv);
    started.push(t);
    return t;
  }

  it('a restart writes nothing for settled TrainJobs (complete, running, suspended, MPI)', async () => {
    const first = await start();
    const jobs = {
      complete: makeTrainJob(namespace, `done-${suffix}`).numNodes(2),
      running: makeTrainJob(namespace, `run-${suffix}`)
        .numNodes(2)
        .runtimePatch('e2e.kubetrain.dev/kwok', podAnnotations('node', keepRunning())),
      suspended: makeTrainJob(namespace, `susp-${suffix}`).numNodes(1).suspend(true),
      mpi: makeTrainJob(namespace, `mpi-${suffix}`)
        .runtimeRef('deepspeed-distributed')
        .numNodes(2)
        .suspend(true),
    };
    for (const b of Object.values(jobs)) await createTrainJob(b.obj());
    await waitForCondition(namespace, `done-${suffix}`, 'Complete');
    await waitForCondition(namespace, `susp-${suffix}`, 'Suspended');
    await waitForCondition(namespace, `mpi-${suffix}`, 'Suspended');
    await waitFor('the running job with both pods ready', async () => {
      const tj = await readTrainJob(namespace, `run-${suffix}`);
      return tj.status?.jobsStatus?.[0]?.ready === 1 && tj.status.jobsStatus[0].active === 1
        ? true
        : undefined;
    });
    // Settled: for every TrainJob, the status the engine computes from its JobSet is the one stored.
    await waitFor('every TrainJob settled', async () => {
      for (const name of Object.values(jobs).map((b) => b.obj().metadata!.name!)) {
        const tj = await readTrainJob(namespace, name);
        const jobSet = (await custom().getNamespacedCustomObject({
          group: 'jobset.x-k8s.io',
          version: 'v1alpha2',
          plural: 'jobsets',
          namespace,
          name,
        })) as JobSet;
        if (engineStatus(tj, { jobSet, now: new Date().toISOString() }).changed) return undefined;
      }
      return true;
    });
    const firstWrites = await writesOf(first.manager);
    // Without --lifecycle-events, a job that ran to Complete has no event of the manager's: like
    // upstream, Created and Completed are not recorded (the suspended jobs do have Suspended).
    const doneEvents = (await eventsOf(namespace, `done-${suffix}`)).map((e) => e.reason);
    expect(doneEvents).not.toContain('Created');
    expect(doneEvents).not.toContain('Completed');
    expect((await eventsOf(namespace, `susp-${suffix}`)).map((e) => e.reason)).toContain('Suspended');
    await first.manager.stop();
    started.splice(started.indexOf(first), 1);

    const before = await versions(namespace);
    const second = await start();
    // Every TrainJob reconciled by the new process at least once, and nothing left in its queue.
    await waitFor('the restarted manager reconciled every TrainJob', async () =>
      (await reconcileCount(second.manager)) >= 4 ? true : undefined,
    );
    await waitFor('the queue drained', async () => {
      const text = await (await fetch(`http://127.0.0.1:${second.manager.metricsPort}/metrics`)).text();
      return /workqueue_depth\{name="trainjob_controller",controller="trainjob_controller"\} 0/.test(text) &&
        /controller_runtime_active_workers\{controller="trainjob_controller"\} 0/.test(text)
        ? true
        : undefined;
    });
    // No write request left the restarted manager, and no stored object changed.
    expect(await writesOf(second.manager)).toEqual({});
    expect(await versions(namespace)).toEqual(before);
    // The first manager did write (the counter counts).
    expect(Object.keys(firstWrites).length).toBeGreaterThan(0);
  });

  it('two replicas: exactly one leads; when it stops, the other takes over', async () => {
    for (const t of started.splice(0)) await t.manager.stop();
    const lease = `kubetrain-e2e-${suffix}`;
    const a = await start(leaderConfig(namespace, lease));
    const b = await start(leaderConfig(namespace, lease));
    const holder = await waitFor('a leader', async () => (await leaseHolder(namespace, lease)) || undefined);
    await createTrainJob(makeTrainJob(namespace, `le1-${suffix}`).numNodes(1).obj());
    await waitForCondition(namespace, `le1-${suffix}`, 'Complete');
    const counts = [await reconcileCount(a.manager), await reconcileCount(b.manager)];
    // Exactly one of the two reconciled: the one holding the Lease.
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const active = counts[0]! > 0 ? a : b;
    const standby = active === a ? b : a;

    await active.manager.stop();
    started.splice(started.indexOf(active), 1);
    await waitFor('a new leader', async () => {
      const now = await leaseHolder(namespace, lease);
      return now && now !== holder ? now : undefined;
    });
    await createTrainJob(makeTrainJob(namespace, `le2-${suffix}`).numNodes(1).obj());
    await waitForCondition(namespace, `le2-${suffix}`, 'Complete');
    expect(await reconcileCount(standby.manager)).toBeGreaterThan(0);
  });

  /** Starts the `kubetrain-manager` binary for the namespace with `configText`; stderr is collected. */
  const spawnBinary = (configText: string): ManagerProcess => spawnManagerBinary(namespace, configText);

  const listJobSets = async () =>
    (
      (await custom().listNamespacedCustomObject({
        group: 'jobset.x-k8s.io',
        version: 'v1alpha2',
        plural: 'jobsets',
        namespace,
      })) as { items: Array<{ metadata: { name: string; ownerReferences?: Array<{ name: string }> } }> }
    ).items;

  it('SIGKILL in the middle of a burst, then a new process: every TrainJob completes with its one JobSet, no error', async () => {
    for (const t of started.splice(0)) await t.manager.stop();
    const names = Array.from({ length: 200 }, (_, i) => `burst-${suffix}-${i}`);
    const first = spawnBinary(TEST_CONFIG);
    await waitFor('the binary ready', async () =>
      /Started controllers/.test(first.output()) ? true : undefined,
    );
    // Created 20 at a time, as a burst from a parallel client.
    for (let i = 0; i < names.length; i += 20) {
      await Promise.all(
        names.slice(i, i + 20).map((n) => createTrainJob(makeTrainJob(namespace, n).numNodes(1).obj())),
      );
    }
    // Killed as soon as some JobSets exist (most of the burst is still to do).
    await waitFor(
      'some JobSets',
      async () =>
        (await listJobSets()).some((j) => j.metadata.name.startsWith(`burst-${suffix}-`)) ? true : undefined,
      undefined,
      { intervalMs: 50 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = spawnBinary(TEST_CONFIG);
    try {
      for (const n of names) await waitForCondition(namespace, n, 'Complete');
      for (const n of names) {
        const tj = await readTrainJob(namespace, n);
        expect(tj.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['Complete=True']);
      }
      const burst = (await listJobSets()).filter((j) => j.metadata.name.startsWith(`burst-${suffix}-`));
      expect(burst.map((j) => j.metadata.ownerReferences?.[0]?.name).sort()).toEqual([...names].sort());
      expect(second.output()).not.toMatch(/"message":"Reconciler error"/);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 600_000);

  it('the binary stops gracefully on SIGTERM and releases its Lease', async () => {
    for (const t of started.splice(0)) await t.manager.stop();
    const lease = `kubetrain-bin-${suffix}`;
    const { child, exited, output } = spawnBinary(leaderConfig(namespace, lease));
    await waitFor(
      'the binary holds the Lease',
      async () => ((await leaseHolder(namespace, lease)) ? true : undefined),
      async () => output(),
    );
    await createTrainJob(makeTrainJob(namespace, `bin-${suffix}`).numNodes(1).obj());
    await waitForCondition(namespace, `bin-${suffix}`, 'Complete');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await leaseHolder(namespace, lease)).toBe('');
    // One JSON object per line, each with a level and a message.
    const lines = output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; message: string });
    expect(lines.map((l) => l.message)).toEqual(
      expect.arrayContaining(['Manager started', 'Stopping the manager', 'Manager stopped']),
    );
  });

  it('serves the metrics over HTTPS with the serving certificate', async () => {
    for (const t of started.splice(0)) await t.manager.stop();
    // A self-signed serving certificate for 127.0.0.1 of the test's own.
    const certDir = mkdtempSync(join(tmpdir(), 'kubetrain-certs-'));
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certDir, 'tls.key'),
      '-out',
      join(certDir, 'tls.crt'),
    ]);
    const secure = await start(TEST_CONFIG.replace('secureServing: false', 'secureServing: true'), [
      `--cert-dir=${certDir}`,
    ]);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: secure.manager.metricsPort,
          path: '/metrics',
          ca: readFileSync(join(certDir, 'tls.crt')),
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).toContain(
      'controller_runtime_max_concurrent_reconciles{controller="trainjob_controller"} 64',
    );
  });
});
