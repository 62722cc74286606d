// SPDX-License-Identifier: Apache-2.0
// A TrainJob created again under the name of one just deleted, while the old one's JobSet lingers (the
// garbage collector is deleting it; a finalizer of the suite's holds it here): kubetrain's manager
// neither applies over it nor takes its status, warns once naming the JobSet and its owner's uid, and
// creates the job's own JobSet once the old one is gone.
import { randomBytes, randomUUID } from 'node:crypto';
import { PatchStrategy } from '@kubernetes/client-node';
import { makeTrainJob } from '@kubetrain/testing';
import { apiStatus } from '../support/api-errors.js';
import { cluster } from '../support/cluster.js';
import { readJobSet } from '../support/jobset.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  installCrdsAndShippedRuntimes,
  readTrainJob,
  removeClusterRuntimes,
  startTestManager,
  waitForEvent,
  writesOf,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
const HOLD = 'e2e.kubetrain.dev/hold';

describe('a same-name TrainJob created again while the old JobSet lingers', () => {
  const installedRuntimes: string[] = [];
  let namespace: string;
  let test: TestManager;
  const name = `again-${randomBytes(2).toString('hex')}`;
  const jobSetRef = () => ({
    apiVersion: 'jobset.x-k8s.io/v1alpha2',
    kind: 'JobSet',
    metadata: { name, namespace },
  });
  /** Lets the old JobSet go: its finalizer removed (gone already is fine). */
  const release = () =>
    cluster()
      .objects.patch(
        { ...jobSetRef(), metadata: { ...jobSetRef().metadata, finalizers: null } } as never,
        undefined,
        undefined,
        FIELD_MANAGER_E2E,
        undefined,
        PatchStrategy.MergePatch,
      )
      .catch((error: unknown) => {
        if (apiStatus(error)?.code !== 404) throw error;
      });

  beforeAll(async () => {
    namespace = await createNamespace('e2e-foreign');
    installedRuntimes.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER_E2E)));
    test = await startTestManager(namespace);
  });

  afterAll(async () => {
    await test?.manager.stop();
    if (namespace) await release();
    await removeClusterRuntimes(installedRuntimes);
    if (namespace) await deleteNamespace(namespace);
  });

  it('is not adopted: one warning names it and its owner uid; the job gets its own JobSet once it is gone', async () => {
    const oldUid = randomUUID();
    // The old job's JobSet: controlled by the TrainJob `name` of another uid, suspended (no pods),
    // being deleted (by the test here, as the garbage collector does) and held by a finalizer.
    await cluster().objects.create({
      ...jobSetRef(),
      metadata: {
        ...jobSetRef().metadata,
        finalizers: [HOLD],
        ownerReferences: [
          {
            apiVersion: 'trainer.kubeflow.org/v1alpha1',
            kind: 'TrainJob',
            name,
            uid: oldUid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: {
        suspend: true,
        replicatedJobs: [
          {
            name: 'node',
            replicas: 1,
            template: {
              spec: {
                template: {
                  spec: { restartPolicy: 'Never', containers: [{ name: 'node', image: 'busybox' }] },
                },
              },
            },
          },
        ],
      },
    } as never);
    await cluster().objects.delete(jobSetRef());

    const created = await createTrainJob(makeTrainJob(namespace, name).numNodes(1).obj());
    const event = await waitForEvent(namespace, name, 'TrainJobResourcesCreationFailed');
    expect(event.type).toBe('Warning');
    expect(event.message).toBe(
      `TrainJob resources reconciliation failed: JobSet ${namespace}/${name} is controlled by TrainJob ` +
        `${name} with uid ${oldUid}, not by this TrainJob (uid ${created.metadata!.uid}); waiting for it ` +
        'to be deleted',
    );
    // Not applied over, and its status not taken: the manager has written nothing but the event.
    const old = await readJobSet(namespace, name);
    expect(old.metadata?.ownerReferences?.map((o) => o.uid)).toEqual([oldUid]);
    expect(await writesOf(test.manager)).toEqual({ 'POST events': 1 });
    expect((await readTrainJob(namespace, name)).status?.conditions ?? []).toEqual([]);

    await release();
    const own = await waitFor(
      `JobSet ${namespace}/${name} of TrainJob uid ${created.metadata!.uid}`,
      async () => {
        const jobSet = await readJobSet(namespace, name).catch(() => undefined);
        const uid = jobSet?.metadata?.ownerReferences?.[0]?.uid;
        return uid === created.metadata!.uid ? jobSet : undefined;
      },
    );
    expect(own.metadata?.ownerReferences).toHaveLength(1);
    const writes = await writesOf(test.manager);
    expect(writes['POST configmaps']).toBe(1);
    expect(writes['APPLY jobsets']).toBe(1);
  });
});
