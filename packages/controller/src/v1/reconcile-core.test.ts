// SPDX-License-Identifier: Apache-2.0
// The v1 core's decisions (upstream's ReconcileJobs and ReconcilePods, tested as its
// pkg/controller.v1 suites do), on PyTorchJobs: the stores filled as the reflectors would, an in-memory
// client recording every request, a fake clock. Each reconcile is one step; the cases state the writes
// it must make and the status it writes. e2e/v1/run-policy.e2e.ts runs the same paths on the real API
// server with kwok pods; the messages and reasons here are the ones it asserts.
import type { V1JobStatus } from '@kubetrain/api/core';
import { createLogger } from '@kubetrain/log';
import { v1Frameworks, type V1JobObject } from '@kubetrain/runtime/v1';
import { FakeClock, InMemoryClient } from '@kubetrain/testing';
import { Store, type KubeObject } from '../cluster/kube.js';
import { EventRecorder } from '../events/event-recorder.js';
import { V1JobReconciler } from './reconcile-core.js';
import { objectApiResource, V1OwnedResources, v1Resource } from './resources.js';

const T0 = '2026-01-01T00:00:00Z';
const NS = 'team-a';
const NAME = 'job';
const KEY = `${NS}/${NAME}`;
const KIND = 'PyTorchJob';
const JOBS = v1Resource(KIND);
const { Pod, Service } = V1OwnedResources;
const HPA = objectApiResource({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  plural: 'horizontalpodautoscalers',
});
const DAY_MS = 24 * 3600 * 1000;
const MASTER = `${NAME}-master-0`;
const WORKER = `${NAME}-worker-0`;
const logger = createLogger({ level: 'error', write: () => undefined });

interface ReplicaInput {
  restartPolicy?: string;
  replicas?: number;
}

/** A PyTorchJob with one Master and `worker.replicas` Workers, as e2e/v1/run-policy.e2e.ts submits it. */
function pytorchJob(
  master: ReplicaInput = {},
  worker: ReplicaInput = {},
  runPolicy: Record<string, unknown> = {},
): V1JobObject {
  const replica = (r: ReplicaInput) => ({
    replicas: r.replicas ?? 1,
    ...(r.restartPolicy !== undefined ? { restartPolicy: r.restartPolicy } : {}),
    template: {
      spec: {
        containers: [{ name: 'pytorch', image: 'docker.io/pytorch/pytorch:2.7.1', command: ['python'] }],
      },
    },
  });
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: KIND,
    metadata: { name: NAME, namespace: NS },
    spec: { runPolicy, pytorchReplicaSpecs: { Master: replica(master), Worker: replica(worker) } },
  };
}

