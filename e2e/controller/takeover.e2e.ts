// SPDX-License-Identifier: Apache-2.0
// Switching from upstream in place, and back (issue 21). Upstream Kubeflow Trainer v2.3.0's manager
// (built from the Go module proxy by hack/baseline/build-trainer.sh, run out of cluster as the
// controller benchmark runs it) creates a mixed population under the real Kueue: running,
// user-suspended, Kueue-admitted, Kueue-pending, completed, failed, an MPI job, and a suspended job
// whose runtime is deleted after its snapshot. Upstream stops; kubetrain's manager starts on the same
// objects and must adopt each as it stands (judged from uids, generations and resourceVersions, and
// kubetrain's own request counter), then carry every job on to its end. Then kubetrain stops and
// upstream starts again, on jobs kubetrain created or adopted, and must pick them up the same way.
//
// Upstream's manager watches every namespace: the suites run one at a time (`make test`), and this
// one keeps upstream running only while it needs it. The queued jobs live in a namespace of their
// own, opted in to Kueue: Kueue's TrainJob webhook refuses any update of a job whose runtime is
// gone, so the orphaned job lives outside Kueue's sight. Kubetrain runs one manager per namespace.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatchStrategy } from '@kubernetes/client-node';
import { makeTrainJob } from '@kubetrain/testing';
import { GROUP, Kinds, Resources, VERSION, type TrainJob } from '@kubetrain/api';
import { startTrainer, trainerBinary } from '../../hack/baseline/run-trainer.js';
import type { ManagerHandle } from '../../hack/bench/lib/manager.js';
import { applyObject } from '../support/apply.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import {
  createKueueObject,
  deleteClusterKueueObject,
  describeConditions,
  hasCondition,
  optInNamespace,
  readClusterKueueObject,
  startKueue,
  stopKueue,
  workloadOf,
  type KueueObject,
  type KueueStart,
} from '../support/kueue.js';
import { createNamespace, deleteNamespaceAndWait } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  finishPods,
  gpuResourceGroups,
  gpuRuntime,
  queuedTrainJob,
  queueNames,
  queueObjects,
  waitForRunningPods as waitForRunningPodsIn,
  waitForWorkload as waitForWorkloadIn,
} from '../schedulers/kueue-fixtures.js';
import {
  createTrainJob,
  custom,
  installCrdsAndShippedRuntimes,
  patchTrainJob,
  readTrainJob,
  reconcileTotals,
  removeClusterRuntimes,
  startTestManager,
  waitForCondition,
  writesOf,
  type TestManager,
} from './harness.js';
import { annotatedRuntime, recordJob, trueConditions, type JobRecord } from './takeover-fixtures.js';

const FIELD_MANAGER = 'kubetrain-e2e';
// Starting Kueue or building upstream's manager may take minutes on a cold machine.
const SETUP_TIMEOUT_MS = 25 * 60_000;
const PHASE_TIMEOUT_MS = 8 * 60_000;

/** The jobs, by what they are when upstream stops. */
const JOBS = {
  running: 'running',
  suspended: 'suspended',
  admitted: 'admitted',
  pending: 'pending',
  completed: 'completed',
  failed: 'failed',
  orphan: 'orphan',
  mpi: 'mpi',
} as const;
const ALL = Object.values(JOBS);
/** The jobs queued in Kueue (in the Kueue namespace). */
const QUEUED: ReadonlySet<string> = new Set([JOBS.admitted, JOBS.pending]);

