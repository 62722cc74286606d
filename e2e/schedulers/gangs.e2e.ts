// SPDX-License-Identifier: Apache-2.0
// Gang scheduling with the real gang schedulers: Volcano (vc-scheduler, vc-controller-manager) and
// scheduler-plugins' Coscheduling (its kube-scheduler and PodGroup controller), started by this
// suite (hack/cluster/volcano-up.sh, scheduler-plugins-up.sh) next to the cluster's kube-scheduler.
// The in-process manager renders the PodGroups; the pods run on two kwok nodes the suite owns, of
// POD_CPUS CPUs each: exactly the size of a 2-node trainer whose pods ask for POD_CPUS each.
// For each scheduler:
// - all or nothing: a gang that does not fit (one node taken) gets no pod bound, and runs whole
//   once the node is free;
// - no deadlock: with dataset and model initializers that the trainer waits for (dependsOn
//   Complete), kubetrain's gang (the trainer's pods only) completes; the same job sized as upstream
//   sizes it (every step in one gang: minMember 4) stalls with no pod bound and the trainer's Job
//   never created, on the same free nodes.
import { randomBytes } from 'node:crypto';
import { BatchV1Api, type V1Pod } from '@kubernetes/client-node';
import { GROUP, Resources, VERSION } from '@kubetrain/api';
import { installKubetrainCrds } from '../support/crds.js';
import { cluster } from '../support/cluster.js';
import {
  bound,
  createPodGroup,
  createSuiteNodes,
  deleteSuiteNodes,
  describeGangPods,
  onSuiteNodes,
  POD_GROUP_KINDS,
  readPodGroup,
  startGangScheduler,
  stopGangScheduler,
  suiteNodeNames,
  unschedulable,
  type GangScheduler,
  type ObservedPodGroup,
  type SchedulerStart,
  type SuiteNodes,
} from '../support/gang-schedulers.js';
import { JOBSET_NAME_LABEL, readJobSet, REPLICATED_JOB_LABEL } from '../support/jobset.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import { applyObject } from '../support/apply.js';
import {
  createTrainJob,
  custom,
  startTestManager,
  waitForCondition,
  type TestManager,
} from '../controller/harness.js';
import { gangRuntime, gangTrainJob, POD_CPUS, upstreamSized, type RuntimeShape } from './gangs-fixtures.js';

const FIELD_MANAGER = 'kubetrain-e2e';
const SCHEDULERS: GangScheduler[] = ['volcano', 'scheduler-plugins'];
// A cold machine builds the schedulers here unless `make cluster-up` already built them.
const START_TIMEOUT_MS = 25 * 60_000;