/** The manager's parts around one PyTorchJob reconciler. */
function world() {
  const clock = new FakeClock(T0);
  const client = new InMemoryClient(clock.now);
  const stores = {
    jobs: new Store({ logger }),
    pods: new Store({ logger }),
    services: new Store({ logger }),
  };
  const reconciler = new V1JobReconciler({
    client,
    framework: v1Frameworks({})[KIND]!,
    resource: JOBS,
    ...stores,
    events: new EventRecorder(client, 'pytorchjob-controller', 'pytorchjob-controller-test', logger),
    logger,
    now: clock.now,
  });
  let seen = 0;
  /** Stores the job as the API server and the reflector would. */
  const submit = (job: V1JobObject) => stores.jobs.upsert(client.seed(JOBS, job) as KubeObject);
  /**
   * Lets the reflectors catch up with the client: the job, the pods and Services requested or already
   * stored (a seeded one included), and their deletes.
   */
  const relist = () => {
    const job = client.object(JOBS, NS, NAME);
    if (job === undefined) stores.jobs.replace([]);
    else stores.jobs.upsert(job);
    for (const [store, ref] of [
      [stores.pods, Pod],
      [stores.services, Service],
    ] as const) {
      const names = [
        ...client.requests.filter((r) => r.resource === ref.resource).map((r) => r.name ?? ''),
        ...store.list().map((o) => o.metadata?.name ?? ''),
      ];
      const present = [...new Set(names)].map((n) => client.object(ref, NS, n));
      for (const gone of store
        .list()
        .filter((o) => !present.some((p) => p?.metadata?.uid === o.metadata?.uid)))
        reconciler.forget(undefined, ref === Pod ? gone.metadata?.uid : undefined);
      store.replace(present.filter((o): o is KubeObject => o !== undefined));
    }
  };
  /** One reconcile; returns its result and the writes it made besides events, then relists. */
  const step = async () => {
    const result = await reconciler.reconcile(KEY);
    const writes = client.writes().slice(seen);
    seen = client.writes().length;
    relist();
    return { result, writes: writes.filter((w) => w !== 'POST events') };
  };
  /** Sets the status of pod `name` as kwok would (and the pod reflector sees it). */
  const setPod = (name: string, status: Record<string, unknown>) => {
    const pod = client.object(Pod, NS, name);
    if (pod === undefined) throw new Error(`no pod ${name}`);
    client.seed(Pod, { ...pod, status });
    relist();
  };
  const status = () => client.object<{ status?: V1JobStatus }>(JOBS, NS, NAME)?.status ?? {};
  const condition = (type: string) => status().conditions?.find((c) => c.type === type);
  const events = () =>
    client.requests.filter((r) => r.resource === 'events').map((r) => (r.body as { reason: string }).reason);
  /** The events recorded, as `<type> <reason>: <note>`. */
  const eventTexts = () =>
    client.requests
      .filter((r) => r.resource === 'events')
      .map((r) => r.body as { type: string; reason: string; note: string })
      .map((e) => `${e.type} ${e.reason}: ${e.note}`);
  /** The names of the objects of `ref` created (POSTed) so far. */
  const created = (ref: typeof Pod) =>
    client.requests.filter((r) => r.verb === 'POST' && r.resource === ref.resource).map((r) => r.name);
  /** Submits `job`, creates its pods and sets them Running (two reconciles). */
  const started = async (job: V1JobObject) => {
    submit(job);
    await step();
    setPod(MASTER, running);
    setPod(WORKER, running);
    await step();
  };
  /** Changes the stored job's runPolicy as `kubectl patch` would. */
  const patchRunPolicy = (runPolicy: Record<string, unknown>) => {
    const job = client.object<V1JobObject>(JOBS, NS, NAME)!;
    job.spec.runPolicy = { ...job.spec.runPolicy, ...runPolicy };
    submit(job);
  };
  const uidOf = (name: string) => client.object(Pod, NS, name)?.metadata?.uid;
  return {
    clock,
    client,
    stores,
    reconciler,
    submit,
    step,
    setPod,
    started,
    patchRunPolicy,
    uidOf,
    status,
    condition,
    events,
    eventTexts,
    created,
    relist,
  };
}

const running = { phase: 'Running' };
const succeeded = {
  phase: 'Succeeded',
  containerStatuses: [{ name: 'pytorch', state: { terminated: { exitCode: 0 } } }],
};
const failed = (exitCode: number) => ({
  phase: 'Failed',
  containerStatuses: [{ name: 'pytorch', state: { terminated: { exitCode } } }],
});

/** Every write of a reconcile that creates or deletes a Master and a Worker with their Services. */
const CREATE_ALL = ['POST pods', 'POST services', 'POST pods', 'POST services'];
const DELETE_ALL = ['DELETE pods', 'DELETE pods', 'DELETE services', 'DELETE services'];

describe('V1JobReconciler (PyTorchJob): a new job', () => {
  it('creates its pods and Services (Master first), reads the HPA it does not want (absent: no delete), and writes the status once', async () => {
    const w = world();
    w.submit(pytorchJob());
    const { writes, result } = await w.step();
    expect(writes).toEqual([...CREATE_ALL, 'PATCH pytorchjobs/status']);
    expect(
      w.client.requests.filter((r) => r.resource === 'horizontalpodautoscalers').map((r) => r.verb),
    ).toEqual(['GET']);
    expect(result).toEqual({});
    expect(w.uidOf(MASTER)).toBeDefined();
    expect(w.uidOf(WORKER)).toBeDefined();
    expect(w.client.object(Service, NS, WORKER)).toBeDefined();
    expect(w.condition('Created')).toMatchObject({ status: 'True', reason: 'PyTorchJobCreated' });
    expect(w.status().startTime).toBe(T0);
  });

  it('an HPA left by another manager (a takeover) is deleted once', async () => {
    const w = world();
    w.client.seed(HPA, {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: NAME, namespace: NS },
    });
    w.submit(pytorchJob());
    const { writes } = await w.step();
    expect(writes).toEqual(['DELETE horizontalpodautoscalers', ...CREATE_ALL, 'PATCH pytorchjobs/status']);
    expect((await w.step()).writes.filter((v) => v.includes('horizontalpodautoscalers'))).toEqual([]);
  });

  it('once its pods run: Running, nothing created again, and a quiet reconcile writes nothing', async () => {
    const w = world();
    await w.started(pytorchJob());
    expect(w.condition('Running')).toMatchObject({ status: 'True', reason: 'PyTorchJobRunning' });
    // Zero counts are omitted, as upstream's encoding (omitempty) writes them.
    expect(w.status().replicaStatuses?.['Worker']).toEqual({
      active: 1,
      selector:
        'training.kubeflow.org/job-name=job,training.kubeflow.org/operator-name=pytorchjob-controller,training.kubeflow.org/replica-type=worker',
    });
    expect((await w.step()).writes).toEqual([]);
  });

  it('refuses an invalid job with FailedValidation naming the field, and creates no pod', async () => {
    const w = world();
    w.submit(pytorchJob({ replicas: 2 }));
    const { writes } = await w.step();
    expect(writes).toEqual(['PATCH pytorchjobs/status']);
    expect(w.condition('Failed')).toMatchObject({
      reason: 'PyTorchJobFailedValidation',
      message: 'spec.pytorchReplicaSpecs[Master].replicas: Forbidden: must be 1',
    });
  });
});

