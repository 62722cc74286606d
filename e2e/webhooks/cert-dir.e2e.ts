// SPDX-License-Identifier: Apache-2.0
// Certificates provided from outside (`certManagement.enable: false`): the manager's admission side
// serves `tls.crt`/`tls.key` of the cert dir and, when the files are replaced (as a Secret volume
// or cert-manager does), serves the new pair without a restart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import {
  issueCertificates,
  startAdmission,
  Webhooks,
  type Admission,
  type CertificateBundle,
} from '@kubetrain/controller';
import { KubeClient, loadKubeConfig } from '@kubetrain/kube';
import { createLogger } from '@kubetrain/log';
import { WebhookTestClient } from '@kubetrain/controller/test-support';
import { kubeconfigPath } from '../support/cluster.js';
import { waitFor } from '../support/wait.js';

let dir: string;
let client: KubeClient;
let admission: Admission;

const write = (b: CertificateBundle) => {
  writeFileSync(join(dir, 'tls.key'), b.key);
  writeFileSync(join(dir, 'tls.crt'), b.cert);
};
const issue = () =>
  issueCertificates({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'], validityMs: 3600_000 });
const review = JSON.stringify({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: { uid: 'u', kind: { kind: 'TrainJob' }, operation: 'DELETE' },
});

async function answers(port: number, ca: string): Promise<boolean> {
  const c = new WebhookTestClient(port, ca);
  try {
    const res = await c.post(Webhooks.TrainJobValidator.path, review);
    return (res.body as { response?: { allowed?: boolean } }).response?.allowed === true;
  } catch {
    return false;
  } finally {
    c.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webhook-certs-'));
  client = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }));
});

afterAll(async () => {
  await admission?.stop();
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('provided certificates', () => {
  it('serves the cert dir and reloads it when the files change', async () => {
    const [first, second] = [await issue(), await issue()];
    write(first);
    admission = startAdmission({
      client,
      config: {
        webhook: { port: 0, host: '127.0.0.1' },
        certManagement: { enable: false, webhookServiceName: 'svc', webhookSecretName: 'unused' },
        tls: {},
      },
      certDir: dir,
      namespace: 'default',
      registry: new Registry(),
      logger: createLogger({ level: 'error', write: () => undefined }),
    });
    const server = await admission.serving;
    const port = server?.port ?? 0;
    expect(admission.ready()).toBe(true);
    expect(await answers(port, first.caCert)).toBe(true);
    write(second);
    await waitFor('the new certificate served', async () =>
      (await answers(port, second.caCert)) ? true : undefined,
    );
    expect(await answers(port, first.caCert)).toBe(false);
  });
});
