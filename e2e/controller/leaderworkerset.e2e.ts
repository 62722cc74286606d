// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet backend on the real control plane: kubetrain's manager (in-process, gate
// LeaderWorkerSetBackend on, scoped to the suite's namespace) against kube-apiserver, the LWS
// controller, kube-controller-manager's StatefulSet and garbage collectors, and kwok nodes. Pods of
// a LeaderWorkerSet run with `restartPolicy: Always`: kwok's kubetrain-pod-restart stage exits their
// containers once, as a kubelet would (lastState terminated, restartCount 1). The LeaderWorkerSet's
// restartPolicy is `None`: a rank that exits 0 restarts in place, and on a failure kubetrain's
// manager deletes the leader so that the LWS controller recreates the whole group. Rank 0 exiting 0
// completes the job, whatever order the ranks finish in. Failures come from the runtime's pod template
// (every pod fails). Trainers that succeed keep running until the test tells the running group to
// finish: it annotates each pod with the outcome annotations kwok reads, all with the same RFC 3339
// time (kwok waits until it), so that the ranks exit together as torchrun's do, however long the
// group took to start; and one worker of a running group is told to exit non-zero the same way, as
// one would kill a process.
import { randomBytes } from 'node:crypto';
import {
  AppsV1Api,
  BatchV1Api,
  PatchStrategy,
  type KubernetesObject,
  type V1EnvVar,
  type V1Pod,
} from '@kubernetes/client-node';
import { GROUP, VERSION, type TrainJob } from '@kubetrain/api';
import { render, type RuntimeInput, type TrainJobInput } from '@kubetrain/runtime';
import { makeTrainJob } from '@kubetrain/testing';
import { apiStatus } from '../support/api-errors.js';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { DURATION, EXIT_CODE, failAfter, OUTCOME } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  custom,
  installCrdsAndShippedRuntimes,
  patchTrainJob,
  readTrainJob,
  removeClusterRuntimes,
  startTestManager,
  trainingRuntimeFrom,
  waitForCondition,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
/**
 * Waits for a group to start or to be gone, and each test: generous, for a control plane that other
 * suites load (kwok plays pod stages a few at a time, and deletes pods one by one).
 */
const GROUP_WAIT = { timeoutMs: 300_000 };
const TEST_TIMEOUT_MS = 600_000;
const NAME_LABEL = 'leaderworkerset.sigs.k8s.io/name';
const WORKER_INDEX = 'leaderworkerset.sigs.k8s.io/worker-index';
const PROGRESS = 'kubetrain.dev/group-progress';
const LWS = { apiVersion: 'leaderworkerset.x-k8s.io/v1', kind: 'LeaderWorkerSet' } as const;

interface LeaderWorkerSet extends KubernetesObject {
  spec?: { replicas?: number; leaderWorkerTemplate?: { size?: number } };
  status?: { readyReplicas?: number };
}

interface RuntimeShape {
  metadata: { annotations?: Record<string, string> };
  spec: {
    template: {
      spec: {
        failurePolicy?: { maxRestarts?: number };
        replicatedJobs: Array<{
          name: string;
          template: { metadata?: Record<string, unknown>; spec: Record<string, unknown> };
        }>;
      };
    };
  };
}

/** The trainers keep running until told otherwise ({@link tellPod}). */
const KEEP_RUNNING = { [OUTCOME]: 'run' };

/** Tells the trainer of the running pod `name` to finish as `annotations` say (kwok's outcome). */
async function tellPod(namespace: string, name: string, annotations: Record<string, string>): Promise<void> {
  await cluster().objects.patch(
    { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, annotations } },
    undefined,
    undefined,
    'kubetrain-e2e',
    undefined,
    PatchStrategy.MergePatch,
  );
}

