// SPDX-License-Identifier: Apache-2.0
// The failure policy (KEP-4162, docs/failure-policy.md) on the LeaderWorkerSet backend,
// kubetrain-manager (gate LeaderWorkerSetBackend on) on the real control plane: a TrainingRuntime
// with runPolicy.failurePolicy and the LeaderWorkerSet opt-in; the trainers keep running (kwok
// outcome `run`) until a pod is given its outcome by annotation (kwok ends its container with the
// chosen exit code: hack/cluster/config/kwok-outcome-stages.yaml). Shows: a worker's retryable exit
// code recreates the whole group, and the job then completes; past maxRestarts the job is Failed
// (ReachedMaxRestarts, as on JobSet); a FailTrainJob exit code fails it at once; an Eviction API
// eviction of a worker recreates the group without moving restartsCountTowardsMax. Every restart
// has a record in status.restartHistory and a Restarted event naming its cause: the pod, container
// and exit code, or the pod that was lost (the manager sees the group's pods).
import { randomBytes } from 'node:crypto';
import { PatchStrategy, type V1Pod } from '@kubernetes/client-node';
import type { TrainJob } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { DURATION, EXIT_CODE, OUTCOME } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  eventsOf,
  installCrdsAndShippedRuntimes,
  readTrainJob,
  removeClusterRuntimes,
  startTestManager,
  trainingRuntimeFrom,
  waitForCondition,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER = 'kubetrain-e2e-lws-failure-policy';
const RUNTIME = 'torch-lws-failure-policy';
const NAME_LABEL = 'leaderworkerset.sigs.k8s.io/name';
const WORKER_INDEX = 'leaderworkerset.sigs.k8s.io/worker-index';
const RETRYABLE = 3;
const PERMANENT = 42;
/** Generous, for a control plane that other suites load (kwok plays pod stages a few at a time). */
const GROUP_WAIT = { timeoutMs: 300_000 };
const TEST_TIMEOUT_MS = 600_000;

interface RuntimeShape {
  metadata: { annotations?: Record<string, string> };
  spec: {
    runPolicy?: unknown;
    template: {
      spec: {
        replicatedJobs: Array<{ name: string; template: { spec: Record<string, unknown> } }>;
      };
    };
  };
}