describe('gang scheduling with Volcano and scheduler-plugins Coscheduling', () => {
  const suffix = randomBytes(2).toString('hex');
  const nodes: SuiteNodes = { id: `gang-${suffix}`, count: 2, cpus: POD_CPUS };
  const started: GangScheduler[] = [];
  let namespace: string;
  let test: TestManager | undefined;

  beforeAll(async () => {
    for (const scheduler of SCHEDULERS) {
      const state: SchedulerStart = await startGangScheduler(scheduler);
      if (state === 'started') started.push(scheduler);
    }
    namespace = await createNamespace('e2e-gangs');
    await installKubetrainCrds(FIELD_MANAGER);
    await createSuiteNodes(nodes);
    test = await startTestManager(namespace);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await test?.manager.stop();
    if (namespace) await deleteNamespace(namespace);
    await deleteSuiteNodes(nodes);
    for (const scheduler of started) await stopGangScheduler(scheduler);
  });

  const podsOf = (jobSet: string, replicatedJob?: string): Promise<V1Pod[]> =>
    listPods(
      namespace,
      `${JOBSET_NAME_LABEL}=${jobSet}${replicatedJob ? `,${REPLICATED_JOB_LABEL}=${replicatedJob}` : ''}`,
    );

  /** Waits until `count` pods of the JobSet exist and the scheduler turned each down; returns them. */
  const waitForRefusal = (jobSet: string, count: number): Promise<V1Pod[]> => {
    let last: V1Pod[] = [];
    return waitFor(
      `${count} pods of ${jobSet} turned down by the gang scheduler (PodScheduled=False)`,
      async () => {
        last = await podsOf(jobSet);
        return last.length === count && last.every(unschedulable) ? last : undefined;
      },
      async () => describeGangPods(last),
    );
  };

  describe.each(SCHEDULERS)('%s', (scheduler) => {
    const kind = POD_GROUP_KINDS[scheduler];
    const short = scheduler === 'volcano' ? 'vc' : 'sp';

    beforeAll(async () => {
      for (const shape of ['trainer-only', 'with-initializers'] as const) {
        await applyObject(
          gangRuntime(namespace, `${short}-${shape}`, scheduler, shape, nodes.id),
          FIELD_MANAGER,
        );
      }
    });

    /**
     * Creates a TrainJob on the `shape` runtime, waits for the PodGroup kubetrain renders for it and
     * checks that the TrainJob owns it (controller reference); returns the PodGroup.
     */
    const runOwnedGang = async (
      name: string,
      shape: RuntimeShape,
      podAnnotations: Record<string, string>,
    ): Promise<ObservedPodGroup> => {
      const created = await createTrainJob(
        gangTrainJob(namespace, name, `${short}-${shape}`, shape, podAnnotations),
      );
      const podGroup = await waitFor(`PodGroup ${name}`, () => readPodGroup(kind, namespace, name));
      expect(podGroup.metadata?.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'TrainJob', name, uid: created.metadata!.uid, controller: true }),
      ]);
      return podGroup;
    };

    // Each case starts on free nodes, whatever the one before left behind.
    afterEach(async () => {
      for (const collection of [
        { group: GROUP, version: VERSION, plural: Resources.TrainJob },
        { group: 'jobset.x-k8s.io', version: 'v1alpha2', plural: 'jobsets' },
        kind,
      ]) {
        await custom().deleteCollectionNamespacedCustomObject({
          group: collection.group,
          version: collection.version,
          plural: collection.plural,
          namespace,
          propagationPolicy: 'Foreground',
        });
      }
      await cluster().core.deleteCollectionNamespacedPod({ namespace, gracePeriodSeconds: 0 });
      let left: V1Pod[] = [];
      await waitFor(
        `no pods left in ${namespace}`,
        async () => {
          left = (await cluster().core.listNamespacedPod({ namespace })).items;
          return left.length === 0 ? true : undefined;
        },
        async () => describeGangPods(left),
      );
    });

    it('a gang that does not fit leaves no pod running, and runs whole once the resources free up', async () => {
      const { core } = cluster();
      const [first] = suiteNodeNames(nodes);
      const blocker = `${short}-blocker-${suffix}`;
      await core.createNamespacedPod({
        namespace,
        body: {
          metadata: { name: blocker, namespace, annotations: keepRunning() },
          spec: {
            nodeName: first,
            tolerations: onSuiteNodes(nodes.id).tolerations,
            containers: [
              {
                name: 'c',
                image: 'registry.example/busy:1',
                resources: { requests: { cpu: String(POD_CPUS) } },
              },
            ],
          },
        },
      });
      await waitFor(`blocker pod on ${first} Running`, async () =>
        (await core.readNamespacedPod({ name: blocker, namespace })).status?.phase === 'Running'
          ? true
          : undefined,
      );

      const name = `${short}-fit-${suffix}`;
      const podGroup = await runOwnedGang(name, 'trainer-only', succeedAfter('15s'));
      expect(podGroup.spec?.minMember).toBe(2);

      // One node is taken: the scheduler turns both pods down and binds neither (all or nothing).
      const refused = await waitForRefusal(name, 2);
      expect(refused.filter(bound)).toEqual([]);
      expect((await podsOf(name)).filter(bound)).toEqual([]);

      await core.deleteNamespacedPod({ name: blocker, namespace, gracePeriodSeconds: 0 });
      let pods: V1Pod[] = [];
      const running = await waitFor(
        `both pods of ${name} Running together`,
        async () => {
          pods = await podsOf(name);
          return pods.length === 2 && pods.every((p) => p.status?.phase === 'Running') ? pods : undefined;
        },
        async () => describeGangPods(pods),
      );
      expect(running.map((p) => p.spec?.nodeName).sort()).toEqual(suiteNodeNames(nodes));
      await waitForCondition(namespace, name, 'Complete');
    });

    it('a job with dataset and model initializers (dependsOn) completes on a cluster exactly big enough for its trainer', async () => {
      const name = `${short}-init-${suffix}`;
      const podGroup = await runOwnedGang(name, 'with-initializers', succeedAfter('1s'));
      // The gang is the trainer's two pods: the initializers run before it, outside it.
      expect(podGroup.spec?.minMember).toBe(2);
      expect(podGroup.spec?.minResources).toEqual({ cpu: String(2 * POD_CPUS) });

      await waitForCondition(namespace, name, 'Complete');
      const pods = await podsOf(name);
      expect(pods.map((p) => p.metadata?.labels?.[REPLICATED_JOB_LABEL]).sort()).toEqual([
        'dataset-initializer',
        'model-initializer',
        'node',
        'node',
      ]);
      expect(pods.every((p) => p.status?.phase === 'Succeeded')).toBe(true);
      expect(new Set(pods.map((p) => p.spec?.nodeName))).toEqual(new Set(suiteNodeNames(nodes)));
    });

    it("the same job with upstream's gang sizing (every step counted) stalls: no pod bound, the trainer never created", async () => {
      // kubetrain renders the job (suspended: nothing runs); the copy gets upstream's gang.
      const name = `${short}-up-${suffix}`;
      const job = gangTrainJob(
        namespace,
        name,
        `${short}-with-initializers`,
        'with-initializers',
        succeedAfter('1s'),
      );
      job.spec!.suspend = true;
      await createTrainJob(job);
      const rendered = await waitFor(`JobSet ${name}`, () => readJobSet(namespace, name));
      const renderedPodGroup = await waitFor(`PodGroup ${name}`, () => readPodGroup(kind, namespace, name));
      const copy = `${short}-upstream-${suffix}`;
      const upstream = upstreamSized(scheduler, rendered, renderedPodGroup, copy);
      (upstream.jobSet.spec as { suspend?: boolean }).suspend = false;
      expect(upstream.podGroup.spec?.minMember).toBe(4);
      expect(upstream.podGroup.spec?.minResources).toEqual({ cpu: String(4 * POD_CPUS) });
      await createPodGroup(kind, upstream.podGroup);
      await applyObject(upstream.jobSet, FIELD_MANAGER);

      // The initializers' two pods exist and are in the gang of four; the trainer's two are held
      // back by dependsOn until the initializers complete, which they cannot: a deadlock.
      const refused = await waitForRefusal(copy, 2);
      expect(refused.map((p) => p.metadata?.labels?.[REPLICATED_JOB_LABEL]).sort()).toEqual([
        'dataset-initializer',
        'model-initializer',
      ]);
      expect((await podsOf(copy)).filter(bound)).toEqual([]);
      expect(await podsOf(copy, 'node')).toEqual([]);
      const jobs = await cluster()
        .kubeConfig.makeApiClient(BatchV1Api)
        .listNamespacedJob({ namespace, labelSelector: `${JOBSET_NAME_LABEL}=${copy}` });
      expect(jobs.items.map((j) => j.metadata?.labels?.[REPLICATED_JOB_LABEL]).sort()).toEqual([
        'dataset-initializer',
        'model-initializer',
      ]);
      // Not for want of room: nothing else runs on the suite's nodes.
      const onNodes = (await cluster().core.listPodForAllNamespaces({})).items.filter(
        (p) => suiteNodeNames(nodes).includes(p.spec?.nodeName ?? '') && p.status?.phase === 'Running',
      );
      expect(onNodes).toEqual([]);
    });
  });
});
