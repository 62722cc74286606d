// SPDX-License-Identifier: Apache-2.0
// The webhook server under test, in-process, called by the real kube-apiserver: a fresh CA and
// serving certificate for 127.0.0.1, the server on an ephemeral port, and the suite's own
// Mutating/ValidatingWebhookConfiguration (URL clientConfig) narrowed to the suite's namespace
// (namespaceSelector) and to ClusterTrainingRuntimes carrying the suite's label, so other suites
// sharing the cluster never reach this server, even if this suite crashes. `stop` removes them.
import { randomBytes } from 'node:crypto';
import { Registry } from 'prom-client';
import {
  admissionHandlers,
  CertResources,
  clientLookups,
  issueCertificates,
  startWebhookServer,
  webhookConfigurations,
  WebhookMetrics,
  type AdmissionHandlerOptions,
  type CertificateBundle,
  type WebhookServer,
} from '@kubetrain/controller';
import { API_VERSION, Kinds, TrainerResourceRefs } from '@kubetrain/api';
import { ApiError, KubeClient, loadKubeConfig, resourceRef, type KubeObject } from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';
import { waitFor } from '../support/wait.js';

/** The label that selects a suite's namespace and cluster-scoped objects. */
export const SUITE_LABEL = 'kubetrain.dev/webhook-suite';

/** The trainer resources. */
export const TrainerResources = {
  ...TrainerResourceRefs,
  Namespace: resourceRef('v1', 'namespaces', 'Namespace', false),
  ConfigMap: resourceRef('v1', 'configmaps', 'ConfigMap'),
};

/** A running webhook server registered with the API server for one suite. */
export interface WebhookHarness {
  readonly id: string;
  readonly namespace: string;
  readonly client: KubeClient;
  readonly server: WebhookServer;
  readonly bundle: CertificateBundle;
  readonly registry: Registry;
  readonly configurationNames: { mutating: string; validating: string };
  /** Labels a cluster-scoped object must carry to be admitted by this suite's server. */
  readonly clusterLabels: Record<string, string>;
  stop(): Promise<void>;
}

/** Options of {@link startWebhookHarness}. */
export interface HarnessOptions extends AdmissionHandlerOptions {
  /** Serve this certificate instead of a fresh one (and register its CA). */
  readonly bundle?: CertificateBundle;
  /** Leave the caBundle out of the configurations (a cert manager injects it). */
  readonly injectLater?: boolean;
}

/** The API error of a rejected call, or undefined when `call` succeeded. */
export async function rejection(call: Promise<unknown>): Promise<ApiError | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * Removes the configurations a crashed run left behind (a process killed before `afterAll`): those
 * named `kubetrain-e2e-<suite>-...` whose suite namespace is gone.
 */
async function sweepLeftovers(client: KubeClient): Promise<void> {
  for (const ref of [
    CertResources.MutatingWebhookConfiguration,
    CertResources.ValidatingWebhookConfiguration,
  ]) {
    const list = await client.list(ref);
    for (const item of list.items) {
      const suite = /^kubetrain-e2e-(.+)-(defaulter|validator)$/.exec(item.metadata?.name ?? '')?.[1];
      if (suite === undefined) continue;
      const gone = await client.get(TrainerResources.Namespace, suite).then(
        () => false,
        (e: unknown) => e instanceof ApiError && e.code === 404,
      );
      if (gone) await client.delete(ref, item.metadata?.name ?? '').catch(() => undefined);
    }
  }
}

/** Starts the server and registers it; waits until the API server calls it. */
export async function startWebhookHarness(
  prefix: string,
  options: HarnessOptions = {},
): Promise<WebhookHarness> {
  const id = `${prefix}-${randomBytes(3).toString('hex')}`;
  const client = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }), {
    userAgent: 'kubetrain-e2e-webhooks',
  });
  await sweepLeftovers(client);
  const labels = { [SUITE_LABEL]: id, 'kubetrain.dev/e2e': 'true' };
  await client.create(TrainerResources.Namespace, {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: id, labels },
  });
  const bundle =
    options.bundle ??
    (await issueCertificates({ dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'], validityMs: 3600_000 }));
  const registry = new Registry();
  const server = await startWebhookServer({
    host: '127.0.0.1',
    port: 0,
    certificate: bundle,
    handlers: admissionHandlers(clientLookups(client), options),
    metrics: new WebhookMetrics(registry),
  });
  const configurationNames = {
    mutating: `kubetrain-e2e-${id}-defaulter`,
    validating: `kubetrain-e2e-${id}-validator`,
  };
  const [mutating, validating] = webhookConfigurations({
    target: { url: `https://127.0.0.1:${server.port}` },
    ...(options.injectLater ? {} : { caBundle: bundle.caCert }),
    names: configurationNames,
    namespaceSelector: { matchLabels: { [SUITE_LABEL]: id } },
    clusterObjectSelector: { matchLabels: { [SUITE_LABEL]: id } },
    timeoutSeconds: 10,
  });
  await client.create(CertResources.MutatingWebhookConfiguration, mutating as KubeObject);
  await client.create(CertResources.ValidatingWebhookConfiguration, validating as KubeObject);

  const stop = async () => {
    for (const [ref, name] of [
      [CertResources.MutatingWebhookConfiguration, configurationNames.mutating],
      [CertResources.ValidatingWebhookConfiguration, configurationNames.validating],
    ] as const) {
      await client.delete(ref, name).catch(() => undefined);
    }
    await server.close();
    await client
      .delete(TrainerResources.Namespace, id, { propagationPolicy: 'Background' })
      .catch(() => undefined);
    await client.close();
  };
  const harness: WebhookHarness = {
    id,
    namespace: id,
    client,
    server,
    bundle,
    registry,
    configurationNames,
    clusterLabels: { [SUITE_LABEL]: id },
    stop,
  };
  if (!options.injectLater) {
    try {
      await waitUntilCalled(harness);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return harness;
}

/**
 * Waits until the API server calls the suite's validating webhook: a dry-run TrainJob naming a
 * missing TrainingRuntime is refused with 403 only by the webhook.
 */
export async function waitUntilCalled(h: WebhookHarness): Promise<void> {
  await waitFor('the API server calls the webhook', async () => {
    const error = await rejection(
      h.client.create(
        TrainerResources.TrainJob,
        {
          apiVersion: API_VERSION,
          kind: Kinds.TrainJob,
          metadata: { name: 'probe', namespace: h.namespace },
          spec: { runtimeRef: { name: 'absent', kind: Kinds.TrainingRuntime } },
        } as KubeObject,
        { dryRun: 'All' },
      ),
    );
    return error?.code === 403 ? true : undefined;
  });
}
