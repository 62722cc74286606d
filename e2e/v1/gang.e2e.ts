// SPDX-License-Identifier: Apache-2.0
// Gang scheduling of v1 jobs (runPolicy.schedulingPolicy) with the real gang schedulers, Volcano and
// scheduler-plugins' Coscheduling, started by this suite (hack/cluster/volcano-up.sh,
// scheduler-plugins-up.sh). For each, an in-process manager with `--enable-v1-kinds=PyTorchJob` and
// `--gang-scheduler-name` (`volcano`, or the scheduler-plugins scheduler's name, as upstream takes
// it) in its own namespace; the pods run on two kwok nodes of POD_CPUS CPUs the suite owns.
// - a PyTorchJob (Master + Worker, POD_CPUS each) gets its PodGroup, owned by it, minMember from
//   schedulingPolicy.minAvailable; its pods carry the scheduler and the group name, run under that
//   scheduler, and the job reaches Succeeded;
// - a gang of three such pods does not fit the two nodes: no pod is bound.
import { randomBytes } from 'node:crypto';
import type { V1Pod } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import {
  bound,
  createSuiteNodes,
  deleteSuiteNodes,
  describeGangPods,
  onSuiteNodes,
  POD_GROUP_KINDS,
  readPodGroup,
  SCHEDULER_NAMES,
  startGangScheduler,
  stopGangScheduler,
  suiteNodeNames,
  unschedulable,
  type GangScheduler,
  type ObservedPodGroup,
  type SuiteNodes,
} from '../support/gang-schedulers.js';
import { succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import { startTestManager, TEST_CONFIG, type TestManager } from '../controller/harness.js';
import { POD_CPUS } from '../schedulers/gangs-fixtures.js';
import { createJob, installV1Crds, podsOf, waitForJobCondition, type Job } from './v1-harness.js';

const KIND = 'PyTorchJob';
const SCHEDULERS: GangScheduler[] = ['volcano', 'scheduler-plugins'];
// A cold machine builds the schedulers here unless `make cluster-up` already built them.
const START_TIMEOUT_MS = 25 * 60_000;

/** A PyTorchJob of one Master and `workers` Workers, POD_CPUS each, on the suite's nodes. */
function gangJob(
  name: string,
  nodesId: string,
  workers: number,
  schedulingPolicy: Record<string, unknown>,
): Job {
  const replica = (replicas: number) => ({
    replicas,
    restartPolicy: 'Never',
    template: {
      metadata: { annotations: succeedAfter('10s') },
      spec: {
        ...onSuiteNodes(nodesId),
        containers: [
          {
            name: 'pytorch',
            image: 'docker.io/pytorch/pytorch:2.7.1',
            command: ['python'],
            resources: { requests: { cpu: String(POD_CPUS) } },
          },
        ],
      },
    },
  });
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: KIND,
    metadata: { name },
    spec: {
      runPolicy: { schedulingPolicy },
      pytorchReplicaSpecs: { Master: replica(1), Worker: replica(workers) },
    },
  };
}