const isNotFound = async (read: () => Promise<unknown>): Promise<true | undefined> =>
  read().then(
    () => undefined,
    (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
  );

async function readLws(namespace: string, name: string): Promise<LeaderWorkerSet> {
  return cluster().objects.read<LeaderWorkerSet>({ ...LWS, metadata: { name, namespace } });
}

/** The group's pods, by worker index. */
async function groupPods(namespace: string, name: string): Promise<Map<string, V1Pod>> {
  const pods = await listPods(namespace, `${NAME_LABEL}=${name}`);
  return new Map(pods.map((p) => [p.metadata?.labels?.[WORKER_INDEX] ?? '?', p]));
}

/** The env of container `node`, every value resolved for the pod at `rank` (fieldRefs, rank-0 host). */
function resolvedEnv(
  env: readonly V1EnvVar[],
  fields: Record<string, string>,
  rank0Host: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of env) {
    if (!e.name.startsWith('PET_')) continue;
    const value = e.valueFrom?.fieldRef !== undefined ? fields[e.valueFrom.fieldRef.fieldPath] : e.value;
    out[e.name] = value === rank0Host ? '<rank 0 host>' : (value ?? '<unset>');
  }
  return out;
}

function nodeEnv(pod: { spec?: { containers?: Array<{ name: string; env?: V1EnvVar[] }> } }): V1EnvVar[] {
  return pod.spec?.containers?.find((c) => c.name === 'node')?.env ?? [];
}

