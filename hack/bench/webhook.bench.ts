// SPDX-License-Identifier: Apache-2.0
// Admission latency benchmark: p50 and p99 of the webhook round trip, measured three ways in the
// same run against the local control plane (hack/cluster):
//   - baseline: a server-side dry-run create of a TrainJob in a namespace no webhook selects
//     (the API server's own cost: authn, schema, CEL, defaulting);
//   - through the API server: the same dry-run create in a namespace our mutating and validating
//     webhooks select (the API server calls both over TLS); reported with its ratio to the baseline;
//   - direct: an AdmissionReview POSTed straight to the server (validating and mutating paths).
//
// Run: `make bench`, or `node --import tsx hack/bench/webhook.bench.ts [--n 300] [--json]`.

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { API_VERSION, Kinds, Resources } from '@kubetrain/api';
import {
  admissionHandlers,
  CertResources,
  clientLookups,
  issueCertificates,
  startWebhookServer,
  webhookConfigurations,
  Webhooks,
} from '@kubetrain/controller';
import { ApiError, KubeClient, loadKubeConfig, resourceRef, type KubeObject } from '@kubetrain/kube';
import { WebhookTestClient } from '@kubetrain/controller/test-support';
import { kubeconfigPath } from './lib/kube-client.js';
import { percentile, ratio } from './lib/stats.js';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '300' }, json: { type: 'boolean' } },
});
const N = Number(values.n);
const WARMUP = 20;
const LABEL = 'kubetrain.dev/webhook-bench';

const refs = {
  Namespace: resourceRef('v1', 'namespaces', 'Namespace', false),
  TrainJob: resourceRef(API_VERSION, Resources.TrainJob, Kinds.TrainJob),
  TrainingRuntime: resourceRef(API_VERSION, Resources.TrainingRuntime, Kinds.TrainingRuntime),
};

const runtime = (namespace: string): KubeObject =>
  ({
    apiVersion: API_VERSION,
    kind: Kinds.TrainingRuntime,
    metadata: { name: 'bench-torch', namespace },
    spec: {
      mlPolicy: { numNodes: 1, torch: {} },
      template: {
        spec: {
          replicatedJobs: [
            {
              name: 'node',
              replicas: 1,
              template: {
                metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
                spec: {
                  template: { spec: { containers: [{ name: 'node', image: 'example.com/torch:bench' }] } },
                },
              },
            },
          ],
        },
      },
    },
  }) as KubeObject;

const trainJob = (namespace: string, i: number): KubeObject =>
  ({
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    metadata: { name: `bench-${i}`, namespace },
    spec: {
      runtimeRef: { name: 'bench-torch', kind: Kinds.TrainingRuntime, apiGroup: 'trainer.kubeflow.org' },
      trainer: {
        numNodes: 4,
        command: ['torchrun', 'train.py'],
        env: [{ name: 'NCCL_DEBUG', value: 'INFO' }],
      },
      runtimePatches: [
        {
          manager: 'kueue.x-k8s.io/manager',
          trainingRuntimeSpec: {
            template: { metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'team-a' } } },
          },
        },
      ],
    },
  }) as KubeObject;

async function timed(n: number, call: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await call(-1 - i);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    ms.push(performance.now() - t0);
  }
  return ms;
}

