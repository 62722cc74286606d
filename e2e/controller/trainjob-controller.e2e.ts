// SPDX-License-Identifier: Apache-2.0
// The TrainJob controller on the real control plane: kubetrain's manager (in-process, scoped to the
// suite's namespace) against kube-apiserver, the JobSet controller and kwok nodes. The cases port
// upstream's controller integration checklist (api-and-controller.md 10.1) where a real JobSet
// controller runs instead of hand-written JobSet status, plus the whole chain: pods succeed or fail
// on kwok as their annotations say, and the TrainJob's status, events and owned objects follow.
import { randomBytes } from 'node:crypto';
import { GROUP, Resources, VERSION } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { applyObject } from '../support/apply.js';
import { apiStatus } from '../support/api-errors.js';
import { cluster } from '../support/cluster.js';
import { readJobSet } from '../support/jobset.js';
import { failAfter, keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  installCrdsAndShippedRuntimes,
  removeClusterRuntimes,
  createTrainJob,
  podAnnotations,
  writesOf,
  custom,
  eventsOf,
  patchTrainJob,
  readClusterRuntime,
  readTrainJob,
  startTestManager,
  trainingRuntimeFrom,
  waitForCondition,
  waitForEvent,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';

const notFound = async (read: () => Promise<unknown>): Promise<true | undefined> =>
  read().then(
    () => undefined,
    (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
  );

describe('TrainJob controller (kubetrain-manager on kube-apiserver, JobSet and kwok)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installedRuntimes: string[] = [];
  let namespace: string;
  let test: TestManager;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-ctl');
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER_E2E)));
    test = await startTestManager(namespace, undefined, ['--lifecycle-events']);
  });

  afterAll(async () => {
    await test?.manager.stop();
    await removeClusterRuntimes(installedRuntimes);
    if (namespace) await deleteNamespace(namespace);
  });

  const core = () => cluster().core;

  it('a 2-node torch TrainJob reaches Complete with jobsStatus; snapshot, events and ownership as upstream', async () => {
    const name = `torch-${suffix}`;
    const created = await createTrainJob(makeTrainJob(namespace, name).numNodes(2).obj());
    const done = await waitForCondition(namespace, name, 'Complete');
    // Writes of the whole lifecycle: the snapshot and the JobSet once each (2 writes up to the
    // JobSet), then status patches and the events. The JobSet's counters move 3 times on kwok
    // (active, ready, succeeded) within a few seconds: counter-only changes are held back for the
    // 30 s window (status-coalescing.ts) and reach the API server with Complete: 1 patch (2 when
    // the machine is slow enough for the window to end first; 4 without the window).
    const writes = await writesOf(test.manager);
    expect(writes['POST configmaps']).toBe(1);
    expect(writes['APPLY jobsets']).toBe(1);
    expect(writes['PATCH trainjobs/status']).toBeLessThanOrEqual(2);
    expect(Object.keys(writes).sort()).toEqual([
      'APPLY jobsets',
      'PATCH trainjobs/status',
      'POST configmaps',
      'POST events',
    ]);
    expect(done.status?.conditions).toEqual([
      expect.objectContaining({
        type: 'Complete',
        status: 'True',
        reason: 'AllJobsCompleted',
        message: 'jobset completed successfully',
      }),
    ]);
    expect(done.status?.jobsStatus).toEqual([
      { name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
    ]);

    // Every owned object: exactly one owner reference, the TrainJob as controller.
    const owners = [
      expect.objectContaining({
        kind: 'TrainJob',
        name,
        uid: created.metadata!.uid,
        controller: true,
        blockOwnerDeletion: true,
      }),
    ];
    const jobSet = await readJobSet(namespace, name);
    expect(jobSet.metadata?.ownerReferences).toEqual(owners);
    // The runtime snapshot: one controller owner reference, the runtime as read, and kubetrain's label.
    const snapshot = await core().readNamespacedConfigMap({ name: `${name}-runtime-snapshot`, namespace });
    expect(snapshot.metadata?.ownerReferences).toEqual(owners);
    expect(snapshot.data?.['runtime']).toContain('kind: ClusterTrainingRuntime');
    expect(snapshot.data?.['runtime']).toContain('name: torch-distributed');
    expect(snapshot.metadata?.labels?.['kubetrain.dev/trainjob-name']).toBe(name);

    await waitForEvent(namespace, name, 'Completed');
    const reasons = (await eventsOf(namespace, name)).map((e) => e.reason);
    expect(reasons).toEqual(expect.arrayContaining(['Created', 'Completed']));
    expect(reasons).not.toContain('TrainJobResourcesCreationFailed');
  });

  it('a job whose pod fails reaches Failed, and its event names the pod and the exit code', async () => {
    const name = `fail-${suffix}`;
    // The shipped runtimes keep Job's default backoffLimit (6 retries with back-off); a runtime of the
    // namespace with backoffLimit 0 fails on the first pod failure.
    const runtime = (await trainingRuntimeFrom(namespace, `rt-fail-${suffix}`, 'torch-distributed')) as {
      spec: {
        template: { spec: { replicatedJobs: Array<{ template: { spec: Record<string, unknown> } }> } };
      };
    };
    for (const job of runtime.spec.template.spec.replicatedJobs) job.template.spec['backoffLimit'] = 0;
    await applyObject(runtime as never, FIELD_MANAGER_E2E);
    await createTrainJob(
      makeTrainJob(namespace, name)
        .runtimeRef(`rt-fail-${suffix}`, 'TrainingRuntime')
        .numNodes(1)
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', failAfter('1s', 3)))
        .obj(),
    );
    const failed = await waitForCondition(namespace, name, 'Failed');
    expect(failed.status?.conditions?.find((c) => c.type === 'Failed')?.reason).toBe('FailedJobs');
    const event = await waitForEvent(namespace, name, 'Failed');
    expect(event.type).toBe('Warning');
    expect(event.message).toMatch(
      new RegExp(
        `^FailedJobs: jobset failed due to one or more job failures.*; pod ${name}-node-0-0-\\S+ container node exited with code 3`,
      ),
    );
  });

  it('suspend, patch the runtimePatches while suspended, then resume: Suspended, Resumed, Complete', async () => {
    const name = `susp-${suffix}`;
    await createTrainJob(makeTrainJob(namespace, name).numNodes(1).suspend(true).obj());
    await waitForCondition(namespace, name, 'Suspended', 'Suspended');
    const suspended = await waitFor('a suspended JobSet', async () => {
      const js = await readJobSet(namespace, name).catch(() => undefined);
      return js?.spec?.['suspend'] === true ? js : undefined;
    });
    expect(suspended.spec?.['suspend']).toBe(true);
    expect(
      (await core().listNamespacedPod({ namespace, labelSelector: `jobset.sigs.k8s.io/jobset-name=${name}` }))
        .items,
    ).toEqual([]);

    // While suspended, runtimePatches reach the JobSet (upstream "update JobSet when TrainJob is suspended").
    const tj = await readTrainJob(namespace, name);
    const nodeSelector = { 'kubernetes.io/os': 'linux' };
    await patchTrainJob(namespace, name, {
      spec: {
        runtimePatches: [
          ...(tj.spec?.runtimePatches ?? []),
          {
            manager: 'example.com/placement',
            trainingRuntimeSpec: {
              template: {
                spec: {
                  replicatedJobs: [
                    { name: 'node', template: { spec: { template: { spec: { nodeSelector } } } } },
                  ],
                },
              },
            },
          },
        ],
      },
    });
    await waitFor('the nodeSelector on the suspended JobSet', async () => {
      const js = await readJobSet(namespace, name);
      const rjobs = (js.spec?.['replicatedJobs'] ?? []) as Array<{
        template: { spec: { template: { spec: { nodeSelector?: object } } } };
      }>;
      return rjobs[0]?.template.spec.template.spec.nodeSelector !== undefined ? true : undefined;
    });

    await patchTrainJob(namespace, name, { spec: { suspend: false } });
    const done = await waitForCondition(namespace, name, 'Complete');
    expect(done.status?.conditions?.find((c) => c.type === 'Suspended')).toEqual(
      expect.objectContaining({ status: 'False', reason: 'Resumed', message: 'TrainJob is resumed' }),
    );
    const reasons = (await eventsOf(namespace, name)).map((e) => e.reason);
    expect(reasons).toEqual(expect.arrayContaining(['Created', 'Suspended', 'Resumed', 'Completed']));
  });

  it('activeDeadlineSeconds: Failed/DeadlineExceeded and the JobSet deleted', async () => {
    const name = `ads-${suffix}`;
    await createTrainJob(
      makeTrainJob(namespace, name)
        .numNodes(1)
        .activeDeadlineSeconds(2)
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', keepRunning()))
        .obj(),
    );
    const failed = await waitForCondition(namespace, name, 'Failed', 'DeadlineExceeded');
    expect(failed.status?.conditions?.find((c) => c.type === 'Failed')?.message).toBe(
      'TrainJob exceeded its active deadline',
    );
    await waitFor(`JobSet ${name} deleted`, () => notFound(() => readJobSet(namespace, name)));
    const event = await waitForEvent(namespace, name, 'Failed');
    expect(event.message).toBe('DeadlineExceeded: TrainJob exceeded its active deadline');
  });

  it('an MPI job gets its SSH Secret and hostfile, owned and labelled, and completes', async () => {
    const name = `mpi-${suffix}`;
    await createTrainJob(
      makeTrainJob(namespace, name)
        .runtimeRef('deepspeed-distributed')
        .numNodes(2)
        .command('mpirun', 'python3', 'train.py')
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', keepRunning()))
        .obj(),
    );
    const secret = await waitFor('the MPI SSH Secret', () =>
      core().readNamespacedSecret({ name: `${name}-mpi-ssh-auth`, namespace }),
    );
    expect(secret.type).toBe('kubernetes.io/ssh-auth');
    expect(secret.immutable).toBe(true);
    expect(Object.keys(secret.data ?? {}).sort()).toEqual(['ssh-privatekey', 'ssh-publickey']);
    expect(secret.metadata?.ownerReferences?.[0]).toEqual(
      expect.objectContaining({ kind: 'TrainJob', name, controller: true }),
    );
    const hostfile = await core().readNamespacedConfigMap({ name: `${name}-mpi-hostfile`, namespace });
    expect(hostfile.data?.['hostfile']).toBe(
      `${name}-node-0-0.${name} slots=1\n${name}-launcher-0-0.${name} slots=1\n`,
    );
    expect(hostfile.metadata?.labels?.['kubetrain.dev/trainjob-name']).toBe(name);
    await waitForCondition(namespace, name, 'Complete');
  });

  it('an MPI SSH Secret deleted while suspended comes back when the JobSet is re-applied (resume)', async () => {
    // The manager never reads Secrets (README: "Secrets are written, never read"): it does not see
    // the deletion, and POSTs the Secret again with the JobSet's next apply.
    const name = `mpi-resume-${suffix}`;
    const secretName = `${name}-mpi-ssh-auth`;
    await createTrainJob(
      makeTrainJob(namespace, name)
        .runtimeRef('deepspeed-distributed')
        .numNodes(1)
        .command('mpirun', 'python3', 'train.py')
        .suspend(true)
        .obj(),
    );
    const first = await waitFor('the MPI SSH Secret', () =>
      core().readNamespacedSecret({ name: secretName, namespace }),
    );
    await waitFor('a suspended JobSet', async () => {
      const js = await readJobSet(namespace, name).catch(() => undefined);
      return js?.spec?.['suspend'] === true ? js : undefined;
    });
    await core().deleteNamespacedSecret({ name: secretName, namespace });
    await waitFor('the Secret gone', () =>
      notFound(() => core().readNamespacedSecret({ name: secretName, namespace })),
    );
    await patchTrainJob(namespace, name, { spec: { suspend: false } });
    const again = await waitFor('the MPI SSH Secret created again', () =>
      core().readNamespacedSecret({ name: secretName, namespace }),
    );
    expect(again.metadata?.uid).not.toBe(first.metadata?.uid);
    expect(Object.keys(again.data ?? {}).sort()).toEqual(['ssh-privatekey', 'ssh-publickey']);
    await waitForCondition(namespace, name, 'Complete');
  });

  it('a job whose runtime is deleted after its snapshot was taken still completes', async () => {
    const runtime = `rt-gone-${suffix}`;
    const name = `snap-${suffix}`;
    await applyObject(
      (await trainingRuntimeFrom(namespace, runtime, 'torch-distributed')) as never,
      FIELD_MANAGER_E2E,
    );
    await createTrainJob(
      makeTrainJob(namespace, name).runtimeRef(runtime, 'TrainingRuntime').numNodes(1).suspend(true).obj(),
    );
    const snapshot = await waitFor('the snapshot ConfigMap', () =>
      core().readNamespacedConfigMap({ name: `${name}-runtime-snapshot`, namespace }),
    );
    expect(snapshot.data?.['runtime']).toContain('kind: TrainingRuntime');
    // Runtimes in use can be deleted (upstream "TrainingRuntime can be deleted while referenced by a TrainJob").
    await custom().deleteNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainingRuntime,
      namespace,
      name: runtime,
    });
    await waitFor('the runtime deleted', () =>
      notFound(() =>
        custom().getNamespacedCustomObject({
          group: GROUP,
          version: VERSION,
          plural: Resources.TrainingRuntime,
          namespace,
          name: runtime,
        }),
      ),
    );
    await patchTrainJob(namespace, name, { spec: { suspend: false } });
    await waitForCondition(namespace, name, 'Complete');
  });

  it('a job created before its runtime waits with a clear event, then converges once the runtime exists', async () => {
    const runtime = `rt-late-${suffix}`;
    const name = `late-${suffix}`;
    await createTrainJob(
      makeTrainJob(namespace, name).runtimeRef(runtime, 'TrainingRuntime').numNodes(1).obj(),
    );
    const warning = await waitForEvent(namespace, name, 'TrainJobResourcesCreationFailed');
    expect(warning.type).toBe('Warning');
    // Upstream's note around the not-found error of the runtime (its wording is the engine's).
    expect(warning.message).toMatch(
      new RegExp(
        `^TrainJob resources reconciliation failed: TrainingRuntime specified in TrainJob is not found: .*"${runtime}" not found$`,
      ),
    );
    expect(await notFound(() => readJobSet(namespace, name))).toBe(true);
    await applyObject(
      (await trainingRuntimeFrom(namespace, runtime, 'torch-distributed')) as never,
      FIELD_MANAGER_E2E,
    );
    await waitForCondition(namespace, name, 'Complete');
    // Waiting is not a crash loop: one warning, not one per retry.
    const warnings = (await eventsOf(namespace, name)).filter(
      (e) => e.reason === 'TrainJobResourcesCreationFailed',
    );
    expect(warnings).toHaveLength(1);
  });

  it('the snapshot, not the current runtime, is used once taken; a deleted snapshot is taken again', async () => {
    const runtime = `rt-marker-${suffix}`;
    const name = `marker-${suffix}`;
    const base = (await trainingRuntimeFrom(namespace, runtime, 'torch-distributed')) as {
      spec: { template: { metadata?: { labels?: Record<string, string> } } };
    };
    base.spec.template.metadata = { labels: { 'snapshot-test-marker': 'snapshot-v1' } };
    await applyObject(base as never, FIELD_MANAGER_E2E);
    await createTrainJob(
      makeTrainJob(namespace, name).runtimeRef(runtime, 'TrainingRuntime').numNodes(1).suspend(true).obj(),
    );
    await waitFor('the JobSet with marker v1', async () => {
      const js = await readJobSet(namespace, name).catch(() => undefined);
      return js?.metadata?.labels?.['snapshot-test-marker'] === 'snapshot-v1' ? true : undefined;
    });
    base.spec.template.metadata = { labels: { 'snapshot-test-marker': 'snapshot-v2' } };
    await applyObject(base as never, FIELD_MANAGER_E2E);

    // Deleting the snapshot of a suspended job re-snapshots the current runtime (upstream's migration path).
    const snapshotName = `${name}-runtime-snapshot`;
    const before = await core().readNamespacedConfigMap({ name: snapshotName, namespace });
    expect(before.data?.['runtime']).toContain('snapshot-v1');
    await core().deleteNamespacedConfigMap({ name: snapshotName, namespace });
    const again = await waitFor('the snapshot taken again', async () => {
      const cm = await core()
        .readNamespacedConfigMap({ name: snapshotName, namespace })
        .catch(() => undefined);
      return cm !== undefined && cm.metadata?.uid !== before.metadata?.uid ? cm : undefined;
    });
    expect(again.data?.['runtime']).toContain('snapshot-v2');
  });

  it('a job managed by another controller is left alone: no JobSet, no status', async () => {
    const name = `mk-${suffix}`;
    const marker = `mk-sync-${suffix}`;
    await createTrainJob(
      makeTrainJob(namespace, name).managedBy('kueue.x-k8s.io/multikueue').numNodes(1).obj(),
    );
    // A job created after it and reconciled to the end: the queue has passed the multikueue job.
    await createTrainJob(makeTrainJob(namespace, marker).numNodes(1).obj());
    await waitForCondition(namespace, marker, 'Complete');
    expect(await notFound(() => readJobSet(namespace, name))).toBe(true);
    expect((await readTrainJob(namespace, name)).status).toBeUndefined();
  });

  it('deleting a TrainJob removes what it owned (garbage collection through owner references)', async () => {
    const name = `torch-${suffix}`;
    await custom().deleteNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainJob,
      namespace,
      name,
      propagationPolicy: 'Background',
    });
    // kube-controller-manager's garbage collector works at its own pace (its client is rate-limited).
    const gc = { timeoutMs: 240_000 };
    await waitFor(
      `JobSet ${name} garbage-collected`,
      () => notFound(() => readJobSet(namespace, name)),
      undefined,
      gc,
    );
    await waitFor(
      `snapshot of ${name} garbage-collected`,
      () => notFound(() => core().readNamespacedConfigMap({ name: `${name}-runtime-snapshot`, namespace })),
      undefined,
      gc,
    );
  }, 300_000);

  it('the legacy resource-in-use finalizer is removed from runtimes, which can then be deleted', async () => {
    const tr = `rt-fin-${suffix}`;
    const ctr = `ctr-fin-${suffix}`;
    const legacy = { finalizers: ['trainer.kubeflow.org/resource-in-use'] };
    const trainingRuntime = (await trainingRuntimeFrom(namespace, tr, 'torch-distributed')) as {
      metadata: object;
    };
    trainingRuntime.metadata = { ...trainingRuntime.metadata, ...legacy };
    await applyObject(trainingRuntime as never, FIELD_MANAGER_E2E);
    const clusterRuntime = {
      apiVersion: `${GROUP}/${VERSION}`,
      kind: 'ClusterTrainingRuntime',
      metadata: { name: ctr, ...legacy },
      spec: (await readClusterRuntime('torch-distributed'))['spec'],
    };
    await applyObject(clusterRuntime as never, FIELD_MANAGER_E2E);
    await waitFor('finalizers removed', async () => {
      const a = (await custom().getNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainingRuntime,
        namespace,
        name: tr,
      })) as { metadata: { finalizers?: string[] } };
      const b = (await readClusterRuntime(ctr)) as { metadata: { finalizers?: string[] } };
      return (a.metadata.finalizers ?? []).length === 0 && (b.metadata.finalizers ?? []).length === 0
        ? true
        : undefined;
    });
    await custom().deleteClusterCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.ClusterTrainingRuntime,
      name: ctr,
    });
    await waitFor('ClusterTrainingRuntime deleted', () => notFound(() => readClusterRuntime(ctr)));
  });

  it('serves readyz and the metrics; no reconcile failed', async () => {
    // Caches synced, but no webhook certificate in the suite's cert dir: not ready, as upstream.
    expect(test.manager.synced()).toBe(true);
    const ready = await fetch(`http://127.0.0.1:${test.manager.probePort}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([500, 'certificates are not ready\n']);
    const healthy = await fetch(`http://127.0.0.1:${test.manager.probePort}/healthz`);
    expect(healthy.status).toBe(200);
    const text = await (await fetch(`http://127.0.0.1:${test.manager.metricsPort}/metrics`)).text();
    expect(text).toMatch(
      /controller_runtime_reconcile_total\{controller="trainjob_controller",result="success"\} [1-9]/,
    );
    expect(text).toContain(
      'controller_runtime_max_concurrent_reconciles{controller="trainjob_controller"} 64',
    );
    expect(text).not.toMatch(
      /controller_runtime_reconcile_errors_total\{controller="trainjob_controller"\} [1-9]/,
    );
    expect(text).toMatch(/kubetrain_trainjob_create_to_jobset_seconds_count [1-9]/);
    // Logs: JSON lines; no info line per TrainJob on the hot path, and every reconcile error names its key.
    const lines = test.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l['level'] === 'info' && ('TrainJob' in l || 'key' in l))).toEqual([]);
    for (const l of lines.filter((x) => x['message'] === 'Reconciler error')) expect(l['key']).toMatch(/\//);
  });
});