describe('TrainJob controller, LeaderWorkerSet backend (kube-apiserver, LWS controller, kwok)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installedRuntimes: string[] = [];
  let namespace: string;
  let test: TestManager;

  /**
   * A TrainingRuntime of the namespace: torch-distributed with the opt-in, the trainer pods' kwok
   * outcome, the restart budget and permanent exit codes given.
   */
  async function lwsRuntime(
    name: string,
    outcome: Record<string, string>,
    options: { maxRestarts?: number; permanentExitCodes?: number[]; initializer?: boolean } = {},
  ): Promise<RuntimeShape> {
    const runtime = (await trainingRuntimeFrom(
      namespace,
      name,
      'torch-distributed',
    )) as unknown as RuntimeShape;
    runtime.metadata.annotations = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
    const spec = runtime.spec.template.spec;
    if (options.maxRestarts !== undefined) spec.failurePolicy = { maxRestarts: options.maxRestarts };
    const node = spec.replicatedJobs.find((j) => j.name === 'node')!;
    const pod = node.template.spec['template'] as { metadata?: { annotations?: Record<string, string> } };
    pod.metadata = { ...pod.metadata, annotations: { ...pod.metadata?.annotations, ...outcome } };
    if (options.permanentExitCodes !== undefined) {
      node.template.spec['podFailurePolicy'] = {
        rules: [
          {
            action: 'FailJob',
            onExitCodes: { containerName: 'node', operator: 'In', values: options.permanentExitCodes },
          },
        ],
      };
    }
    if (options.initializer === true) {
      spec.replicatedJobs.unshift({
        name: 'dataset-initializer',
        template: {
          metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'dataset-initializer' } },
          spec: {
            template: {
              spec: {
                containers: [{ name: 'dataset-initializer', image: 'registry.example/initializer:1' }],
              },
            },
          },
        },
      });
      (node as { dependsOn?: unknown }).dependsOn = [{ name: 'dataset-initializer', status: 'Complete' }];
    }
    await applyObject(runtime as never, FIELD_MANAGER_E2E);
    return runtime;
  }

  const job = (name: string, runtime: string, numNodes: number) =>
    makeTrainJob(namespace, name).runtimeRef(runtime, 'TrainingRuntime').numNodes(numNodes);

  /** Waits until the group is stopped and gone: the LWS at replicas 0 (or deleted) and no pod left. */
  async function waitForNothingRunning(name: string): Promise<void> {
    await waitFor(
      `LeaderWorkerSet ${name} stopped and its pods gone`,
      async () => {
        const lws = await readLws(namespace, name).catch(() => undefined);
        const pods = await listPods(namespace, `${NAME_LABEL}=${name}`);
        return (lws === undefined || lws.spec?.replicas === 0) && pods.length === 0 ? true : undefined;
      },
      async () => {
        const lws = await readLws(namespace, name).catch(() => undefined);
        const progress = lws?.metadata?.annotations?.[PROGRESS];
        return `replicas ${lws?.spec?.replicas}, progress ${progress}; ${await describePods(namespace, `${NAME_LABEL}=${name}`)}`;
      },
      GROUP_WAIT,
    );
  }

  /** Waits until the group `name` has `size` Running pods, none of `exclude`; returns them by worker index. */
  async function runningGroup(name: string, size: number, exclude = new Set<string | undefined>()) {
    return waitFor(
      `${size} Running pods of the group ${name}`,
      async () => {
        const byIndex = await groupPods(namespace, name);
        const running = [...byIndex.values()].filter(
          (p) => p.status?.phase === 'Running' && !exclude.has(p.metadata?.uid),
        );
        return running.length === size && byIndex.size === size ? byIndex : undefined;
      },
      () => describePods(namespace, `${NAME_LABEL}=${name}`),
      GROUP_WAIT,
    );
  }

  /** Tells every trainer of the running group to exit 0 at the same moment, five seconds from now. */
  async function finishTogether(pods: ReadonlyMap<string, V1Pod>): Promise<void> {
    const at = new Date(Date.now() + 5000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const pod of pods.values())
      await tellPod(namespace, pod.metadata!.name!, { [OUTCOME]: 'succeed', [DURATION]: at });
  }

  beforeAll(async () => {
    namespace = await createNamespace('e2e-lws-ctl');
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER_E2E)));
    test = await startTestManager(namespace, undefined, ['--feature-gates=LeaderWorkerSetBackend=true']);
  });

  afterAll(async () => {
    await test?.manager.stop();
    await removeClusterRuntimes(installedRuntimes);
    if (namespace) await deleteNamespace(namespace);
  });

  it(
    'a 4-node torch TrainJob reaches Complete; its pods carry the PET_* env of the JobSet rendering, rank 0 on the leader',
    async () => {
      const runtimeName = `rt-lws-${suffix}`;
      const runtime = await lwsRuntime(runtimeName, KEEP_RUNNING);
      const name = `lws-${suffix}`;
      const created = await createTrainJob(job(name, runtimeName, 4).obj());

      // One group of 4: the leader <tj>-0 (worker index 0) and the workers <tj>-0-1..3.
      const pods = await runningGroup(name, 4);
      expect([...pods.keys()].sort()).toEqual(['0', '1', '2', '3']);
      expect(pods.get('0')?.metadata?.name).toBe(`${name}-0`);
      expect(pods.get('3')?.metadata?.name).toBe(`${name}-0-3`);
      const lws = await readLws(namespace, name);
      expect(lws.spec?.leaderWorkerTemplate?.size).toBe(4);
      expect(lws.metadata?.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'TrainJob', name, uid: created.metadata!.uid, controller: true }),
      ]);

      // The JobSet rendering of the same job (the engine without the gate renders the annotated runtime
      // as a JobSet): per rank, every PET_* variable, the rank field and the rank-0 host resolved.
      const stored = await readTrainJob(namespace, name);
      const jobSetObjects = render(
        stored as unknown as TrainJobInput,
        runtime as unknown as RuntimeInput,
      ).objects;
      const jobSet = jobSetObjects.find((o) => o.kind === 'JobSet') as unknown as {
        spec: {
          replicatedJobs: Array<{ name: string; template: { spec: { template: { spec: unknown } } } }>;
        };
      };
      const jobSetPod = {
        spec: jobSet.spec.replicatedJobs.find((j) => j.name === 'node')!.template.spec.template.spec,
      };
      for (const [rank, pod] of pods) {
        const lwsEnv = resolvedEnv(
          nodeEnv(pod),
          { [`metadata.labels['${WORKER_INDEX}']`]: rank },
          `${name}-0.${name}`,
        );
        const jobSetEnv = resolvedEnv(
          nodeEnv(jobSetPod as never),
          { "metadata.annotations['batch.kubernetes.io/job-completion-index']": rank },
          `${name}-node-0-0.${name}`,
        );
        expect({ rank, ...lwsEnv }).toEqual({ rank, ...jobSetEnv });
        expect(lwsEnv['PET_NODE_RANK']).toBe(rank);
      }
      // Rank 0 is the leader, and the rendezvous host is the leader's DNS name under the LWS Service.
      expect(pods.get('0')?.spec?.hostname).toBe(`${name}-0`);
      expect(pods.get('0')?.spec?.subdomain).toBe(name);
      expect(nodeEnv(pods.get('1')!).find((e) => e.name === 'PET_MASTER_ADDR')?.value).toBe(
        `${name}-0.${name}`,
      );

      await finishTogether(pods);
      const done = await waitForCondition(namespace, name, 'Complete');
      expect(done.status?.conditions).toEqual([
        expect.objectContaining({
          type: 'Complete',
          status: 'True',
          reason: 'LeaderSucceeded',
          message: 'leaderworkerset completed successfully: the leader exited 0',
        }),
      ]);
      expect(done.status?.jobsStatus).toEqual([
        { name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
      ]);
      await waitForNothingRunning(name);
      expect((await readLws(namespace, name)).spec?.replicas).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a worker exiting with a retryable code recreates the whole group, and the job completes on the second try',
    async () => {
      const runtimeName = `rt-lws-retry-${suffix}`;
      await lwsRuntime(runtimeName, KEEP_RUNNING, { maxRestarts: 1 });
      const name = `lws-retry-${suffix}`;
      await createTrainJob(job(name, runtimeName, 4).obj());

      const first = await runningGroup(name, 4);
      const firstUids = new Set([...first.values()].map((p) => p.metadata?.uid));
      // Worker 2's trainer exits with code 1 (not a permanent code) now.
      await tellPod(namespace, `${name}-0-2`, { [OUTCOME]: 'fail', [EXIT_CODE]: '1', [DURATION]: '1s' });

      // The whole group is recreated: 4 pods again, none of the first attempt's.
      const second = await runningGroup(name, 4, firstUids);
      expect([...second.keys()].sort()).toEqual(['0', '1', '2', '3']);
      await finishTogether(second);

      const done = await waitForCondition(namespace, name, 'Complete');
      expect(done.status?.conditions?.find((c) => c.type === 'Failed')).toBeUndefined();
      const progress = JSON.parse(
        (await readLws(namespace, name)).metadata?.annotations?.[PROGRESS] ?? '{}',
      ) as {
        restarts?: number;
        succeeded?: number[];
      };
      expect(progress.restarts).toBe(1);
      expect(progress.succeeded).toContain(0);
      await waitForNothingRunning(name);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'rank 0 finishing last: the workers that exit 0 first recreate nothing, and the job completes once',
    async () => {
      const runtimeName = `rt-lws-last-${suffix}`;
      await lwsRuntime(runtimeName, KEEP_RUNNING);
      const name = `lws-last-${suffix}`;
      await createTrainJob(job(name, runtimeName, 3).obj());

      const group = await runningGroup(name, 3);
      const uids = new Set([...group.values()].map((p) => p.metadata?.uid));
      const leaderUid = group.get('0')?.metadata?.uid;
      // The workers finish first (rank 0 saves the model last).
      for (const index of ['1', '2'])
        await tellPod(namespace, group.get(index)!.metadata!.name!, {
          [OUTCOME]: 'succeed',
          [DURATION]: '1s',
        });
      const progressOf = async () =>
        JSON.parse((await readLws(namespace, name)).metadata?.annotations?.[PROGRESS] ?? '{}') as {
          attempt?: string;
          restarts?: number;
          succeeded?: number[];
        };
      // The manager saw both exits 0 (the workers restarted in place), and the group was not recreated.
      const seen = await waitFor(
        'the workers exits 0 recorded',
        async () => {
          const progress = await progressOf();
          return progress.succeeded?.join(',') === '1,2' ? progress : undefined;
        },
        async () =>
          `${JSON.stringify(await progressOf())}; ${await describePods(namespace, `${NAME_LABEL}=${name}`)}`,
        GROUP_WAIT,
      );
      expect(seen).toEqual({ attempt: leaderUid, restarts: 0, attemptFailed: false, succeeded: [1, 2] });
      const afterWorkers = await groupPods(namespace, name);
      expect(new Set([...afterWorkers.values()].map((p) => p.metadata?.uid))).toEqual(uids);
      for (const index of ['1', '2']) {
        const node = afterWorkers.get(index)?.status?.containerStatuses?.find((c) => c.name === 'node');
        expect(node?.lastState?.terminated?.exitCode).toBe(0);
      }
      expect((await readTrainJob(namespace, name)).status?.conditions ?? []).toEqual([]);

      // Rank 0 finishes: the job completes, once, on the first attempt.
      await tellPod(namespace, `${name}-0`, { [OUTCOME]: 'succeed', [DURATION]: '1s' });
      const done = await waitForCondition(namespace, name, 'Complete');
      expect(done.status?.conditions?.map((c) => `${c.type}=${c.status}/${c.reason}`)).toEqual([
        'Complete=True/LeaderSucceeded',
      ]);
      // No new pod after completion: whatever is left is the first group's, until it is gone.
      const left = await listPods(namespace, `${NAME_LABEL}=${name}`);
      expect(left.filter((p) => !uids.has(p.metadata?.uid))).toEqual([]);
      await waitForNothingRunning(name);
      expect(await progressOf()).toEqual(
        expect.objectContaining({ attempt: leaderUid, restarts: 0, attemptFailed: false }),
      );
      const final = await readTrainJob(namespace, name);
      expect(final.status?.conditions?.map((c) => `${c.type}=${c.status}/${c.reason}`)).toEqual([
        'Complete=True/LeaderSucceeded',
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a permanent exit code fails the job at once, and nothing keeps running',
    async () => {
      const runtimeName = `rt-lws-perm-${suffix}`;
      await lwsRuntime(runtimeName, failAfter('2s', 42), { maxRestarts: 3, permanentExitCodes: [42] });
      const name = `lws-perm-${suffix}`;
      await createTrainJob(job(name, runtimeName, 2).obj());
      const failed = await waitForCondition(namespace, name, 'Failed');
      const condition = failed.status?.conditions?.find((c) => c.type === 'Failed');
      expect(condition?.reason).toBe('PermanentExitCode');
      expect(condition?.message).toMatch(
        new RegExp(
          `^leaderworkerset failed: container node of pod ${name}-0(-1)? exited with permanent exit code 42$`,
        ),
      );
      expect(failed.status?.jobsStatus).toEqual([
        { name: 'node', ready: 0, succeeded: 0, failed: 1, active: 0, suspended: 0 },
      ]);
      await waitForNothingRunning(name);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an exhausted restart budget fails the job (ReachedMaxRestarts), and nothing keeps running',
    async () => {
      const runtimeName = `rt-lws-budget-${suffix}`;
      await lwsRuntime(runtimeName, failAfter('2s', 1), { maxRestarts: 1 });
      const name = `lws-budget-${suffix}`;
      await createTrainJob(job(name, runtimeName, 2).obj());
      const failed = await waitForCondition(namespace, name, 'Failed');
      const condition = failed.status?.conditions?.find((c) => c.type === 'Failed');
      expect(condition?.reason).toBe('ReachedMaxRestarts');
      expect(condition?.message).toBe(
        'leaderworkerset failed due to reaching max number of restarts: the group failed 2 times, 1 restarts allowed',
      );
      await waitForNothingRunning(name);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'suspend and resume: replicas 0 and no pods while suspended, then the group runs and completes',
    async () => {
      const runtimeName = `rt-lws-susp-${suffix}`;
      await lwsRuntime(runtimeName, KEEP_RUNNING);
      const name = `lws-susp-${suffix}`;
      await createTrainJob(job(name, runtimeName, 2).suspend(true).obj());
      await waitForCondition(namespace, name, 'Suspended', 'Suspended');
      const suspended = await waitFor('the suspended LeaderWorkerSet', async () =>
        readLws(namespace, name).catch(() => undefined),
      );
      expect(suspended.spec?.replicas).toBe(0);
      expect(await listPods(namespace, `${NAME_LABEL}=${name}`)).toEqual([]);

      await patchTrainJob(namespace, name, { spec: { suspend: false } });
      // Resumed: the LeaderWorkerSet is applied again at replicas 1 and its group runs.
      await finishTogether(await runningGroup(name, 2));
      const done = await waitForCondition(namespace, name, 'Complete');
      expect(done.status?.conditions?.find((c) => c.type === 'Suspended')).toEqual(
        expect.objectContaining({ status: 'False', reason: 'Resumed' }),
      );
      await waitForNothingRunning(name);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the initializer Job runs first: the LeaderWorkerSet is created only once it is Complete',
    async () => {
      const runtimeName = `rt-lws-init-${suffix}`;
      await lwsRuntime(runtimeName, KEEP_RUNNING, { initializer: true });
      const name = `lws-init-${suffix}`;
      await createTrainJob(job(name, runtimeName, 2).obj());
      await finishTogether(await runningGroup(name, 2));
      const done = await waitForCondition(namespace, name, 'Complete');
      const initializer = await cluster()
        .kubeConfig.makeApiClient(BatchV1Api)
        .readNamespacedJob({ name: `${name}-dataset-initializer`, namespace });
      const lws = await readLws(namespace, name);
      const completed = initializer.status?.conditions?.find(
        (c) => c.type === 'Complete' && c.status === 'True',
      );
      expect(completed).toBeDefined();
      expect(Date.parse(String(lws.metadata?.creationTimestamp))).toBeGreaterThanOrEqual(
        Date.parse(String(initializer.status?.completionTime)) - 1000,
      );
      expect(done.status?.jobsStatus).toEqual([
        { name: 'dataset-initializer', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
        { name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'deleting a running TrainJob leaves nothing behind: LeaderWorkerSet, StatefulSets, pods, snapshot',
    async () => {
      const runtimeName = `rt-lws-del-${suffix}`;
      await lwsRuntime(runtimeName, KEEP_RUNNING);
      const name = `lws-del-${suffix}`;
      await createTrainJob(job(name, runtimeName, 3).obj());
      await runningGroup(name, 3);
      await custom().deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: 'trainjobs',
        namespace,
        name,
      });
      await waitFor('the TrainJob gone', () =>
        isNotFound(() => readTrainJob(namespace, name) as Promise<TrainJob>),
      );
      await waitFor('the LeaderWorkerSet gone', () => isNotFound(() => readLws(namespace, name)));
      await waitFor(
        'the StatefulSets and pods gone',
        async () => {
          const sets = await cluster()
            .kubeConfig.makeApiClient(AppsV1Api)
            .listNamespacedStatefulSet({ namespace, labelSelector: `${NAME_LABEL}=${name}` });
          const pods = await listPods(namespace, `${NAME_LABEL}=${name}`);
          return sets.items.length === 0 && pods.length === 0 ? true : undefined;
        },
        () => describePods(namespace, `${NAME_LABEL}=${name}`),
      );
      await waitFor('the runtime snapshot gone', () =>
        isNotFound(() =>
          cluster().core.readNamespacedConfigMap({ name: `${name}-runtime-snapshot`, namespace }),
        ),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
