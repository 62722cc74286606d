// SPDX-License-Identifier: Apache-2.0
// Run policy on the real control plane (KEP-2899): kubetrain's manager (in-process, gate
// LeaderWorkerSetBackend on, scoped to the suite's namespace) against kube-apiserver, the JobSet and
// LWS controllers, kube-controller-manager's garbage collector and kwok nodes.
//  - TTL after finished: a finished TrainJob is deleted, and the garbage collector deletes everything
//    it owned (JobSet, pods, runtime snapshot); the runtime's runPolicy.ttlSecondsAfterFinished is the
//    default, a job's own value overrides it (and may be changed once the job has finished);
//  - status.startTime and status.completionTime are set;
//  - the runtime's runPolicy.activeDeadlineSeconds fails a running job with DeadlineExceeded.
// TTLs and deadlines are a few seconds; the tests wait for outcomes, never for a duration.
import { randomBytes } from 'node:crypto';
import type { TrainJob } from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import { apiStatus } from '../support/api-errors.js';
import { kubetrain } from '../cli/kubetrain-cli.js';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { readJobSet } from '../support/jobset.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  patchTrainJob,
  podAnnotations,
  readTrainJob,
  trainingRuntimeFrom,
  useControllerSuite,
  waitForCondition,
} from './harness.js';

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';
const WAIT = { timeoutMs: 300_000 };
const TEST_TIMEOUT_MS = 600_000;

interface ReplicatedJobShape {
  name: string;
  template: { spec: { template: { metadata?: { annotations?: Record<string, string> } } } };
}

interface RunPolicy {
  activeDeadlineSeconds?: number;
  ttlSecondsAfterFinished?: number;
}