describe('V1JobReconciler (PyTorchJob): managedBy', () => {
  it.each([
    { managedBy: 'kueue.x-k8s.io/multikueue', requests: false },
    { managedBy: 'kubeflow.org/training-operator', requests: true },
  ])('managedBy $managedBy: requests made: $requests', async ({ managedBy, requests }) => {
    const w = world();
    w.submit(pytorchJob({}, {}, { managedBy }));
    await w.reconciler.reconcile(KEY);
    if (requests) expect(w.client.writes()).toContain('POST pods');
    else expect(w.client.requests).toEqual([]);
  });
});

describe('V1JobReconciler (PyTorchJob): a failed worker under its restartPolicy', () => {
  const restarting = 'PyTorchJob job is restarting because 1 Worker replica(s) failed.';
  // Never: UpdateJobStatus fails the job (and completes it); ExitCode with a permanent code: the pod
  // reconcile does, in its own words and without a completionTime.
  const failedMessages: Record<string, string> = {
    Never: 'PyTorchJob job is failed because 1 Worker replica(s) failed.',
    ExitCode: 'job "job" is failing because "Worker" replica(s) failed.',
  };
  it.each([
    { restartPolicy: 'OnFailure', code: 1, restart: true, exitedEvent: false },
    { restartPolicy: 'ExitCode', code: 137, restart: true, exitedEvent: true },
    { restartPolicy: 'ExitCode', code: 1, restart: false, exitedEvent: true },
    { restartPolicy: 'Never', code: 1, restart: false, exitedEvent: false },
  ])(
    '$restartPolicy, exit code $code: recreated by name: $restart',
    async ({ restartPolicy, code, restart, exitedEvent }) => {
      const w = world();
      await w.started(pytorchJob({}, { restartPolicy }));
      const first = w.uidOf(WORKER);
      w.setPod(WORKER, failed(code));
      const { writes } = await w.step();
      expect(w.events().includes('ExitedWithCode')).toBe(exitedEvent);
      if (restart) {
        expect(writes).toEqual(['DELETE pods', 'PATCH pytorchjobs/status']);
        expect(w.condition('Restarting')).toMatchObject({
          status: 'True',
          reason: 'PyTorchJobRestarting',
          message: restarting,
        });
        expect(w.events()).toContain('PyTorchJobRestarting');
        expect(w.condition('Failed')).toBeUndefined();
        // The next reconcile, once the reflector dropped the pod, creates it again by name.
        expect((await w.step()).writes).toContain('POST pods');
        expect(w.uidOf(WORKER)).toBeDefined();
        expect(w.uidOf(WORKER)).not.toBe(first);
      } else {
        // cleanPodPolicy None (the default): the failed worker and the running master are kept.
        expect(writes).toEqual(['PATCH pytorchjobs/status']);
        expect(w.condition('Failed')).toMatchObject({
          reason: 'PyTorchJobFailed',
          message: failedMessages[restartPolicy],
        });
        expect(w.status().completionTime).toBe(restartPolicy === 'Never' ? T0 : undefined);
        expect(w.status().replicaStatuses?.['Worker']).toMatchObject({ failed: 1 });
        expect(w.status().replicaStatuses?.['Worker']).not.toHaveProperty('active');
        expect(w.uidOf(WORKER)).toBe(first);
        expect((await w.step()).writes).toEqual([]);
      }
    },
  );

  it('backoffLimit 1: the second failure fails the job, then cleanPodPolicy All deletes pods and Services', async () => {
    const w = world();
    await w.started(
      pytorchJob({}, { restartPolicy: 'ExitCode' }, { backoffLimit: 1, cleanPodPolicy: 'All' }),
    );
    w.setPod(WORKER, failed(137));
    expect((await w.step()).writes).toEqual(['DELETE pods', 'PATCH pytorchjobs/status']);
    expect((await w.step()).writes).toContain('POST pods');
    expect(w.condition('Failed')).toBeUndefined();
    w.setPod(WORKER, failed(137));
    const { writes } = await w.step();
    expect(writes).toEqual([...DELETE_ALL, 'PATCH pytorchjobs/status']);
    expect(w.condition('Failed')).toMatchObject({
      reason: 'PyTorchJobFailed',
      message: 'Job job has failed because it has reached the specified backoff limit',
    });
    expect(w.uidOf(MASTER)).toBeUndefined();
    expect(w.uidOf(WORKER)).toBeUndefined();
    expect(w.client.object(Service, NS, MASTER)).toBeUndefined();
  });
});