describe('v1 gang scheduling (schedulingPolicy) with Volcano and scheduler-plugins Coscheduling', () => {
  const suffix = randomBytes(2).toString('hex');
  const nodes: SuiteNodes = { id: `v1gang-${suffix}`, count: 2, cpus: POD_CPUS };
  const started: GangScheduler[] = [];

  beforeAll(async () => {
    for (const scheduler of SCHEDULERS)
      if ((await startGangScheduler(scheduler)) === 'started') started.push(scheduler);
    await installV1Crds('kubetrain-e2e');
    await createSuiteNodes(nodes);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await deleteSuiteNodes(nodes);
    for (const scheduler of started) await stopGangScheduler(scheduler);
  });

  describe.each(SCHEDULERS)('%s', (scheduler) => {
    const kind = POD_GROUP_KINDS[scheduler];
    const schedulerName = SCHEDULER_NAMES[scheduler];
    const short = scheduler === 'volcano' ? 'vc' : 'sp';
    let namespace: string;
    let test: TestManager | undefined;

    beforeAll(async () => {
      namespace = await createNamespace(`e2e-v1gang-${short}`);
      test = await startTestManager(namespace, TEST_CONFIG, [
        `--enable-v1-kinds=${KIND}`,
        `--gang-scheduler-name=${schedulerName}`,
      ]);
    });

    afterAll(async () => {
      await test?.manager.stop();
      if (namespace) await deleteNamespace(namespace);
    });

    const pods = async (name: string): Promise<V1Pod[]> => [...(await podsOf(namespace, name)).values()];

    it('a PyTorchJob gets its owned PodGroup, its pods run under the gang scheduler, and it succeeds', async () => {
      const name = `${short}-ok-${suffix}`;
      const created = await createJob(KIND, namespace, gangJob(name, nodes.id, 1, { minAvailable: 2 }));
      const podGroup: ObservedPodGroup = await waitFor(`PodGroup ${name}`, () =>
        readPodGroup(kind, namespace, name),
      );
      expect(podGroup.metadata?.ownerReferences).toEqual([
        expect.objectContaining({ kind: KIND, name, uid: created.metadata.uid, controller: true }),
      ]);
      expect(podGroup.spec?.minMember).toBe(2);
      expect(podGroup.spec?.minResources).toEqual({ cpu: String(2 * POD_CPUS) });
      if (scheduler === 'volcano') expect(podGroup.spec?.['queue']).toBe('default');

      let seen: V1Pod[] = [];
      const running = await waitFor(
        `both pods of ${name} bound`,
        async () => {
          seen = await pods(name);
          return seen.length === 2 && seen.every(bound) ? seen : undefined;
        },
        async () => describeGangPods(seen),
      );
      for (const pod of running) {
        expect(pod.spec?.schedulerName).toBe(schedulerName);
        if (scheduler === 'volcano') {
          expect(pod.metadata?.annotations?.['scheduling.k8s.io/group-name']).toBe(name);
          expect(pod.metadata?.annotations?.['volcano.sh/task-spec']).toBe(
            pod.metadata?.labels?.['training.kubeflow.org/replica-type'],
          );
        } else expect(pod.metadata?.labels?.['scheduling.x-k8s.io/pod-group']).toBe(name);
      }
      expect(running.map((p) => p.spec?.nodeName).sort()).toEqual(suiteNodeNames(nodes));
      await waitForJobCondition(KIND, namespace, name, 'Succeeded', 'PyTorchJobSucceeded');
      // As upstream, the finished job's PodGroup is deleted.
      await waitFor(`PodGroup ${name} deleted`, async () =>
        (await readPodGroup(kind, namespace, name).then(
          () => false,
          () => true,
        ))
          ? true
          : undefined,
      );
    });

    it('a gang that does not fit (three pods of POD_CPUS on two nodes) leaves no pod running', async () => {
      const name = `${short}-big-${suffix}`;
      await createJob(KIND, namespace, gangJob(name, nodes.id, 2, {}));
      const podGroup = await waitFor(`PodGroup ${name}`, () => readPodGroup(kind, namespace, name));
      expect(podGroup.spec?.minMember).toBe(3);
      // Either the scheduler turned all three pods down, or (Volcano) it holds the PodGroup Pending,
      // and then the manager creates no pod at all, as upstream.
      let seen: V1Pod[] = [];
      let group: ObservedPodGroup = podGroup;
      await waitFor(
        `${name}: three pods turned down, or a Pending PodGroup with no pods`,
        async () => {
          seen = await pods(name);
          group = await readPodGroup(kind, namespace, name);
          const refused = seen.length === 3 && seen.every(unschedulable);
          const held =
            scheduler === 'volcano' &&
            seen.length === 0 &&
            group.status?.phase === 'Pending' &&
            ((group.status?.['conditions'] as unknown[] | undefined)?.length ?? 0) > 0;
          return refused || held ? true : undefined;
        },
        async () => `${describeGangPods(seen)}; PodGroup ${JSON.stringify(group.status ?? {})}`,
      );
      expect(seen.filter(bound)).toEqual([]);
      expect((await pods(name)).filter((p) => bound(p) || p.status?.phase === 'Running')).toEqual([]);
      const onNodes = (await cluster().core.listPodForAllNamespaces({})).items.filter(
        (p) => suiteNodeNames(nodes).includes(p.spec?.nodeName ?? '') && p.status?.phase === 'Running',
      );
      expect(onNodes).toEqual([]);
    });
  });
});