const gone = async (read: () => Promise<unknown>): Promise<true | undefined> =>
  read().then(
    () => undefined,
    (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
  );

function readObject(apiVersion: string, kind: string, namespace: string, name: string): Promise<unknown> {
  return cluster().objects.read({ apiVersion, kind, metadata: { name, namespace } });
}

/** startTime and completionTime are set, in that order, not before the job was created. */
function expectRunTimes(job: TrainJob): void {
  const { startTime, completionTime } = job.status ?? {};
  expect(startTime).toBeDefined();
  expect(completionTime).toBeDefined();
  const created = Date.parse(String(job.metadata?.creationTimestamp));
  expect(Date.parse(startTime!)).toBeGreaterThanOrEqual(created);
  expect(Date.parse(completionTime!)).toBeGreaterThanOrEqual(Date.parse(startTime!));
}

describe('TrainJob run policy: TTL after finished, startTime/completionTime, runtime deadline', () => {
  const suffix = randomBytes(2).toString('hex');
  const suite = useControllerSuite('e2e-ttl', FIELD_MANAGER_E2E, [
    '--feature-gates=LeaderWorkerSetBackend=true',
  ]);

  /** A TrainingRuntime of the suite's namespace: torch-distributed with `runPolicy`, on the LWS backend if asked. */
  async function runtime(
    name: string,
    runPolicy: RunPolicy,
    lws?: { podAnnotations: Record<string, string> },
  ): Promise<void> {
    const rt = (await trainingRuntimeFrom(suite.namespace, name, 'torch-distributed')) as {
      metadata: { annotations?: Record<string, string> };
      spec: { runPolicy?: RunPolicy; template: { spec: { replicatedJobs: ReplicatedJobShape[] } } };
    };
    rt.spec.runPolicy = runPolicy;
    if (lws !== undefined) {
      rt.metadata.annotations = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
      const pod = rt.spec.template.spec.replicatedJobs.find((j) => j.name === 'node')!.template.spec.template;
      pod.metadata = {
        ...pod.metadata,
        annotations: { ...pod.metadata?.annotations, ...lws.podAnnotations },
      };
    }
    await applyObject(rt as never, FIELD_MANAGER_E2E);
  }

  const job = (name: string, runtimeName: string, pods: Record<string, string>) =>
    makeTrainJob(suite.namespace, name)
      .runtimeRef(runtimeName, 'TrainingRuntime')
      .numNodes(1)
      .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', pods));

  /** Waits until the TrainJob, and everything it owned on the JobSet backend, is gone. */
  async function waitForJobSetJobGone(name: string): Promise<void> {
    await waitFor(
      `TrainJob ${name} deleted`,
      () => gone(() => readTrainJob(suite.namespace, name)),
      undefined,
      WAIT,
    );
    await waitFor(
      `the JobSet, pods and runtime snapshot of ${name} deleted`,
      async () => {
        const jobSetGone = await gone(() => readJobSet(suite.namespace, name));
        const snapshotGone = await gone(() =>
          readObject('v1', 'ConfigMap', suite.namespace, `${name}-runtime-snapshot`),
        );
        const pods = await listPods(suite.namespace, `jobset.sigs.k8s.io/jobset-name=${name}`);
        return jobSetGone && snapshotGone && pods.length === 0 ? true : undefined;
      },
      () => describePods(suite.namespace, `jobset.sigs.k8s.io/jobset-name=${name}`),
      WAIT,
    );
  }

  it(
    "JobSet: the runtime's default TTL deletes a finished job with everything it owned; a job's own TTL overrides it",
    async () => {
      const rt = `rt-ttl-${suffix}`;
      await runtime(rt, { ttlSecondsAfterFinished: 3 });
      const byDefault = `ttl-default-${suffix}`;
      const own = `ttl-own-${suffix}`;
      await createTrainJob(job(own, rt, succeedAfter('1s')).ttlSecondsAfterFinished(3600).obj());
      await createTrainJob(job(byDefault, rt, succeedAfter('1s')).obj());

      // Its own TTL (an hour) overrides the runtime's 3 s: it stays, Complete, with both times set.
      expectRunTimes(await waitForCondition(suite.namespace, own, 'Complete'));
      // The runtime's default: deleted, and the garbage collector deletes its JobSet, pods and snapshot.
      await waitForJobSetJobGone(byDefault);
      expect((await readTrainJob(suite.namespace, own)).metadata?.deletionTimestamp).toBeUndefined();

      // `kubetrain describe` shows both times and the TTL left.
      const described = await kubetrain(['describe', own, '-n', suite.namespace]);
      expect(described.code).toBe(0);
      expect(described.stdout).toMatch(/\nStarted: +\S+Z \(\S+ ago\)\nCompleted: +\S+Z \(\S+ ago\)\n/);
      expect(described.stdout).toMatch(/\nTTL: +3600s after finishing; deleted in \d+m(\d+s)?\n/);

      // The TTL is mutable: shortened on the finished job, it is deleted too.
      await patchTrainJob(suite.namespace, own, { spec: { ttlSecondsAfterFinished: 1 } });
      await waitForJobSetJobGone(own);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "JobSet: the runtime's activeDeadlineSeconds fails a running job (DeadlineExceeded) and deletes its JobSet",
    async () => {
      const rt = `rt-deadline-${suffix}`;
      await runtime(rt, { activeDeadlineSeconds: 5 });
      const name = `deadline-${suffix}`;
      await createTrainJob(job(name, rt, keepRunning()).obj());
      const failed = await waitForCondition(suite.namespace, name, 'Failed', 'DeadlineExceeded');
      expectRunTimes(failed);
      expect(failed.status?.completionTime).toBe(
        failed.status?.conditions?.find((c) => c.type === 'Failed')?.lastTransitionTime,
      );
      await waitFor(
        'the JobSet deleted',
        () => gone(() => readJobSet(suite.namespace, name)),
        undefined,
        WAIT,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "LeaderWorkerSet: the runtime's deadline fails the job with both times set; its TTL then deletes it and what it owned",
    async () => {
      const rt = `rt-lws-${suffix}`;
      await runtime(
        rt,
        { activeDeadlineSeconds: 5, ttlSecondsAfterFinished: 3600 },
        { podAnnotations: keepRunning() },
      );
      const name = `lws-${suffix}`;
      const created = await createTrainJob(
        makeTrainJob(suite.namespace, name).runtimeRef(rt, 'TrainingRuntime').numNodes(2).obj(),
      );
      await waitFor(
        `LeaderWorkerSet ${name}`,
        () => readObject('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', suite.namespace, name),
        undefined,
        WAIT,
      );
      const failed = await waitForCondition(suite.namespace, name, 'Failed', 'DeadlineExceeded');
      expectRunTimes(failed);
      // The runtime's TTL (an hour) holds it; shortened on the job, it is deleted with all it owned.
      expect((await readTrainJob(suite.namespace, name)).metadata?.uid).toBe(created.metadata?.uid);
      await patchTrainJob(suite.namespace, name, { spec: { ttlSecondsAfterFinished: 1 } });
      await waitFor(
        `TrainJob ${name} deleted`,
        () => gone(() => readTrainJob(suite.namespace, name)),
        undefined,
        WAIT,
      );
      await waitFor(
        `the LeaderWorkerSet, pods and snapshot of ${name} deleted`,
        async () => {
          const lwsGone = await gone(() =>
            readObject('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', suite.namespace, name),
          );
          const snapshotGone = await gone(() =>
            readObject('v1', 'ConfigMap', suite.namespace, `${name}-runtime-snapshot`),
          );
          const pods = await listPods(suite.namespace, `leaderworkerset.sigs.k8s.io/name=${name}`);
          return lwsGone && snapshotGone && pods.length === 0 ? true : undefined;
        },
        () => describePods(suite.namespace, `leaderworkerset.sigs.k8s.io/name=${name}`),
        WAIT,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