describe('V1JobReconciler (PyTorchJob): activeDeadlineSeconds', () => {
  it.each([
    { cleanPodPolicy: 'Running', deletes: DELETE_ALL },
    { cleanPodPolicy: 'None', deletes: [] },
  ])(
    'past the deadline the job fails; cleanPodPolicy $cleanPodPolicy deletes $deletes.length',
    async ({ cleanPodPolicy, deletes }) => {
      const w = world();
      await w.started(pytorchJob({}, {}, { activeDeadlineSeconds: 3, cleanPodPolicy }));
      // Before the deadline: looked at again when it passes.
      w.clock.advance(1000);
      const before = await w.step();
      expect(before.result).toEqual({ requeueAfterMs: 2000 });
      expect(before.writes).toEqual([]);
      w.clock.advance(2000);
      const { writes, result } = await w.step();
      expect(writes).toEqual([...deletes, 'PATCH pytorchjobs/status']);
      expect(result).toEqual({});
      expect(w.condition('Failed')).toMatchObject({
        reason: 'PyTorchJobFailed',
        message: 'Job job has failed because it was active longer than specified deadline',
      });
      expect(w.uidOf(MASTER) === undefined).toBe(deletes.length > 0);
    },
  );
});

describe('V1JobReconciler (PyTorchJob): ttlSecondsAfterFinished', () => {
  it.each([
    { ttlSeconds: 2, afterMs: 1000, requeueAfterMs: 1000, deleted: false },
    { ttlSeconds: 2, afterMs: 2000, requeueAfterMs: undefined, deleted: true },
    { ttlSeconds: 30 * 24 * 3600, afterMs: 2000, requeueAfterMs: 30 * DAY_MS - 2000, deleted: false },
  ])(
    'TTL $ttlSeconds s, $afterMs ms after Succeeded: job deleted: $deleted',
    async ({ ttlSeconds, afterMs, requeueAfterMs, deleted }) => {
      const w = world();
      await w.started(pytorchJob({}, {}, { ttlSecondsAfterFinished: ttlSeconds }));
      w.setPod(MASTER, succeeded);
      w.setPod(WORKER, succeeded);
      const done = await w.step();
      expect(done.writes).toEqual(['PATCH pytorchjobs/status']);
      expect(done.result).toEqual({ requeueAfterMs: ttlSeconds * 1000 });
      expect(w.condition('Succeeded')).toMatchObject({ status: 'True', reason: 'PyTorchJobSucceeded' });
      expect(w.events()).toContain('PyTorchJobSucceeded');
      w.clock.advance(afterMs);
      const { writes, result } = await w.step();
      expect(writes).toEqual(deleted ? ['DELETE pytorchjobs'] : []);
      expect(result.requeueAfterMs).toBe(requeueAfterMs);
      expect(w.client.object(JOBS, NS, NAME) === undefined).toBe(deleted);
    },
  );
});

describe('V1JobReconciler (PyTorchJob): suspend', () => {
  it('a job submitted suspended creates no pod and is Suspended', async () => {
    const w = world();
    w.submit(pytorchJob({}, {}, { suspend: true }));
    const { writes } = await w.step();
    expect(writes).toEqual(['PATCH pytorchjobs/status']);
    expect(w.condition('Suspended')).toMatchObject({
      status: 'True',
      reason: 'PyTorchJobSuspended',
      message: 'PyTorchJob job is suspended.',
    });
  });

  it('suspending a running job deletes its pods and Services; resuming creates them again', async () => {
    const w = world();
    await w.started(pytorchJob());
    w.patchRunPolicy({ suspend: true });
    const suspended = await w.step();
    expect(suspended.writes).toEqual([...DELETE_ALL, 'PATCH pytorchjobs/status']);
    expect(w.condition('Suspended')).toMatchObject({ status: 'True', reason: 'PyTorchJobSuspended' });
    expect(w.condition('Running')).toMatchObject({ status: 'False', reason: 'PyTorchJobSuspended' });
    expect(w.status().replicaStatuses?.['Master']).not.toHaveProperty('active');
    expect(w.uidOf(MASTER)).toBeUndefined();
    expect((await w.step()).writes).toEqual([]);

    w.clock.advance(60_000);
    w.patchRunPolicy({ suspend: false });
    const resumed = await w.step();
    expect(resumed.writes).toEqual([...CREATE_ALL, 'PATCH pytorchjobs/status']);
    expect(w.condition('Suspended')).toMatchObject({ status: 'False', reason: 'PyTorchJobResumed' });
    // The start time is reset: activeDeadlineSeconds counts from the resume.
    expect(w.status().startTime).toBe('2026-01-01T00:01:00Z');
  });
});