describe('switching from upstream Trainer v2.3.0 in place, and back', () => {
  const suffix = randomBytes(2).toString('hex');
  const names = queueNames(`to-${suffix}`);
  const installedRuntimes: string[] = [];
  const created: Array<[kind: string, name: string]> = [];
  let kueue: KueueStart | undefined;
  let plain: string;
  let queued: string;
  let upstream: ManagerHandle | undefined;
  let kubetrain: TestManager[] = [];
  let binary: string;
  const nsOf = (name: string) => (QUEUED.has(name) ? queued : plain);

  const startUpstream = async () => {
    upstream = await startTrainer({
      binary,
      kubeconfig: kubeconfigPath(),
      workDir: mkdtempSync(join(tmpdir(), 'kubetrain-takeover-upstream-')),
      tuned: false,
    });
  };
  const stopUpstream = async () => {
    await upstream?.stop();
    upstream = undefined;
  };
  const startKubetrain = async () => {
    kubetrain = [await startTestManager(plain), await startTestManager(queued)];
  };
  const stopKubetrain = async () => {
    for (const test of kubetrain) await test.manager.stop();
    const logs = kubetrain.flatMap((t) => t.logs);
    if (logs.length > 0) writeFileSync(join(tmpdir(), 'kubetrain-e2e-takeover-manager.log'), logs.join('\n'));
    kubetrain = [];
  };

  beforeAll(async () => {
    // Built from the Go module proxy, or waited for when make cluster-up builds it in the background.
    binary = trainerBinary();
    kueue = await startKueue();
    plain = await createNamespace('e2e-takeover');
    queued = await createNamespace('e2e-takeover-kueue');
    await optInNamespace(queued);
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER)));
    for (const runtime of [
      await annotatedRuntime(plain, 'run', 'torch-distributed', keepRunning()),
      await annotatedRuntime(plain, 'done', 'torch-distributed', succeedAfter('2s')),
      // No retry of the failed pod: the job fails at once.
      await annotatedRuntime(plain, 'fail', 'torch-distributed', failAfter('2s', 3), { backoffLimit: 0 }),
      await annotatedRuntime(plain, 'gone', 'torch-distributed', keepRunning()),
      await annotatedRuntime(plain, 'mpi', 'deepspeed-distributed', keepRunning()),
      gpuRuntime(queued),
    ])
      await applyObject(runtime as never, FIELD_MANAGER);
    for (const obj of queueObjects(queued, names, 8)) {
      await createKueueObject(obj);
      if (obj.metadata?.namespace === undefined) created.push([obj.kind!, obj.metadata!.name!]);
    }
    await waitFor(
      `ClusterQueue ${names.clusterQueue} Active`,
      async () => {
        const cq = await readClusterKueueObject('ClusterQueue', names.clusterQueue);
        return hasCondition(cq, 'Active') ? cq : undefined;
      },
      async () => describeConditions(await readClusterKueueObject('ClusterQueue', names.clusterQueue)),
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopUpstream();
    await stopKubetrain();
    for (const namespace of [plain, queued]) if (namespace) await deleteNamespaceAndWait(namespace);
    for (const [kind, name] of created.reverse()) await deleteClusterKueueObject(kind, name);
    await removeClusterRuntimes(installedRuntimes);
    if (kueue === 'started') await stopKueue();
  }, 180_000);

  const job = (name: string, runtime: string) =>
    makeTrainJob(plain, name).runtimeRef(runtime, Kinds.TrainingRuntime);
  const waitForRunningPods = (name: string, count: number) => waitForRunningPodsIn(nsOf(name), name, count);
  const waitForWorkload = (name: string, what: string, ok: (w: KueueObject) => boolean) =>
    waitForWorkloadIn(queued, name, what, ok);
  const waitForJobCondition = (name: string, type: string) => waitForCondition(nsOf(name), name, type);
  const finish = async (name: string, pods: number) => {
    expect(await finishPods(nsOf(name), name)).toBe(pods);
    await waitForJobCondition(name, 'Complete');
  };

  /** Waits until the TrainJob's JobSet exists with `spec.suspend` as given. */
  const waitForJobSet = (name: string, suspended: boolean) =>
    waitFor(`JobSet ${name} suspend=${suspended}`, async () => {
      const js = (await custom()
        .getNamespacedCustomObject({
          group: 'jobset.x-k8s.io',
          version: 'v1alpha2',
          plural: 'jobsets',
          namespace: nsOf(name),
          name,
        })
        .catch(() => undefined)) as { spec?: { suspend?: boolean } } | undefined;
      return js !== undefined && (js.spec?.suspend === true) === suspended ? js : undefined;
    });

  /** Waits until kubetrain's TrainJob controllers have reconciled at least `count` times in all. */
  const waitForReconciles = (count: number) =>
    waitFor(`${count} TrainJob reconciles`, async () => {
      let total = 0;
      for (const test of kubetrain) total += (await reconcileTotals(test)).get('trainjob_controller') ?? 0;
      return total >= count ? total : undefined;
    });

  /** Kubetrain's write requests, by verb and resource, summed over its managers. */
  const kubetrainWrites = async (): Promise<Record<string, number>> => {
    const sum: Record<string, number> = {};
    for (const test of kubetrain)
      for (const [k, v] of Object.entries(await writesOf(test.manager))) sum[k] = (sum[k] ?? 0) + v;
    return sum;
  };

  const record = async (jobs: readonly string[]): Promise<Record<string, JobRecord>> => {
    const out: Record<string, JobRecord> = {};
    for (const name of jobs) out[name] = await recordJob(nsOf(name), name);
    return out;
  };
  const statuses = async (jobs: readonly string[]): Promise<Record<string, TrainJob['status']>> =>
    Object.fromEntries(
      await Promise.all(jobs.map(async (n) => [n, (await readTrainJob(nsOf(n), n)).status])),
    );

  /** Asserts that the switch left `name` as it was: same objects, same pods, nothing re-created. */
  const expectUndisturbed = (
    before: Record<string, JobRecord>,
    after: Record<string, JobRecord>,
    name: string,
    { exact }: { exact: boolean },
  ) => {
    const [b, a] = [before[name]!, after[name]!];
    expect({ name, uid: a.trainJob.uid, pods: a.pods }).toEqual({ name, uid: b.trainJob.uid, pods: b.pods });
    expect({ name, jobSet: a.jobSet?.uid, generation: a.jobSet?.generation }).toEqual({
      name,
      jobSet: b.jobSet?.uid,
      generation: b.jobSet?.generation,
    });
    expect({ name, snapshot: a.snapshot?.uid, workload: a.workload?.uid, ssh: a.sshSecret }).toEqual({
      name,
      snapshot: b.snapshot?.uid,
      workload: b.workload?.uid,
      ssh: b.sshSecret,
    });
    if (exact) expect({ name, ...a }).toEqual({ name, ...b });
  };

  let beforeTakeover: Record<string, JobRecord>;

  it(
    'upstream creates the population: running, suspended, admitted, pending, completed, failed, orphaned snapshot, MPI',
    async () => {
      await startUpstream();
      await createTrainJob(job(JOBS.running, 'run').obj());
      await createTrainJob(job(JOBS.suspended, 'run').suspend(true).obj());
      await createTrainJob(queuedTrainJob(queued, JOBS.admitted, 1));
      // Two 8-GPU nodes on an 8-GPU queue the admitted job fills: Kueue holds it suspended.
      await createTrainJob(queuedTrainJob(queued, JOBS.pending, 2));
      await createTrainJob(job(JOBS.completed, 'done').obj());
      await createTrainJob(job(JOBS.failed, 'fail').obj());
      await createTrainJob(job(JOBS.orphan, 'gone').suspend(true).obj());
      await createTrainJob(job(JOBS.mpi, 'mpi').obj());

      await waitForRunningPods(JOBS.running, 1);
      await waitForRunningPods(JOBS.admitted, 1);
      await waitForRunningPods(JOBS.mpi, 2);
      await waitForJobCondition(JOBS.completed, 'Complete');
      await waitForJobCondition(JOBS.failed, 'Failed');
      for (const name of [JOBS.suspended, JOBS.orphan, JOBS.pending]) await waitForJobSet(name, true);
      await waitForWorkload(JOBS.admitted, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      await waitForWorkload(JOBS.pending, 'pending', (w) => hasCondition(w, 'QuotaReserved', 'False'));
      await waitFor(`snapshot of ${JOBS.orphan}`, () =>
        cluster().core.readNamespacedConfigMap({ namespace: plain, name: `${JOBS.orphan}-runtime-snapshot` }),
      );
      // The runtime goes after its snapshot: the job can only resume from upstream's snapshot.
      await custom().deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainingRuntime,
        namespace: plain,
        name: 'gone',
      });
      // Upstream's status of the running jobs has caught up with their pods.
      for (const name of [JOBS.running, JOBS.admitted, JOBS.mpi])
        await waitFor(`status of ${name} active`, async () => {
          const tj = await readTrainJob(nsOf(name), name);
          return tj.status?.jobsStatus?.some((j) => (j.active ?? 0) > 0) ? tj : undefined;
        });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await stopUpstream();
      beforeTakeover = await record(ALL);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'kubetrain adopts every job as it stands: nothing re-created, restarted, evicted or rewritten',
    async () => {
      const statusBefore = await statuses(ALL);
      await startKubetrain();
      await waitForReconciles(ALL.length);
      // Let a second round (the status writes' own watch events, if any) settle.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const after = await record(ALL);
      // Running and finished jobs: not a single change of any object.
      for (const name of [JOBS.running, JOBS.admitted, JOBS.mpi, JOBS.completed, JOBS.failed])
        expectUndisturbed(beforeTakeover, after, name, { exact: true });
      // Suspended jobs: the JobSet is re-applied as upstream re-applies it (same spec, same
      // generation), with kubetrain's marks.
      for (const name of [JOBS.suspended, JOBS.pending, JOBS.orphan])
        expectUndisturbed(beforeTakeover, after, name, { exact: false });
      expect(await statuses(ALL)).toEqual(statusBefore);
      const admitted = await workloadOf(queued, JOBS.admitted);
      expect(hasCondition(admitted!, 'Admitted')).toBe(true);
      expect(hasCondition(admitted!, 'Evicted')).toBe(false);
      // One apply per suspended JobSet (upstream re-applies those on every reconcile), nothing else.
      expect(await kubetrainWrites()).toEqual({ 'APPLY jobsets': 3 });
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'kubetrain carries every job on: resumes from upstream snapshots, admits, completes',
    async () => {
      await patchTrainJob(plain, JOBS.suspended, { spec: { suspend: false } });
      await patchTrainJob(plain, JOBS.orphan, { spec: { suspend: false } });
      await waitForRunningPods(JOBS.suspended, 1);
      await waitForRunningPods(JOBS.orphan, 1);
      // The admitted job finishes; its quota goes to the pending one, raised to fit two nodes.
      await finish(JOBS.admitted, 1);
      await cluster().objects.patch(
        {
          apiVersion: 'kueue.x-k8s.io/v1beta2',
          kind: 'ClusterQueue',
          metadata: { name: names.clusterQueue },
          spec: { resourceGroups: gpuResourceGroups(names.flavor, 16) },
        } as never,
        undefined,
        undefined,
        FIELD_MANAGER,
        undefined,
        PatchStrategy.MergePatch,
      );
      await waitForRunningPods(JOBS.pending, 2);
      await finish(JOBS.running, 1);
      // Kubetrain's own jobs for the hand-back: one running, one suspended.
      await createTrainJob(job('kt-running', 'run').obj());
      await createTrainJob(job('kt-suspended', 'run').suspend(true).obj());
      await waitForRunningPods('kt-running', 1);
      await waitForJobSet('kt-suspended', true);
      const finished = await statuses([JOBS.completed, JOBS.failed]);
      expect(trueConditions({ status: finished[JOBS.completed] } as TrainJob)).toContain('Complete');
      expect(trueConditions({ status: finished[JOBS.failed] } as TrainJob)).toContain('Failed');
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'upstream takes them back: nothing re-created or restarted; it resumes and completes them',
    async () => {
      const jobs = [...ALL, 'kt-running', 'kt-suspended'];
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await stopKubetrain();
      const before = await record(jobs);
      await startUpstream();
      // Upstream reconciles every TrainJob at start; give it time to do so.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const after = await record(jobs);
      for (const name of [JOBS.suspended, JOBS.orphan, JOBS.pending, JOBS.mpi, 'kt-running', 'kt-suspended'])
        expectUndisturbed(before, after, name, { exact: false });
      for (const name of [JOBS.running, JOBS.admitted, JOBS.completed, JOBS.failed])
        expectUndisturbed(before, after, name, { exact: true });

      await patchTrainJob(plain, 'kt-suspended', { spec: { suspend: false } });
      await waitForRunningPods('kt-suspended', 1);
      await finish(JOBS.suspended, 1);
      await finish(JOBS.orphan, 1);
      await finish(JOBS.pending, 2);
      await finish(JOBS.mpi, 2);
      await finish('kt-running', 1);
      await finish('kt-suspended', 1);
    },
    PHASE_TIMEOUT_MS,
  );
});
