// SPDX-License-Identifier: Apache-2.0
// The pod side of the status server (feature gate TrainJobStatus, api-and-controller.md §8) on the
// real control plane: the manager, started with the gate and the suite's namespace as its own,
// reads the CA from the webhook certificate Secret there, applies `<tj>-tls-config` (ca.crt, owned
// by the TrainJob) and a JobSet whose trainer pods carry the env and the projected token volume;
// the API server and the JobSet controller accept it (kwok pods are created with the volume). The
// same on the LeaderWorkerSet backend.
import { randomBytes } from 'node:crypto';
import type { V1Pod } from '@kubernetes/client-node';
import { makeTrainJob } from '@kubetrain/testing';
import { applyObject } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { JOBSET_NAME_LABEL, readJobSet } from '../support/jobset.js';
import { keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import {
  createTrainJob,
  installCrdsAndShippedRuntimes,
  podAnnotations,
  removeClusterRuntimes,
  startTestManager,
  TEST_CONFIG,
  trainingRuntimeFrom,
  waitForEvent,
  writesOf,
  type TestManager,
} from './harness.js';

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
const CA = '-----BEGIN CERTIFICATE-----\nMIIBZTJlIHN0YXR1cyBzZXJ2ZXIgQ0E=\n-----END CERTIFICATE-----\n';

interface Container {
  name: string;
  env?: Array<{ name: string; value?: string }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface PodSpec {
  containers: Container[];
  volumes?: Array<{ name: string; projected?: unknown }>;
}

/** The manager's GET requests of Secrets (its request counter). */
async function secretReads(test: TestManager): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${test.manager.metricsPort}/metrics`)).text();
  const found = /^kubetrain_api_requests_total\{verb="GET",resource="secrets"\} (\d+)$/m.exec(text);
  return Number(found?.[1] ?? 0);
}

describe('TrainJobStatus pod injection (manager with the gate, kube-apiserver, JobSet, kwok)', () => {
  const suffix = randomBytes(2).toString('hex');
  const installed: string[] = [];
  let namespace: string;
  let test: TestManager;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-tjs');
    installed.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER_E2E)));
    // The suite's namespace stands for the operator's: the webhook certificate Secret is there.
    await cluster().core.createNamespacedSecret({
      namespace,
      body: {
        metadata: { name: 'kubeflow-trainer-webhook-cert' },
        data: { 'ca.crt': Buffer.from(CA).toString('base64'), 'tls.crt': '', 'tls.key': '' },
      },
    });
    // LeaderWorkerSetBackend too: the LeaderWorkerSet case; runtimes without the opt-in stay JobSets.
    test = await startTestManager(
      namespace,
      undefined,
      ['--feature-gates=TrainJobStatus=true,LeaderWorkerSetBackend=true'],
      { operatorNamespace: namespace },
    );
  });

  afterAll(async () => {
    await test?.manager.stop();
    await removeClusterRuntimes(installed);
    if (namespace) await deleteNamespace(namespace);
  });

  it('the JobSet carries the env and the projected volume, <tj>-tls-config the CA, and the pods are created', async () => {
    const name = `tjs-${suffix}`;
    const created = await createTrainJob(
      makeTrainJob(namespace, name)
        .numNodes(2)
        .runtimePatch('e2e.kubetrain.dev/kwok', podAnnotations('node', keepRunning()))
        .obj(),
    );

    const configMap = await waitFor(`ConfigMap ${name}-tls-config`, () =>
      cluster()
        .core.readNamespacedConfigMap({ namespace, name: `${name}-tls-config` })
        .catch(() => undefined),
    );
    expect(configMap.data).toEqual({ 'ca.crt': CA });
    expect(configMap.metadata?.ownerReferences).toEqual([
      {
        apiVersion: 'trainer.kubeflow.org/v1alpha1',
        kind: 'TrainJob',
        name,
        uid: created.metadata!.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);

    const url = `https://kubeflow-trainer-controller-manager.${namespace}.svc:10443/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs/${name}/status`;
    const jobSet = await waitFor(`JobSet ${name}`, () => readJobSet(namespace, name).catch(() => undefined));
    const node = (
      jobSet.spec!['replicatedJobs'] as Array<{
        name: string;
        template: { spec: { template: { spec: PodSpec } } };
      }>
    ).find((r) => r.name === 'node')!.template.spec.template.spec;
    const env = Object.fromEntries((node.containers[0]!.env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({
      KUBEFLOW_TRAINER_SERVER_URL: url,
      KUBEFLOW_TRAINER_SERVER_CA_CERT: '/var/run/secrets/kubeflow/trainer/ca.crt',
      KUBEFLOW_TRAINER_SERVER_TOKEN: '/var/run/secrets/kubeflow/trainer/token',
    });
    expect(node.containers[0]!.volumeMounts).toContainEqual({
      name: 'kubeflow-trainer-token',
      mountPath: '/var/run/secrets/kubeflow/trainer',
      readOnly: true,
    });
    const tokenVolume = {
      name: 'kubeflow-trainer-token',
      projected: {
        sources: [
          {
            serviceAccountToken: {
              audience: `trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs/${name}/status`,
              expirationSeconds: 3600,
              path: 'token',
            },
          },
          { configMap: { name: `${name}-tls-config`, items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        ],
      },
    };
    // Defaults the API server or JobSet may add (defaultMode) are allowed; what we wrote is kept.
    expect(node.volumes).toMatchObject([tokenVolume]);

    // The JobSet controller's Jobs make the pods: the API server accepted the volume in a pod.
    const pods = await waitFor(`2 pods of JobSet ${name}`, async () => {
      const found = await listPods(namespace, `${JOBSET_NAME_LABEL}=${name}`);
      return found.length === 2 ? found : undefined;
    });
    for (const pod of pods as V1Pod[]) {
      expect(pod.spec?.volumes?.map((v) => v.name)).toContain('kubeflow-trainer-token');
    }

    // Writes for the job: the snapshot (POST), the CA ConfigMap (one apply) and the JobSet; the
    // reconciles that followed (JobSet status) wrote no ConfigMap again and read the Secret once.
    const writes = await writesOf(test.manager);
    expect(writes['POST configmaps']).toBe(1);
    expect(writes['APPLY configmaps']).toBe(1);
    expect(writes['APPLY jobsets']).toBe(1);
    expect(await secretReads(test)).toBe(1);
  });

  it('a second TrainJob gets its own ConfigMap from the cached CA (no second Secret read)', async () => {
    const name = `tjs2-${suffix}`;
    await createTrainJob(makeTrainJob(namespace, name).numNodes(1).obj());
    const configMap = await waitFor(`ConfigMap ${name}-tls-config`, () =>
      cluster()
        .core.readNamespacedConfigMap({ namespace, name: `${name}-tls-config` })
        .catch(() => undefined),
    );
    expect(configMap.data).toEqual({ 'ca.crt': CA });
    expect((await writesOf(test.manager))['APPLY configmaps']).toBe(2);
    expect(await secretReads(test)).toBe(1);
  });

  it('on the LeaderWorkerSet backend, the leader and worker pods carry the injection', async () => {
    const runtimeName = `lws-torch-${suffix}`;
    const runtime = (await trainingRuntimeFrom(namespace, runtimeName, 'torch-distributed')) as {
      metadata: { annotations?: Record<string, string> };
    };
    runtime.metadata.annotations = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
    await applyObject(runtime as never, FIELD_MANAGER_E2E);
    const name = `tjs-lws-${suffix}`;
    await createTrainJob(
      makeTrainJob(namespace, name).runtimeRef(runtimeName, 'TrainingRuntime').numNodes(2).obj(),
    );
    const pods = await waitFor(`2 pods of LeaderWorkerSet ${name}`, async () => {
      const found = await listPods(namespace, `leaderworkerset.sigs.k8s.io/name=${name}`);
      return found.length === 2 ? found : undefined;
    });
    for (const pod of pods) {
      const node = pod.spec!.containers.find((c) => c.name === 'node')!;
      const env = Object.fromEntries((node.env ?? []).map((e) => [e.name, e.value]));
      expect(env['KUBEFLOW_TRAINER_SERVER_URL']).toBe(
        `https://kubeflow-trainer-controller-manager.${namespace}.svc:10443/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs/${name}/status`,
      );
      expect(node.volumeMounts).toContainEqual(
        expect.objectContaining({ name: 'kubeflow-trainer-token', readOnly: true }),
      );
      expect(
        pod.spec?.volumes?.find((v) => v.name === 'kubeflow-trainer-token')?.projected?.sources,
      ).toMatchObject([
        {
          serviceAccountToken: {
            audience: `trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs/${name}/status`,
          },
        },
        { configMap: { name: `${name}-tls-config` } },
      ]);
    }
    const configMap = await cluster().core.readNamespacedConfigMap({ namespace, name: `${name}-tls-config` });
    expect(configMap.data).toEqual({ 'ca.crt': CA });
  });
});

describe('TrainJobStatus pod injection: the webhook certificate Secret is missing', () => {
  const suffix = randomBytes(2).toString('hex');
  const installed: string[] = [];
  let namespace: string;
  let test: TestManager;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-tjs-nosecret');
    installed.push(...(await installCrdsAndShippedRuntimes(FIELD_MANAGER_E2E)));
    const config = `${TEST_CONFIG}  webhookSecretName: no-such-cert\n`;
    test = await startTestManager(namespace, config, ['--feature-gates=TrainJobStatus=true'], {
      operatorNamespace: namespace,
    });
  });

  afterAll(async () => {
    await test?.manager.stop();
    await removeClusterRuntimes(installed);
    if (namespace) await deleteNamespace(namespace);
  });

  it("upstream's error in a Warning event, and nothing applied", async () => {
    const name = `tjs-nosecret-${suffix}`;
    await createTrainJob(makeTrainJob(namespace, name).numNodes(1).obj());
    const event = await waitForEvent(namespace, name, 'TrainJobResourcesCreationFailed');
    expect(event.type).toBe('Warning');
    expect(event.message).toBe(
      'TrainJob resources reconciliation failed: failed to look up status server tls secret: secrets "no-such-cert" not found',
    );
    const writes = await writesOf(test.manager);
    expect(writes['APPLY jobsets']).toBeUndefined();
    expect(writes['APPLY configmaps']).toBeUndefined();
  });
});
