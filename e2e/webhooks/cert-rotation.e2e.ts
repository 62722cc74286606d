// SPDX-License-Identifier: Apache-2.0
// Certificate management against the real API server: the cert manager issues the CA and serving
// certificate into the Secret, injects the CA bundle into the suite's webhook configurations, and,
// with a short validity, rotates several times while the API server keeps calling the webhook
// (dry-run creates in a loop): not one call may fail.
import { CertManager, splitPem, type CertificateBundle } from '@kubetrain/controller';
import type { KubeObject } from '@kubetrain/kube';
import { CertResources } from '@kubetrain/controller';
import { trainJob, trainingRuntime } from './fixtures.js';
import {
  rejection,
  startWebhookHarness,
  TrainerResources,
  waitUntilCalled,
  type WebhookHarness,
} from './harness.js';
import { waitFor } from '../support/wait.js';

let h: WebhookHarness;
let certs: CertManager;
const served: CertificateBundle[] = [];

beforeAll(async () => {
  h = await startWebhookHarness('wh-cert', { injectLater: true });
  certs = new CertManager({
    client: h.client,
    namespace: h.namespace,
    secretName: 'kubeflow-trainer-webhook-cert',
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
    configurations: h.configurationNames,
    onCertificate: (bundle) => {
      served.push(bundle);
      h.server.setCertificate(bundle);
    },
    validityMs: 20_000,
    lookaheadMs: 12_000,
    checkIntervalMs: 1000,
    propagationDelayMs: 2000,
  });
  await certs.start();
  await waitUntilCalled(h);
  await h.client.create(TrainerResources.TrainingRuntime, trainingRuntime(h.namespace, 'training-runtime'));
});

afterAll(async () => {
  await certs?.stop();
  await h?.stop();
});

describe('webhook certificate management', () => {
  it('stores the CA and serving certificate in the Secret and the CA bundle in both configurations', async () => {
    const secret = (await h.client.get(CertResources.Secret, 'kubeflow-trainer-webhook-cert', {
      namespace: h.namespace,
    })) as KubeObject & { data: Record<string, string> };
    expect(Object.keys(secret.data).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    const ca = Buffer.from(secret.data['ca.crt'] ?? '', 'base64').toString();
    for (const [ref, name] of [
      [CertResources.MutatingWebhookConfiguration, h.configurationNames.mutating],
      [CertResources.ValidatingWebhookConfiguration, h.configurationNames.validating],
    ] as const) {
      const config = (await h.client.get(ref, name)) as KubeObject & {
        webhooks: { clientConfig: { caBundle: string } }[];
      };
      for (const webhook of config.webhooks) {
        const bundle = Buffer.from(webhook.clientConfig.caBundle, 'base64').toString();
        expect(splitPem(bundle)).toContain(splitPem(ca)[0]);
      }
    }
  });

  it('rotates before expiry while the API server keeps calling the webhook without an error', async () => {
    const start = certs.rotations;
    const failures: string[] = [];
    let calls = 0;
    let done = false;
    const load = (async () => {
      while (!done) {
        const job = trainJob(h.namespace, `rot-${calls}`, 'training-runtime');
        const error = await rejection(
          h.client.create(TrainerResources.TrainJob, job as KubeObject, { dryRun: 'All' }),
        );
        calls++;
        if (error !== undefined) failures.push(error.message);
      }
    })();
    await waitFor(
      'three rotations',
      async () => (certs.rotations - start >= 3 ? true : undefined),
      undefined,
      {
        timeoutMs: 90_000,
      },
    );
    done = true;
    await load;
    process.stdout.write(
      `cert rotation: ${certs.rotations - start} rotations, ${calls} API server calls, ${failures.length} failed\n`,
    );
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(0);
    expect(new Set(served.map((b) => b.cert)).size).toBe(served.length);
  }, 120_000);
});
