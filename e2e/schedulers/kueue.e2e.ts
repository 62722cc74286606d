// SPDX-License-Identifier: Apache-2.0
// kubetrain under the real Kueue (v0.19.2, hack/cluster/kueue-up.sh, its TrainJob integration and
// webhooks): Kueue's webhook suspends each queued TrainJob and adds its runtimePatch, Kueue computes
// PodSets from the TrainJob and its runtime, admits by quota and writes the pod-set info (flavor
// nodeSelector and tolerations, its podset label) into its patch before unsuspending; kubetrain
// renders the JobSet suspended, then resumed with that info, and reports jobsStatus so that Kueue
// sees a preempted job go inactive. A second, topology-aware ClusterQueue (a Topology of zones and
// hosts) shows a runtime's TAS annotation reaching the pods and Kueue's ungater placing them in one
// zone. Pods run on the kwok GPU nodes (8 GPUs each) until the suite
// lets them succeed. The suite starts Kueue when it does not run, and stops it (and removes its
// webhook configurations) at the end in that case; it removes every object it created.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { V1Pod } from '@kubernetes/client-node';
import { ManagedBy, RuntimePatchManagers, type TrainJob } from '@kubetrain/api';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { apiStatus } from '../support/api-errors.js';
import { readJobSet } from '../support/jobset.js';
import {
  createKueueObject,
  deleteClusterKueueObject,
  describeConditions,
  hasCondition,
  optInNamespace,
  PODSET_LABEL,
  QUEUE_NAME_LABEL,
  WORKLOAD_ANNOTATION,
  readClusterKueueObject,
  startKueue,
  stopKueue,
  workloadOf,
  type KueueObject,
  type KueueStart,
} from '../support/kueue.js';
import { createNamespace, deleteNamespaceAndWait } from '../support/namespace.js';
import { describePods, listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  installCrdsAndShippedRuntimes,
  readTrainJob,
  removeClusterRuntimes,
  startTestManager,
  waitForCondition,
  type TestManager,
} from '../controller/harness.js';
import {
  FLAVOR_TOLERATION,
  finishPods,
  GPU_PRODUCT,
  gpuRuntime,
  podsOf,
  queuedTrainJob,
  queueNames,
  queueObjects,
  REQUIRED_TOPOLOGY,
  TAS_QUEUE,
  waitForRunningPods as waitForRunningPodsIn,
  waitForWorkload as waitForWorkloadIn,
  ZONE_RUNTIME,
} from './kueue-fixtures.js';

const FIELD_MANAGER = 'kubetrain-e2e';
// Starting Kueue may wait for its build (a few minutes on a cold machine).
const KUEUE_START_TIMEOUT_MS = 20 * 60_000;
const CASE_TIMEOUT_MS = 6 * 60_000;

