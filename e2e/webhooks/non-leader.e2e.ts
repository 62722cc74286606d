// SPDX-License-Identifier: Apache-2.0
// A manager replica that is not the leader still serves admission: the Lease is held by another
// identity for an hour, the manager (cert dir certificates, leader election on) never leads, and
// its webhook server answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings, parseFlags, startManager, Webhooks, type Manager } from '@kubetrain/controller';
import { CoreResources, formatMicroTime, KubeClient, loadKubeConfig, type KubeObject } from '@kubetrain/kube';
import { createLogger } from '@kubetrain/log';
import { WebhookTestClient } from '@kubetrain/controller/test-support';
import { kubeconfigPath } from '../support/cluster.js';
import { writeLocalCertificate } from '../support/local-certificate.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';

let dir: string;
let namespace: string;
let client: KubeClient;
let manager: Manager | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhook-nonleader-'));
  namespace = await createNamespace('wh-nonleader');
  client = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }));
});

afterAll(async () => {
  await manager?.stop();
  await client?.close();
  await deleteNamespace(namespace);
  rmSync(dir, { recursive: true, force: true });
});

describe('a replica that is not the leader', () => {
  it('serves admission webhooks', async () => {
    const bundle = await writeLocalCertificate(dir);
    await client.create(CoreResources.Lease, {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'trainer.kubeflow.org', namespace },
      spec: {
        holderIdentity: 'another-replica',
        leaseDurationSeconds: 3600,
        acquireTime: formatMicroTime(Date.now()),
        renewTime: formatMicroTime(Date.now()),
      },
    } as KubeObject);
    const port = await freePort();
    const config = [
      'apiVersion: config.trainer.kubeflow.org/v1alpha1',
      'kind: Configuration',
      `webhook: {port: ${port}, host: 127.0.0.1}`,
      'metrics: {bindAddress: "127.0.0.1:0", secureServing: false}',
      'health: {healthProbeBindAddress: "127.0.0.1:0"}',
      'certManagement: {enable: false}',
      `leaderElection: {leaderElect: true, resourceName: trainer.kubeflow.org, resourceNamespace: ${namespace}}`,
      '',
    ].join('\n');
    manager = await startManager(loadSettings(parseFlags(['--cert-dir', dir]), config), {
      kubeConfig: loadKubeConfig({ path: kubeconfigPath() }),
      logger: createLogger({ level: 'error', write: () => undefined }),
      watchNamespace: namespace,
    });
    const server = await manager.admission.serving;
    expect(server?.port).toBe(port);
    const direct = new WebhookTestClient(port, bundle.caCert);
    try {
      const res = await direct.post(
        Webhooks.TrainingRuntimeValidator.path,
        JSON.stringify({
          apiVersion: 'admission.k8s.io/v1',
          kind: 'AdmissionReview',
          request: { uid: 'nl', kind: { kind: 'TrainingRuntime' }, operation: 'DELETE' },
        }),
      );
      expect(res.body).toMatchObject({ response: { uid: 'nl', allowed: true } });
    } finally {
      direct.close();
    }
    const lease = (await client.get(CoreResources.Lease, 'trainer.kubeflow.org', {
      namespace,
    })) as KubeObject & {
      spec: { holderIdentity: string };
    };
    expect(lease.spec.holderIdentity).toBe('another-replica');
  });
});
