// SPDX-License-Identifier: Apache-2.0
// The failure policy (KEP-4162, docs/failure-policy.md) on the JobSet backend, kubetrain-manager on
// the real control plane: a TrainingRuntime with runPolicy.failurePolicy; pods start with the kwok
// outcome `run` and each attempt's pods (JobSet label restart-attempt) are then given their outcome
// by annotation (kwok ends them with the chosen exit code: hack/cluster/config/kwok-outcome-stages.yaml).
// Shows: a retryable exit code restarts the whole job, which then completes; past maxRestarts the job
// is Failed; a FailTrainJob exit code fails it at once; an Eviction API eviction restarts it without
// moving restartsCountTowardsMax; the counters survive a SIGKILL of the manager during a restart.
// Every restart has a record in status.restartHistory and a Restarted event naming its cause.
import { randomBytes } from 'node:crypto';
import type { V1Pod } from '@kubernetes/client-node';
import type { TrainJob } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { readJobSet } from '../support/jobset.js';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  eventsOf,
  installCrdsAndShippedRuntimes,
  podAnnotations,
  readTrainJob,
  removeClusterRuntimes,
  spawnManagerBinary,
  startTestManager,
  TEST_CONFIG,
  trainingRuntimeFrom,
  waitForCondition,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER = 'kubetrain-e2e-failure-policy';
const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';
const RUNTIME = 'torch-failure-policy';
const RETRYABLE = 3;
const PERMANENT = 42;