describe('Kueue (v0.19.2, TrainJob integration) admits, holds back and preempts kubetrain TrainJobs', () => {
  const suffix = randomBytes(2).toString('hex');
  const names = queueNames(suffix);
  const installedRuntimes: string[] = [];
  /** The cluster-scoped Kueue objects the suite created, in creation order. */
  const created: Array<[kind: string, name: string]> = [];
  let kueue: KueueStart | undefined;
  let namespace: string;
  let test: TestManager | undefined;

  beforeAll(async () => {
    kueue = await startKueue();
    namespace = await createNamespace('e2e-kueue');
    await optInNamespace(namespace);
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER)));
    await applyObject(gpuRuntime(namespace) as never, FIELD_MANAGER);
    await applyObject(gpuRuntime(namespace, ZONE_RUNTIME, REQUIRED_TOPOLOGY) as never, FIELD_MANAGER);
    for (const obj of queueObjects(namespace, names, 16)) {
      await createKueueObject(obj);
      if (obj.metadata?.namespace === undefined) created.push([obj.kind!, obj.metadata!.name!]);
    }
    for (const clusterQueue of [names.clusterQueue, names.tasClusterQueue]) {
      await waitFor(
        `ClusterQueue ${clusterQueue} Active`,
        async () => {
          const cq = await readClusterKueueObject('ClusterQueue', clusterQueue);
          return hasCondition(cq, 'Active') ? cq : undefined;
        },
        async () => describeConditions(await readClusterKueueObject('ClusterQueue', clusterQueue)),
      );
    }
    test = await startTestManager(namespace);
  }, KUEUE_START_TIMEOUT_MS);

  afterAll(async () => {
    await test?.manager.stop();
    // The in-process manager's log, for a failure's post-mortem.
    if (test) writeFileSync(join(tmpdir(), 'kubetrain-e2e-kueue-manager.log'), test.logs.join('\n'));
    // Kueue holds finalizers on its Workloads, ClusterQueue and ResourceFlavor: everything is gone
    // before Kueue stops, or the namespace and those objects would stay Terminating.
    if (namespace) await deleteNamespaceAndWait(namespace);
    // Queues before the flavors they use, flavors before their Topology.
    for (const [kind, name] of created.reverse()) await deleteClusterKueueObject(kind, name);
    await removeClusterRuntimes(installedRuntimes);
    if (kueue === 'started') await stopKueue();
  }, 120_000);

  const waitForWorkload = (name: string, what: string, ok: (w: KueueObject) => boolean) =>
    waitForWorkloadIn(namespace, name, what, ok);
  const waitForRunningPods = (name: string, count: number) => waitForRunningPodsIn(namespace, name, count);

  const waitForNoPods = (name: string) =>
    waitFor(
      `no pods of TrainJob ${name}`,
      async () => ((await listPods(namespace, podsOf(name))).length === 0 ? true : undefined),
      async () => describePods(namespace, podsOf(name)),
    );

  /** Waits until the TrainJob's status reports `active` active Jobs of its `node` step. */
  const waitForActive = (name: string, active: number) =>
    waitFor(
      `TrainJob ${name} jobsStatus node active=${active}`,
      async () => {
        const tj = await readTrainJob(namespace, name);
        const node = tj.status?.jobsStatus?.find((j) => j.name === 'node');
        return (node?.active ?? 0) === active && (active === 0 || node !== undefined) ? tj : undefined;
      },
      async () => JSON.stringify((await readTrainJob(namespace, name)).status?.jobsStatus),
    );

  /** Lets the TrainJob's pods succeed and waits for Complete and Kueue's Finished. */
  const finish = async (name: string) => {
    expect(await finishPods(namespace, name)).toBeGreaterThan(0);
    await waitForCondition(namespace, name, 'Complete');
    await waitForWorkload(name, 'Finished', (w) => hasCondition(w, 'Finished'));
  };

  /** What Kueue's admission put on a pod: the flavor's node labels and toleration, its podset label. */
  const expectAdmittedPod = (pod: V1Pod) => {
    expect(pod.metadata?.labels?.[PODSET_LABEL]).toBe('node');
    expect(pod.spec?.nodeSelector).toEqual(expect.objectContaining(GPU_PRODUCT));
    expect(pod.spec?.tolerations).toEqual(
      expect.arrayContaining([expect.objectContaining(FLAVOR_TOLERATION)]),
    );
    expect(pod.spec?.nodeName).toMatch(/^gpu-node-\d$/);
  };

  it(
    'of three 8-GPU TrainJobs on a 16-GPU queue two run; the third stays suspended with no pods until quota frees, then runs',
    async () => {
      const [a, b, c] = ['a', 'b', 'c'].map((n) => `quota-${n}-${suffix}`) as [string, string, string];
      const created = await createTrainJob(queuedTrainJob(namespace, a, 1));
      // Kueue's TrainJob webhook: suspended at creation, with its (still empty) runtimePatch.
      expect(created.spec?.suspend).toBe(true);
      expect(created.spec?.runtimePatches?.map((p) => p.manager)).toContain(RuntimePatchManagers.Kueue);
      await waitForWorkload(a, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      await createTrainJob(queuedTrainJob(namespace, b, 1));
      await waitForWorkload(b, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      for (const name of [a, b]) {
        const [pod] = await waitForRunningPods(name, 1);
        expectAdmittedPod(pod!);
      }
      // The queue label stays on the TrainJob: a JobSet carrying it would be Kueue's to suspend too.
      expect((await readJobSet(namespace, a)).metadata?.labels?.[QUEUE_NAME_LABEL]).toBeUndefined();

      await createTrainJob(queuedTrainJob(namespace, c, 1));
      // Kueue has looked at c and found no quota for it.
      const pending = await waitForWorkload(c, 'QuotaReserved=False (Pending)', (w) =>
        hasCondition(w, 'QuotaReserved', 'False', 'Pending'),
      );
      expect(describeConditions(pending)).not.toContain('Admitted=True');
      const held: TrainJob = await waitForCondition(namespace, c, 'Suspended');
      expect(held.spec?.suspend).toBe(true);
      expect((await readJobSet(namespace, c)).spec?.['suspend']).toBe(true);
      expect(await listPods(namespace, podsOf(c))).toEqual([]);

      await finish(a);
      await waitForWorkload(c, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      const [pod] = await waitForRunningPods(c, 1);
      expectAdmittedPod(pod!);
      expect((await readTrainJob(namespace, c)).spec?.suspend).toBe(false);

      await finish(b);
      await finish(c);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'a high-priority TrainJob preempts a low-priority one, which is suspended, then resumes and completes',
    async () => {
      const low = `low-${suffix}`;
      const high = `high-${suffix}`;
      // The low-priority job takes the whole quota (2 nodes x 8 GPUs).
      await createTrainJob(queuedTrainJob(namespace, low, 2, { priority: names.low }));
      await waitForRunningPods(low, 2);
      await waitForActive(low, 1);

      await createTrainJob(queuedTrainJob(namespace, high, 1, { priority: names.high }));
      await waitForWorkload(low, 'Evicted (Preempted)', (w) =>
        hasCondition(w, 'Evicted', 'True', 'Preempted'),
      );
      // Kueue suspended it; kubetrain suspended the JobSet, its pods are gone and it reports itself
      // inactive, which is what Kueue's Stop waits for before it takes its pod-set info back.
      const suspended = await waitForCondition(namespace, low, 'Suspended');
      expect(suspended.spec?.suspend).toBe(true);
      await waitForNoPods(low);
      await waitForActive(low, 0);
      await waitForWorkload(high, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      const [highPod] = await waitForRunningPods(high, 1);
      expectAdmittedPod(highPod!);

      await finish(high);
      // Quota is free again: the low-priority job is admitted again and runs whole.
      await waitForWorkload(low, 'Admitted again', (w) => hasCondition(w, 'Admitted'));
      const pods = await waitForRunningPods(low, 2);
      pods.forEach(expectAdmittedPod);
      await finish(low);
      const done = await readTrainJob(namespace, low);
      expect(done.status?.conditions).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'Complete', status: 'True' })]),
      );
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "a TrainJob whose runtime asks for one zone gets Kueue's topology assignment: both pods placed by Kueue's ungater in one zone",
    async () => {
      const name = `zone-${suffix}`;
      await createTrainJob(queuedTrainJob(namespace, name, 2, { queue: TAS_QUEUE, runtime: ZONE_RUNTIME }));
      await waitForWorkload(name, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      const pods = await waitForRunningPods(name, 2);
      for (const pod of pods) {
        // The runtime's TAS request and Kueue's admission (podset label, workload annotation) reached
        // the pod; Kueue's topology gate was on it and its ungater lifted it with a per-pod node.
        expect(pod.metadata?.annotations).toEqual(expect.objectContaining(REQUIRED_TOPOLOGY));
        expect(pod.metadata?.annotations?.[WORKLOAD_ANNOTATION]).toBe(
          (await workloadOf(namespace, name))?.metadata?.name,
        );
        expect(pod.metadata?.labels?.[PODSET_LABEL]).toBe('node');
        expect(pod.spec?.schedulingGates ?? []).toEqual([]);
        expect(pod.spec?.nodeSelector?.['kubernetes.io/hostname']).toBe(pod.spec?.nodeName);
        expect(pod.spec?.nodeName).toMatch(/^gpu-node-\d$/);
      }
      const zones = new Set<string | undefined>();
      for (const pod of pods) {
        const node = await cluster().core.readNode({ name: pod.spec!.nodeName! });
        zones.add(node.metadata?.labels?.['topology.kubernetes.io/zone']);
      }
      expect(zones.size).toBe(1);
      await finish(name);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'a queued TrainJob whose managedBy names another controller is left alone by kubetrain, even once Kueue admits it',
    async () => {
      const other = `other-${suffix}`;
      const own = `own-${suffix}`;
      await createTrainJob({
        ...queuedTrainJob(namespace, other, 1),
        spec: { ...queuedTrainJob(namespace, other, 1).spec, managedBy: ManagedBy.MultiKueue },
      } as TrainJob);
      // Kueue admits it here (no MultiKueue admission check on this queue) and unsuspends it.
      await waitForWorkload(other, 'Admitted', (w) => hasCondition(w, 'Admitted'));
      await waitFor(`TrainJob ${other} unsuspended by Kueue`, async () =>
        (await readTrainJob(namespace, other)).spec?.suspend === false ? true : undefined,
      );
      // A TrainJob of kubetrain's own, created after it, gets its JobSet: the manager has been at work.
      await createTrainJob(queuedTrainJob(namespace, own, 1));
      await waitForRunningPods(own, 1);

      const untouched = await readTrainJob(namespace, other);
      expect(untouched.status ?? {}).toEqual({});
      const jobSet = await readJobSet(namespace, other).then(
        () => 'exists',
        (error: unknown) => apiStatus(error)?.code,
      );
      expect(jobSet).toBe(404);
      expect(await listPods(namespace, podsOf(other))).toEqual([]);
      await finish(own);
    },
    CASE_TIMEOUT_MS,
  );
});