describe("V1JobReconciler (PyTorchJob): a pod or Service name taken by an object that is not the job's", () => {
  const taken = (ref: typeof Pod, metadata: Record<string, unknown>): KubeObject => ({
    apiVersion: 'v1',
    kind: ref === Pod ? 'Pod' : 'Service',
    metadata: { name: WORKER, namespace: NS, uid: 'old-uid', ...metadata },
  });
  const ownerRef = (kind: string, uid: string) => [
    { apiVersion: 'kubeflow.org/v1', kind, name: NAME, uid, controller: true, blockOwnerDeletion: true },
  ];
  const label = (operator: string) => ({ 'training.kubeflow.org/operator-name': operator });
  const waits = 'waiting for it to be deleted';
  it.each([
    {
      what: 'the pod of a same-name job deleted and created again',
      ref: Pod,
      metadata: { ownerReferences: ownerRef(KIND, 'job-uid-before'), labels: label('pytorchjob-controller') },
      reason: 'PyTorchJobPodOwnedByOther',
      owner: 'controller owner PyTorchJob job (uid job-uid-before)',
    },
    {
      what: "another operator's pod",
      ref: Pod,
      metadata: { ownerReferences: ownerRef('TFJob', 'tf-uid'), labels: label('tfjob-controller') },
      reason: 'PyTorchJobPodOwnedByOther',
      owner:
        'controller owner TFJob job (uid tf-uid), label training.kubeflow.org/operator-name=tfjob-controller',
    },
    {
      what: 'a pod without a controller owner',
      ref: Pod,
      metadata: { labels: label('pytorchjob-controller') },
      reason: 'PyTorchJobPodOwnedByOther',
      owner: 'no controller owner',
    },
    {
      what: 'the Service of a same-name job deleted and created again',
      ref: Service,
      metadata: { ownerReferences: ownerRef(KIND, 'job-uid-before'), labels: label('pytorchjob-controller') },
      reason: 'PyTorchJobServiceOwnedByOther',
      owner: 'controller owner PyTorchJob job (uid job-uid-before)',
    },
  ])(
    '$what: not created, one Warning, requeued with back-off; created once the store drops it',
    async ({ ref, metadata, reason, owner }) => {
      const w = world();
      const store = ref === Pod ? w.stores.pods : w.stores.services;
      store.upsert(w.client.seed(ref, taken(ref, metadata)));
      w.submit(pytorchJob());
      const jobUid = w.client.object(JOBS, NS, NAME)?.metadata?.uid;
      const kind = ref === Pod ? 'Pod' : 'Service';
      const warning =
        `Warning ${reason}: ${kind} ${NS}/${WORKER} already exists and is not this PyTorchJob's ` +
        `(uid ${jobUid}): ${owner}; ${waits}`;

      const first = await w.step();
      expect(w.created(ref)).toEqual([MASTER]);
      expect(w.eventTexts().filter((e) => e.startsWith('Warning'))).toEqual([warning]);
      expect(first.result).toEqual({ requeueAfterMs: 1000 });
      // Still there: not created, not warned again, looked at later.
      const second = await w.step();
      expect(w.created(ref)).toEqual([MASTER]);
      expect(w.eventTexts().filter((e) => e.startsWith('Warning'))).toEqual([warning]);
      expect(second.result).toEqual({ requeueAfterMs: 2000 });

      // The garbage collector removes it; the reflector drops it; the job proceeds.
      await w.client.delete(ref, WORKER, { namespace: NS });
      w.relist();
      const third = await w.step();
      expect(w.created(ref)).toEqual([MASTER, WORKER]);
      expect(w.client.object(ref, NS, WORKER)?.metadata?.ownerReferences?.[0]?.uid).toBe(jobUid);
      expect(third.result).toEqual({});
      expect(w.eventTexts().filter((e) => e.startsWith('Warning'))).toEqual([warning]);
    },
  );
});
