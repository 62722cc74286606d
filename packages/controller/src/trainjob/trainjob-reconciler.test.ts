// SPDX-License-Identifier: Apache-2.0
// The TrainJob reconciler's decisions, as upstream tests its reconciler (trainjob_controller_test.go):
// the stores filled as the reflectors would, an in-memory client recording every request, a fake
// clock. Each case reconciles one key and states the writes it must make, and nothing else; the e2e
// suites run the same reconciler against the real API server, JobSet and LeaderWorkerSet.
import { Kinds, type TrainJob } from '@kubetrain/api/core';
import { ManagerResources } from '../cluster/resources.js';
import { makeJobSet } from '@kubetrain/testing';
import { asObject, KEY, NS, T0, job, world, writesOf } from '../../test/reconciler-world.js';
import { ForeignWorkloadError } from './workload/index.js';

describe('TrainJobReconciler on the JobSet backend', () => {
  it('a new TrainJob: the runtime snapshot is created, then the JobSet applied; nothing else', async () => {
    const w = world();
    w.submit(job().obj());
    await w.reconciler.reconcile(KEY);
    // The status is written once the JobSet is observed (its own watch event).
    expect(writesOf(w.client)).toEqual(['POST configmaps', 'APPLY jobsets']);
    const apply = w.client.requests.find((r) => r.verb === 'APPLY');
    expect(apply?.name).toBe('job');
    const jobSet = w.client.object(ManagerResources.JobSet, NS, 'job');
    expect(jobSet?.metadata?.ownerReferences?.[0]).toMatchObject({ kind: Kinds.TrainJob, name: 'job' });
  });

  it('created, not yet cached: a second reconcile before the reflectors catch up writes nothing again', async () => {
    const w = world();
    w.submit(job().obj());
    await w.reconciler.reconcile(KEY);
    const before = writesOf(w.client).length;
    await w.reconciler.reconcile(KEY);
    // No second snapshot, no second apply: the stores remember the manager's own writes.
    expect(
      writesOf(w.client)
        .slice(before)
        .filter((v) => !v.startsWith('PATCH trainjobs/status')),
    ).toEqual([]);
  });

  it('a suspended MPI job: one SSH key pair for all its reconciles, not one per render', async () => {
    const w = world('JobSet', 'deepspeed-distributed');
    w.submit(job().runtimeRef('deepspeed-distributed', 'ClusterTrainingRuntime').suspend(true).obj());
    for (let i = 0; i < 3; i++) {
      await w.reconciler.reconcile(KEY);
      w.relist();
    }
    expect(w.renders).toEqual([true, true, true]);
    const [first, ...rest] = w.keyPairs.map((pair) => pair());
    expect(first).toBeDefined();
    for (const pair of rest) expect(pair).toBe(first);
  });

  it("upstream's hostfile as desired is adopted with one read; later changes of numNodes are applied", async () => {
    const w = world('JobSet', 'deepspeed-distributed');
    const mpi = () =>
      job().uid('u-mpi').runtimeRef('deepspeed-distributed', 'ClusterTrainingRuntime').suspend(true);
    // What upstream left: the job reconciled (a suspended JobSet), its hostfile without kubetrain's marks.
    w.submit(mpi().numNodes(2).obj());
    await w.reconciler.reconcile(KEY);
    const hostfile = w.client.object(ManagerResources.ConfigMap, NS, 'job-mpi-hostfile')!;
    const { labels: _labels, annotations: _annotations, ...upstreamMeta } = hostfile.metadata ?? {};
    const fresh = world('JobSet', 'deepspeed-distributed');
    fresh.client.seed(ManagerResources.ConfigMap, { ...hostfile, metadata: upstreamMeta });
    fresh.client.seed(ManagerResources.JobSet, w.client.object(ManagerResources.JobSet, NS, 'job')!);
    fresh.submit(mpi().numNodes(2).obj());
    fresh.relist();
    const hostfileRequests = () =>
      fresh.client.requests
        .filter((r) => r.resource === 'configmaps' && r.name === 'job-mpi-hostfile')
        .map((r) => r.verb);
    await fresh.reconciler.reconcile(KEY);
    expect(hostfileRequests()).toEqual(['GET']);
    // Three nodes: read again (it may still be upstream's as desired), then applied; back to two:
    // applied again, without a read (the adoption is past once this process applied).
    fresh.submit(mpi().numNodes(3).obj());
    await fresh.reconciler.reconcile(KEY);
    fresh.relist();
    fresh.submit(mpi().numNodes(2).obj());
    await fresh.reconciler.reconcile(KEY);
    expect(hostfileRequests()).toEqual(['GET', 'GET', 'APPLY', 'APPLY']);
  });

  it.each([
    ['JobSet' as const, 'jobsets'],
    ['LeaderWorkerSet' as const, 'leaderworkersets'],
  ])(
    'MPI on the %s backend: one render per reconcile; SSH keys only while the workload may be applied',
    async (backend, workload) => {
      const w = world(backend, 'deepspeed-distributed');
      w.submit(job().runtimeRef('deepspeed-distributed', 'ClusterTrainingRuntime').obj());
      await w.reconciler.reconcile(KEY);
      // The first reconcile creates the snapshot, the hostfile, the SSH Secret and the workload.
      expect(w.renders).toEqual([true]);
      const writes = writesOf(w.client);
      expect(writes).toContain('POST secrets');
      expect(writes.some((v) => v.endsWith(` ${workload}`))).toBe(true);
      w.relist();
      const lws = w.client.object(ManagerResources.LeaderWorkerSet, NS, 'job');
      if (lws !== undefined) w.leaderWorkerSets?.leaderWorkerSets.upsert(lws);
      const before = writesOf(w.client).length;
      await w.reconciler.reconcile(KEY);
      // The running workload is never re-applied, so no key is made and no Secret is sent again.
      expect(w.renders).toEqual([true, false]);
      expect(
        writesOf(w.client)
          .slice(before)
          .filter((v) => !v.includes('/status')),
      ).toEqual([]);
    },
  );

  it('managedBy another controller: not a single request', async () => {
    const w = world();
    w.submit(job().managedBy('kueue.x-k8s.io/multikueue').obj());
    await w.reconciler.reconcile(KEY);
    expect(w.client.requests).toEqual([]);
  });

  it('a finished TrainJob: nothing rendered, read or written', async () => {
    const w = world();
    const done = job().obj();
    done.status = {
      conditions: [
        {
          type: 'Complete',
          status: 'True',
          reason: 'JobSetCompleted',
          message: 'done',
          lastTransitionTime: T0,
        },
      ],
    };
    w.submit(done);
    await w.reconciler.reconcile(KEY);
    expect(w.client.requests).toEqual([]);
  });

  it('a deleted TrainJob (gone from the store): nothing', async () => {
    const w = world();
    await w.reconciler.reconcile(KEY);
    expect(w.client.requests).toEqual([]);
  });

  it('suspended, then resumed: the JobSet is applied suspended, then applied again unsuspended', async () => {
    const w = world();
    w.submit(job().suspend(true).obj());
    await w.reconciler.reconcile(KEY);
    expect(
      w.client.object<{ spec: { suspend?: boolean } }>(ManagerResources.JobSet, NS, 'job')?.spec.suspend,
    ).toBe(true);
    w.relist();
    const resumed = w.client.object<TrainJob>(ManagerResources.TrainJob, NS, 'job')!;
    resumed.spec!.suspend = false;
    w.submit(resumed);
    const before = writesOf(w.client).length;
    await w.reconciler.reconcile(KEY);
    expect(writesOf(w.client).slice(before)).toContain('APPLY jobsets');
    expect(
      w.client.object<{ spec: { suspend?: boolean } }>(ManagerResources.JobSet, NS, 'job')?.spec.suspend,
    ).toBe(false);
  });

  it('past activeDeadlineSeconds: Failed/DeadlineExceeded in status and the JobSet deleted', async () => {
    const w = world();
    w.submit(job().activeDeadlineSeconds(60).obj());
    const first = await w.reconciler.reconcile(KEY);
    expect(first.requeueAfterMs).toBe(60_000);
    w.relist();
    w.clock.advance(61_000);
    await w.reconciler.reconcile(KEY);
    expect(w.client.object(ManagerResources.JobSet, NS, 'job')).toBeUndefined();
    const failed = w.client.object<TrainJob>(ManagerResources.TrainJob, NS, 'job')!;
    expect(failed.status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({
      status: 'True',
      reason: 'DeadlineExceeded',
      message: 'TrainJob exceeded its active deadline',
    });
  });

  it('a 30-day deadline is a requeue 30 days later, not a hot loop', async () => {
    const w = world();
    w.submit(
      job()
        .activeDeadlineSeconds(30 * 86_400)
        .obj(),
    );
    expect((await w.reconciler.reconcile(KEY)).requeueAfterMs).toBe(30 * 86_400_000);
  });

  it('the runtime deleted after the snapshot: the job renders from its snapshot', async () => {
    const w = world();
    w.submit(job().obj());
    await w.reconciler.reconcile(KEY);
    w.relist();
    // A new process: nothing remembered but what the API server holds.
    const again = world();
    for (const r of [ManagerResources.ConfigMap, ManagerResources.TrainJob] as const) {
      const o = w.client.object(r, NS, r === ManagerResources.ConfigMap ? 'job-runtime-snapshot' : 'job');
      if (o !== undefined) {
        again.client.seed(r, o);
        if (r === ManagerResources.ConfigMap) again.stores.configMaps.upsert(o);
        else again.stores.trainJobs.upsert(o);
      }
    }
    again.stores.clusterTrainingRuntimes.replace([]);
    await again.reconciler.reconcile(KEY);
    expect(writesOf(again.client)).toContain('APPLY jobsets');
    expect(again.client.requests.find((r) => r.verb === 'GET')?.resource).toBe('configmaps');
    expect(writesOf(again.client)).not.toContain('POST configmaps');
  });

  it('no snapshot and no runtime: one warning event, no write, no retry with back-off', async () => {
    const w = world();
    w.stores.clusterTrainingRuntimes.replace([]);
    w.submit(job().obj());
    await expect(w.reconciler.reconcile(KEY)).resolves.toEqual({});
    await w.reconciler.reconcile(KEY);
    expect(writesOf(w.client)).toEqual([]);
    expect(w.client.writes().filter((v) => v.endsWith(' events'))).toHaveLength(1);
  });

  it('the snapshot is created by name, owned by the TrainJob', async () => {
    const w = world();
    w.submit(job().obj());
    await w.reconciler.reconcile(KEY);
    const post = w.client.requests.find((r) => r.verb === 'POST' && r.resource === 'configmaps');
    expect(post?.name).toBe('job-runtime-snapshot');
    const snapshot = w.client.object(ManagerResources.ConfigMap, NS, 'job-runtime-snapshot');
    expect(snapshot?.metadata?.ownerReferences?.[0]).toMatchObject({
      kind: Kinds.TrainJob,
      name: 'job',
      controller: true,
    });
  });
});

describe('TrainJobReconciler: a same-name TrainJob created again while the old workload lingers', () => {
  it.each([
    ['JobSet' as const, ManagerResources.JobSet],
    ['LeaderWorkerSet' as const, ManagerResources.LeaderWorkerSet],
  ])(
    'the old %s is neither adopted nor read: one warning naming it and its owner, retries until it is gone',
    async (backend, resource) => {
      const w = world(backend);
      const uid = w.submit(job().obj()).metadata!.uid!;
      // The old job's workload, finished, still controlled by the old TrainJob (uid old-uid).
      const old = {
        ...makeJobSet(NS, 'job').controlledBy('job', 'old-uid').completed().obj(),
        kind: backend,
      };
      const store = backend === 'JobSet' ? w.stores.jobSets : w.leaderWorkerSets!.leaderWorkerSets;
      store.upsert(asObject(w.client.seed(resource, old)));
      for (const _attempt of [1, 2]) {
        await expect(w.reconciler.reconcile(KEY)).rejects.toThrow(ForeignWorkloadError);
      }
      // Nothing written: no snapshot, no apply over the old workload, and not its Complete status.
      expect(writesOf(w.client)).toEqual([]);
      expect(w.client.requests.filter((r) => r.verb === 'GET')).toEqual([]);
      const events = w.client.requests.filter((r) => r.resource === 'events');
      expect(events.map((e) => (e.body as { type: string; note: string }).note)).toEqual([
        `TrainJob resources reconciliation failed: ${backend} ${NS}/job is controlled by TrainJob job ` +
          `with uid old-uid, not by this TrainJob (uid ${uid}); waiting for it to be deleted`,
      ]);
      expect((events[0]?.body as { type: string }).type).toBe('Warning');

      // The garbage collector deletes it: the job proceeds with its own.
      await w.client.delete(resource, 'job', { namespace: NS });
      store.replace([]);
      const before = writesOf(w.client).length;
      await expect(w.reconciler.reconcile(KEY)).resolves.toBeDefined();
      expect(writesOf(w.client).slice(before)).toContain('POST configmaps');
      const created = w.client.object(resource, NS, 'job');
      expect(created?.metadata?.ownerReferences?.map((o) => o.uid)).toEqual([uid]);
    },
  );
});

describe('TrainJobReconciler on the LeaderWorkerSet backend', () => {
  it('a new TrainJob: the snapshot, then the LeaderWorkerSet created; no JobSet', async () => {
    const w = world('LeaderWorkerSet');
    w.submit(job().obj());
    await w.reconciler.reconcile(KEY);
    const writes = writesOf(w.client);
    expect(writes).toContain('POST configmaps');
    expect(writes.some((v) => v.endsWith(' leaderworkersets'))).toBe(true);
    expect(writes.some((v) => v.endsWith(' jobsets'))).toBe(false);
  });

  it('managedBy another controller: not a single request', async () => {
    const w = world('LeaderWorkerSet');
    w.submit(job().managedBy('kueue.x-k8s.io/multikueue').obj());
    await w.reconciler.reconcile(KEY);
    expect(w.client.requests).toEqual([]);
  });
});