describe('failure policy on the LeaderWorkerSet backend (KEP-4162)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installedRuntimes: string[] = [];
  let namespace: string;
  let test: TestManager | undefined;

  beforeAll(async () => {
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER)));
    namespace = await createNamespace('e2e-lws-fp');
    const runtime = (await trainingRuntimeFrom(
      namespace,
      RUNTIME,
      'torch-distributed',
    )) as unknown as RuntimeShape;
    runtime.metadata.annotations = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
    runtime.spec.runPolicy = {
      failurePolicy: {
        maxRestarts: 2,
        rules: [
          { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [PERMANENT] } },
          { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [RETRYABLE] } },
        ],
      },
    };
    // The trainers keep running until a test gives a pod its outcome.
    const node = runtime.spec.template.spec.replicatedJobs.find((j) => j.name === 'node')!;
    const pod = node.template.spec['template'] as { metadata?: { annotations?: Record<string, string> } };
    pod.metadata = { ...pod.metadata, annotations: { ...pod.metadata?.annotations, [OUTCOME]: 'run' } };
    await applyObject(runtime as never, FIELD_MANAGER);
    test = await startTestManager(namespace, undefined, ['--feature-gates=LeaderWorkerSetBackend=true']);
  });

  afterAll(async () => {
    await test?.manager.stop();
    if (namespace) await deleteNamespace(namespace);
    await removeClusterRuntimes(installedRuntimes);
  });

  /** A 2-node TrainJob of the runtime (one group: the leader `<name>-0`, the worker `<name>-0-1`). */
  async function create(name: string, maxRestarts?: number): Promise<void> {
    const body = makeTrainJob(namespace, name).runtimeRef(RUNTIME, 'TrainingRuntime').numNodes(2).obj();
    if (maxRestarts !== undefined) body.spec!.failurePolicy = { maxRestarts };
    await createTrainJob(body);
  }

  /** The group's 2 pods once both run, none of `exclude` (uids of an earlier attempt). */
  async function runningGroup(name: string, exclude = new Set<string | undefined>()): Promise<V1Pod[]> {
    return waitFor(
      `2 Running pods of the group ${name}`,
      async () => {
        const pods = await listPods(namespace, `${NAME_LABEL}=${name}`);
        const running = pods.filter(
          (p) =>
            p.status?.phase === 'Running' &&
            p.metadata?.deletionTimestamp === undefined &&
            !exclude.has(p.metadata?.uid),
        );
        // One attempt: the worker created with or after the leader (not a lost pod of the old one).
        const created = (i: string) =>
          Date.parse(
            String(
              running.find((p) => p.metadata?.labels?.[WORKER_INDEX] === i)?.metadata?.creationTimestamp,
            ),
          );
        return running.length === 2 && pods.length === 2 && created('1') >= created('0')
          ? running
          : undefined;
      },
      () => describePods(namespace, `${NAME_LABEL}=${name}`),
      GROUP_WAIT,
    );
  }

  /** Gives the running pod `podName` its kwok outcome. */
  async function tellPod(podName: string, annotations: Record<string, string>): Promise<void> {
    await cluster().objects.patch(
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: podName, namespace, annotations } },
      undefined,
      undefined,
      FIELD_MANAGER,
      undefined,
      PatchStrategy.MergePatch,
    );
  }

  /** The worker of the running group exits with `code`; returns the group's uids. */
  async function failWorker(name: string, code: number, exclude?: Set<string | undefined>) {
    const pods = await runningGroup(name, exclude);
    await tellPod(`${name}-0-1`, { [OUTCOME]: 'fail', [EXIT_CODE]: String(code), [DURATION]: '1s' });
    return new Set(pods.map((p) => p.metadata?.uid));
  }

  /** Every trainer of the running group (none of `exclude`) exits 0 at the same moment, as torchrun's do. */
  async function finishTogether(name: string, exclude: Set<string | undefined>): Promise<void> {
    const pods = await runningGroup(name, exclude);
    const at = new Date(Date.now() + 5000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const pod of pods) await tellPod(pod.metadata!.name!, { [OUTCOME]: 'succeed', [DURATION]: at });
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
      GROUP_WAIT,
    );
  }

  const restartEvents = async (name: string) =>
    (await eventsOf(namespace, name)).filter((e) => e.reason === 'Restarted').map((e) => e.message);

  it(
    'a worker exiting with a retryable code recreates the whole group, and the job completes',
    async () => {
      const name = `retry-${suffix}`;
      await create(name);
      const first = await failWorker(name, RETRYABLE);
      const restarted = await waitForRestarts(name, 1);
      expect(restarted.status?.restartsCountTowardsMax).toBe(1);
      expect(restarted.status?.restartHistory).toEqual([
        expect.objectContaining({
          reason: 'RestartTrainJob',
          countsTowardsMax: true,
          message: `restart 1: pod ${name}-0-1 container node exited with code ${RETRYABLE} (Error)`,
        }),
      ]);
      await finishTogether(name, first);
      const done = await waitForCondition(namespace, name, 'Complete');
      expect(done.status?.conditions?.find((c) => c.type === 'Complete')?.reason).toBe('LeaderSucceeded');
      expect([done.status?.restarts, done.status?.restartsCountTowardsMax]).toEqual([1, 1]);
      expect(await restartEvents(name)).toEqual([
        `RestartTrainJob (counts towards maxRestarts): restart 1: pod ${name}-0-1 container node exited with code ${RETRYABLE} (Error)`,
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'past maxRestarts (the TrainJob overrides the runtime: 1) the job is Failed with the reason',
    async () => {
      const name = `budget-${suffix}`;
      await create(name, 1);
      const first = await failWorker(name, RETRYABLE);
      await waitForRestarts(name, 1);
      await failWorker(name, RETRYABLE, first);
      const failed = await waitForCondition(namespace, name, 'Failed');
      const condition = failed.status?.conditions?.find((c) => c.type === 'Failed');
      expect(condition?.reason).toBe('ReachedMaxRestarts');
      expect(condition?.message).toBe(
        'leaderworkerset failed due to reaching max number of restarts: the group failed 2 times, 1 restarts allowed',
      );
      expect([failed.status?.restarts, failed.status?.restartsCountTowardsMax]).toEqual([1, 1]);
      expect(failed.status?.restartHistory).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a FailTrainJob exit code fails the job at once, without a restart',
    async () => {
      const name = `permanent-${suffix}`;
      await create(name);
      await failWorker(name, PERMANENT);
      const failed = await waitForCondition(namespace, name, 'Failed');
      expect(failed.status?.conditions?.find((c) => c.type === 'Failed')).toMatchObject({
        reason: 'PermanentExitCode',
        message: `leaderworkerset failed: container node of pod ${name}-0-1 exited with permanent exit code ${PERMANENT}`,
      });
      expect(failed.status?.restarts ?? 0).toBe(0);
      expect(failed.status?.restartHistory).toBeUndefined();
      expect(await restartEvents(name)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an Eviction API eviction of a worker recreates the group; restartsCountTowardsMax does not move',
    async () => {
      const name = `evict-${suffix}`;
      await create(name);
      const first = new Set((await runningGroup(name)).map((p) => p.metadata?.uid));
      await cluster().core.createNamespacedPodEviction({
        name: `${name}-0-1`,
        namespace,
        body: { metadata: { name: `${name}-0-1`, namespace } },
      });
      const restarted = await waitForRestarts(name, 1);
      expect(restarted.status?.restartsCountTowardsMax ?? 0).toBe(0);
      expect(restarted.status?.restartHistory).toEqual([
        expect.objectContaining({
          reason: 'RestartTrainJobAndIgnoreMaxRestarts',
          countsTowardsMax: false,
          message: `restart 1: pod ${name}-0-1 condition DisruptionTarget (EvictionByEvictionAPI)`,
        }),
      ]);
      await finishTogether(name, first);
      const done = await waitForCondition(namespace, name, 'Complete');
      expect([done.status?.restarts, done.status?.restartsCountTowardsMax ?? 0]).toEqual([1, 0]);
    },
    TEST_TIMEOUT_MS,
  );
});