async function main(): Promise<void> {
  const client = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }), {
    userAgent: 'kubetrain-webhook-bench',
  });
  const id = randomBytes(3).toString('hex');
  const [hooked, plain] = [`wh-bench-${id}`, `wh-bench-plain-${id}`];
  const bundle = await issueCertificates({
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
    validityMs: 3600_000,
  });
  const server = await startWebhookServer({
    host: '127.0.0.1',
    port: 0,
    certificate: bundle,
    handlers: admissionHandlers(clientLookups(client)),
  });
  const names = {
    mutating: `kubetrain-bench-${id}-defaulter`,
    validating: `kubetrain-bench-${id}-validator`,
  };
  const direct = new WebhookTestClient(server.port, bundle.caCert);
  try {
    for (const ns of [hooked, plain]) {
      await client.create(refs.Namespace, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: ns, labels: ns === hooked ? { [LABEL]: id } : {} },
      });
      await client.create(refs.TrainingRuntime, runtime(ns));
    }
    const [mutating, validating] = webhookConfigurations({
      target: { url: `https://127.0.0.1:${server.port}` },
      caBundle: bundle.caCert,
      names,
      namespaceSelector: { matchLabels: { [LABEL]: id } },
      clusterObjectSelector: { matchLabels: { [LABEL]: id } },
    });
    await client.create(CertResources.MutatingWebhookConfiguration, mutating as KubeObject);
    await client.create(CertResources.ValidatingWebhookConfiguration, validating as KubeObject);
    // Wait until the API server calls the webhooks (a missing runtime is refused only by them).
    for (let tries = 0; ; tries++) {
      const probe = trainJob(hooked, 0) as KubeObject & { spec: { runtimeRef: { name: string } } };
      probe.spec.runtimeRef.name = 'absent';
      const code = await client.create(refs.TrainJob, probe, { dryRun: 'All' }).then(
        () => 200,
        (e: unknown) => (e instanceof ApiError ? e.code : 0),
      );
      if (code === 403) break;
      if (tries > 100) throw new Error('the API server does not call the webhooks');
      await new Promise((r) => setTimeout(r, 200));
    }
    const dryRun = (ns: string) => async (i: number) => {
      await client.create(refs.TrainJob, trainJob(ns, i), { dryRun: 'All' });
    };
    const review = (i: number) =>
      JSON.stringify({
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        request: {
          uid: `bench-${i}`,
          kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind: 'TrainJob' },
          operation: 'CREATE',
          namespace: hooked,
          object: trainJob(hooked, i),
        },
      });
    const post = (path: string) => async (i: number) => {
      const res = await direct.post(path, review(i));
      if ((res.body as { response?: { allowed?: boolean } }).response?.allowed !== true)
        throw new Error(`direct ${path} refused: ${JSON.stringify(res.body)}`);
    };
    const results = {
      baseline: await timed(N, dryRun(plain)),
      apiServer: await timed(N, dryRun(hooked)),
      directValidate: await timed(N, post(Webhooks.TrainJobValidator.path)),
      directMutate: await timed(N, post(Webhooks.TrainJobDefaulter.path)),
    };
    const summary = Object.fromEntries(
      Object.entries(results).map(([k, ms]) => [k, { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) }]),
    ) as Record<keyof typeof results, { p50: number; p99: number }>;
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ n: N, summary })}\n`);
      return;
    }
    const row = (label: string, s: { p50: number; p99: number }, base?: { p50: number; p99: number }) =>
      `${label.padEnd(52)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p99 ${s.p99.toFixed(2).padStart(7)} ms` +
      (base
        ? `  (x${ratio(s.p50, base.p50).toFixed(2)} / x${ratio(s.p99, base.p99).toFixed(2)} of baseline)`
        : '');
    process.stdout.write(
      [
        `webhook admission latency, ${N} sequential requests each (after ${WARMUP} warm-up)`,
        row('baseline: API server dry-run create, no webhook', summary.baseline),
        row('API server dry-run create, mutating + validating', summary.apiServer, summary.baseline),
        row('  = webhook cost added by the round trips', {
          p50: summary.apiServer.p50 - summary.baseline.p50,
          p99: summary.apiServer.p99 - summary.baseline.p99,
        }),
        row('direct: validating AdmissionReview (HTTPS)', summary.directValidate),
        row('direct: mutating AdmissionReview (HTTPS)', summary.directMutate),
        '',
      ].join('\n'),
    );
  } finally {
    direct.close();
    await client.delete(CertResources.MutatingWebhookConfiguration, names.mutating).catch(() => undefined);
    await client
      .delete(CertResources.ValidatingWebhookConfiguration, names.validating)
      .catch(() => undefined);
    await server.close();
    for (const ns of [hooked, plain]) await client.delete(refs.Namespace, ns).catch(() => undefined);
    await client.close();
  }
}

await main();