describe('failure policy on the JobSet backend (KEP-4162)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installedRuntimes: string[] = [];
  let namespace: string;
  let test: TestManager | undefined;

  beforeAll(async () => {
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER)));
    namespace = await createNamespace('e2e-fp');
    const runtime = await trainingRuntimeFrom(namespace, RUNTIME, 'torch-distributed');
    (runtime['spec'] as Record<string, unknown>)['runPolicy'] = {
      failurePolicy: {
        maxRestarts: 2,
        rules: [
          { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [PERMANENT] } },
          { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [RETRYABLE] } },
        ],
      },
    };
    await applyObject(runtime as never, FIELD_MANAGER);
    test = await startTestManager(namespace);
  });

  afterAll(async () => {
    await test?.manager.stop();
    if (namespace) await deleteNamespace(namespace);
    await removeClusterRuntimes(installedRuntimes);
  });

  /** A 2-node TrainJob of the runtime whose pods keep running until given an outcome. */
  async function create(name: string, maxRestarts?: number): Promise<void> {
    const builder = makeTrainJob(namespace, name)
      .runtimeRef(RUNTIME, 'TrainingRuntime')
      .numNodes(2)
      .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', keepRunning()));
    const body = builder.obj();
    if (maxRestarts !== undefined) body.spec!.failurePolicy = { maxRestarts };
    await createTrainJob(body);
  }

  /** The running pods of attempt `attempt` of the JobSet `name`, once all `count` run. */
  async function runningPods(name: string, attempt: number, count = 2): Promise<V1Pod[]> {
    return waitFor(`${count} running pods of ${name} attempt ${attempt}`, async () => {
      const list = await cluster().core.listNamespacedPod({
        namespace,
        labelSelector: `jobset.sigs.k8s.io/jobset-name=${name},jobset.sigs.k8s.io/restart-attempt=${attempt}`,
      });
      const running = list.items.filter(
        (p) => p.status?.phase === 'Running' && p.metadata?.deletionTimestamp === undefined,
      );
      return running.length === count ? running : undefined;
    });
  }

  /** Gives `pod` its kwok outcome. */
  async function setOutcome(pod: V1Pod, annotations: Record<string, string>): Promise<void> {
    await cluster().core.patchNamespacedPod({
      name: pod.metadata!.name!,
      namespace,
      body: [
        { op: 'add', path: '/metadata/annotations', value: { ...pod.metadata?.annotations, ...annotations } },
      ],
    });
  }

  /** Rank 1 of attempt `attempt` fails with `code` (rank 0 keeps running). */
  async function failWorker(name: string, attempt: number, code: number): Promise<void> {
    const pods = await runningPods(name, attempt);
    const worker =
      pods.find((p) => p.metadata?.annotations?.['batch.kubernetes.io/job-completion-index'] === '1') ??
      pods[1]!;
    await setOutcome(worker, failAfter('1s', code));
  }

  async function succeedAll(name: string, attempt: number): Promise<void> {
    for (const pod of await runningPods(name, attempt)) await setOutcome(pod, succeedAfter('1s'));
  }

  async function waitForRestarts(name: string, restarts: number): Promise<TrainJob> {
    return waitFor(
      `TrainJob ${name} status.restarts ${restarts}`,
      async () => {
        const tj = await readTrainJob(namespace, name);
        return (tj.status?.restarts ?? 0) >= restarts && (tj.status?.restartHistory?.length ?? 0) >= restarts
          ? tj
          : undefined;
      },
      async () => JSON.stringify((await readTrainJob(namespace, name)).status ?? {}),
    );
  }

  const restartEvents = async (name: string) =>
    (await eventsOf(namespace, name)).filter((e) => e.reason === 'Restarted').map((e) => e.message);

  it('a retryable exit code restarts the whole job, which then completes', async () => {
    const name = `retry-${suffix}`;
    await create(name);
    await failWorker(name, 0, RETRYABLE);
    const restarted = await waitForRestarts(name, 1);
    expect(restarted.status?.restartsCountTowardsMax).toBe(1);
    const [record] = restarted.status?.restartHistory ?? [];
    expect(record?.reason).toBe('RestartTrainJob');
    expect(record?.countsTowardsMax).toBe(true);
    // The cause names the failed pod, container and exit code: JobSet deletes the failed Job and its
    // pods at once, the manager's pod watch saw them fail (docs/failure-policy.md).
    expect(record?.message).toMatch(
      new RegExp(
        `^restart 1: pod ${name}-node-0-1-[a-z0-9]+ container node exited with code ${RETRYABLE}\\b`,
      ),
    );
    await succeedAll(name, 1);
    const done = await waitForCondition(namespace, name, 'Complete');
    expect([done.status?.restarts, done.status?.restartsCountTowardsMax]).toEqual([1, 1]);
    expect(await restartEvents(name)).toEqual([
      expect.stringMatching(
        new RegExp(`^RestartTrainJob \\(counts towards maxRestarts\\): restart 1: pod ${name}-node-0-1-`),
      ),
    ]);
  });

  it('past maxRestarts (the TrainJob overrides the runtime: 1) the job is Failed with the reason', async () => {
    const name = `budget-${suffix}`;
    await create(name, 1);
    await failWorker(name, 0, RETRYABLE);
    await waitForRestarts(name, 1);
    await failWorker(name, 1, RETRYABLE);
    const failed = await waitForCondition(namespace, name, 'Failed');
    const condition = failed.status?.conditions?.find((c) => c.type === 'Failed');
    expect(condition?.reason).toBe('ReachedMaxRestarts');
    expect(condition?.message).toContain(`${name}-node-0`);
    expect([failed.status?.restarts, failed.status?.restartsCountTowardsMax]).toEqual([1, 1]);
    expect(await readJobSet(namespace, name)).toMatchObject({ spec: { failurePolicy: { maxRestarts: 1 } } });
  });

  it('a FailTrainJob exit code fails the job at once, without a restart', async () => {
    const name = `permanent-${suffix}`;
    await create(name);
    await failWorker(name, 0, PERMANENT);
    const failed = await waitForCondition(namespace, name, 'Failed');
    expect(failed.status?.restarts ?? 0).toBe(0);
    expect(failed.status?.restartHistory).toBeUndefined();
    expect(await restartEvents(name)).toEqual([]);
  });

  it('an Eviction API eviction restarts the job; restartsCountTowardsMax does not move', async () => {
    const name = `evict-${suffix}`;
    await create(name);
    const [victim] = await runningPods(name, 0);
    await cluster().core.createNamespacedPodEviction({
      name: victim!.metadata!.name!,
      namespace,
      body: { metadata: { name: victim!.metadata!.name!, namespace } },
    });
    await kubeletEndsEvictedPod(victim!.metadata!.name!);
    const restarted = await waitForRestarts(name, 1);
    expect(restarted.status?.restartsCountTowardsMax ?? 0).toBe(0);
    const [record] = restarted.status?.restartHistory ?? [];
    expect(record?.reason).toBe('RestartTrainJobAndIgnoreMaxRestarts');
    expect(record?.countsTowardsMax).toBe(false);
    // The evicted pod, with the condition the API server set (and its container, once ended).
    expect(record?.message).toMatch(
      new RegExp(
        `^restart 1: pod ${victim!.metadata!.name!} .*condition DisruptionTarget \\(EvictionByEvictionAPI\\)`,
      ),
    );
    await succeedAll(name, 1);
    const done = await waitForCondition(namespace, name, 'Complete');
    expect([done.status?.restarts, done.status?.restartsCountTowardsMax ?? 0]).toEqual([1, 0]);
  });

  /**
   * The kubelet's part of an eviction, which kwok does not play: the evicted pod (DisruptionTarget
   * set by the API server, deletion begun, kept by the Job's tracking finalizer) ends Failed, its
   * container killed (137), so the Job controller's podFailurePolicy can match it.
   */
  async function kubeletEndsEvictedPod(podName: string): Promise<void> {
    const pod = await waitFor(`eviction of ${podName} begun`, async () => {
      const p = await cluster()
        .core.readNamespacedPod({ name: podName, namespace })
        .catch(() => undefined);
      if (p === undefined) return { gone: true as const };
      const disrupted = p.status?.conditions?.some(
        (c) => c.type === 'DisruptionTarget' && c.status === 'True',
      );
      return disrupted && p.metadata?.deletionTimestamp !== undefined ? { pod: p } : undefined;
    });
    if ('gone' in pod || pod.pod.status?.phase === 'Failed') return;
    const now = new Date().toISOString();
    await cluster().core.patchNamespacedPodStatus({
      name: podName,
      namespace,
      body: [
        { op: 'replace', path: '/status/phase', value: 'Failed' },
        {
          op: 'replace',
          path: '/status/containerStatuses',
          value: (pod.pod.status?.containerStatuses ?? []).map((c) => ({
            ...c,
            ready: false,
            started: false,
            state: { terminated: { exitCode: 137, reason: 'Error', startedAt: now, finishedAt: now } },
          })),
        },
      ],
    });
  }

  it('the restart count survives a SIGKILL of the manager during a restart', async () => {
    await test?.manager.stop();
    test = undefined;
    const name = `sigkill-${suffix}`;
    const first = spawnManagerBinary(namespace, TEST_CONFIG);
    await waitFor('the binary ready', async () =>
      /Started controllers/.test(first.output()) ? true : undefined,
    );
    await create(name);
    await failWorker(name, 0, RETRYABLE);
    // Killed as soon as the JobSet counts the restart: before or while the manager records it.
    await waitFor(
      'the JobSet restarting',
      async () =>
        ((await readJobSet(namespace, name)).status as { restarts?: number } | undefined)?.restarts === 1
          ? true
          : undefined,
      undefined,
      { intervalMs: 50 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = spawnManagerBinary(namespace, TEST_CONFIG);
    try {
      const restarted = await waitForRestarts(name, 1);
      expect([restarted.status?.restarts, restarted.status?.restartsCountTowardsMax]).toEqual([1, 1]);
      await succeedAll(name, 1);
      const done = await waitForCondition(namespace, name, 'Complete');
      expect([done.status?.restarts, done.status?.restartsCountTowardsMax]).toEqual([1, 1]);
      expect(done.status?.restartHistory).toHaveLength(1);
      expect(second.output()).not.toMatch(/"message":"Reconciler error"/);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 600_000);
});
