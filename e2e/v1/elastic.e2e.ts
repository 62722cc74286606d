// SPDX-License-Identifier: Apache-2.0
// PyTorch elasticPolicy on kubetrain (in-process manager, --enable-v1-kinds=all, kwok pods): torchrun's
// rendezvous variables on every worker, the HorizontalPodAutoscaler `<job>` that `metrics` asks for
// (scaling the Worker replicas through the scale subresource; deleted while the job is suspended), and a
// change of the Worker replicas through the scale subresource (what the HPA does) creating and deleting
// worker pods by index.
import { execFileSync } from 'node:child_process';
import { AutoscalingV2Api } from '@kubernetes/client-node';
import { REPO_ROOT } from '../support/apply.js';
import { apiStatus } from '../support/api-errors.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import {
  createJob,
  envOf,
  patchJobSpec,
  podsOf,
  servicesOf,
  waitForJobCondition,
  type Job,
  useV1Suite,
} from './v1-harness.js';

const NAME = 'elastic-hpa';
const METRICS = [
  { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
];

function elasticJob(): Job {
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name: NAME },
    spec: {
      elasticPolicy: {
        rdzvBackend: 'c10d',
        minReplicas: 1,
        maxReplicas: 4,
        maxRestarts: 3,
        metrics: METRICS,
      },
      pytorchReplicaSpecs: {
        Worker: {
          replicas: 2,
          template: {
            metadata: { annotations: keepRunning() },
            spec: { containers: [{ name: 'pytorch', image: 'docker.io/pytorch/pytorch:2.7.1' }] },
          },
        },
      },
    },
  };
}

describe('PyTorch elasticPolicy on kubetrain', () => {
  const suite = useV1Suite('e2e-v1el');
  let namespace: string;
  const hpa = () => cluster().kubeConfig.makeApiClient(AutoscalingV2Api);

  beforeAll(async () => {
    namespace = suite.namespace;
    await createJob('PyTorchJob', namespace, elasticJob());
  });

  it('gives every worker the rendezvous variables', async () => {
    await waitForJobCondition('PyTorchJob', namespace, NAME, 'Running', 'PyTorchJobRunning');
    const pods = await podsOf(namespace, NAME);
    expect([...pods.keys()].sort()).toEqual([`${NAME}-worker-0`, `${NAME}-worker-1`]);
    for (const pod of pods.values())
      expect(envOf(pod, 'pytorch')).toMatchObject({
        PET_RDZV_ENDPOINT: `${NAME}-worker-0:23456`,
        PET_RDZV_BACKEND: 'c10d',
        PET_NNODES: '1:4',
        PET_MAX_RESTARTS: '3',
      });
  });

  it('owns a HorizontalPodAutoscaler of the Worker replicas', async () => {
    const found = await waitFor(`HPA ${NAME}`, () =>
      hpa().readNamespacedHorizontalPodAutoscaler({ name: NAME, namespace }),
    );
    expect(found.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'kubeflow.org/v1', kind: 'PyTorchJob', name: NAME },
      minReplicas: 1,
      maxReplicas: 4,
      metrics: METRICS,
    });
    expect(found.metadata!.ownerReferences![0]).toMatchObject({
      kind: 'PyTorchJob',
      name: NAME,
      controller: true,
    });
  });

  it('follows the scale subresource: 3 workers, then 1 (pods and Services by index)', async () => {
    const kubectl = execFileSync(`${REPO_ROOT}hack/cluster/which.sh`, ['kubectl'], {
      encoding: 'utf8',
    }).trim();
    // `kubectl scale` writes the scale subresource, as the HPA does.
    const scale = (replicas: number) =>
      execFileSync(
        kubectl,
        [
          '--kubeconfig',
          kubeconfigPath(),
          '-n',
          namespace,
          'scale',
          `pytorchjob/${NAME}`,
          `--replicas=${replicas}`,
        ],
        { encoding: 'utf8' },
      );
    expect(scale(3)).toContain('scaled');
    await waitFor(`3 worker pods of ${NAME}`, async () =>
      (await podsOf(namespace, NAME)).size === 3 ? true : undefined,
    );
    expect((await servicesOf(namespace, NAME)).has(`${NAME}-worker-2`)).toBe(true);
    scale(1);
    await waitFor(`1 worker pod of ${NAME}`, async () => {
      const pods = await podsOf(namespace, NAME);
      const live = [...pods.values()].filter((p) => p.metadata?.deletionTimestamp === undefined);
      return live.length === 1 && live[0]!.metadata!.name === `${NAME}-worker-0` ? true : undefined;
    });
    await waitFor(`1 Service of ${NAME}`, async () =>
      (await servicesOf(namespace, NAME)).size === 1 ? true : undefined,
    );
  });

  it('deletes the HorizontalPodAutoscaler and the pods while suspended', async () => {
    await patchJobSpec('PyTorchJob', namespace, NAME, { runPolicy: { suspend: true } });
    await waitForJobCondition('PyTorchJob', namespace, NAME, 'Suspended', 'PyTorchJobSuspended');
    await waitFor(`HPA ${NAME} deleted`, () =>
      hpa()
        .readNamespacedHorizontalPodAutoscaler({ name: NAME, namespace })
        .then(
          () => undefined,
          (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
        ),
    );
    await waitFor(`pods of ${NAME} deleted`, async () =>
      (await podsOf(namespace, NAME)).size === 0 ? true : undefined,
    );
  });
});
