// SPDX-License-Identifier: Apache-2.0
// The manager's admission side: the serving certificate (managed in the Secret, or from the cert
// dir) and the HTTPS webhook server with upstream's four webhooks. It runs on every replica,
// leader or not. Startup never blocks the manager: the server starts once a certificate is there,
// and failures are logged and retried (cert management) or reported by `ready()`.

import type { Registry } from 'prom-client';
import type { Logger } from '@kubetrain/log';
// The cert-dir watcher only: CertManager (and @peculiar/x509 with it) is imported when cert
// management is on, so a manager given its certificates never loads it.
import { CertDirWatcher } from '../certs/cert-dir-watcher.js';
import type { KubeClient } from '../cluster/kube.js';
import type { Configuration } from '../config/index.js';
import { defaultPlugins } from '@kubetrain/runtime';
import { admissionHandlers } from './handlers.js';
import { clientLookups } from './lookups.js';
import { WebhookConfigurationNames } from './names.js';
import { startWebhookServer, type ServingCertificate, type WebhookServer } from './server.js';
import { WebhookMetrics } from './webhook-metrics.js';

/** What {@link startAdmission} needs. */
export interface AdmissionDeps {
  readonly client: KubeClient;
  /** `statusServer` is read by the TrainJobStatus plugin's rules (gate `TrainJobStatus`). */
  readonly config: Pick<Configuration, 'webhook' | 'certManagement' | 'tls'> &
    Partial<Pick<Configuration, 'statusServer'>>;
  /** `--cert-dir`: read from when certificates are provided, written to when managed. */
  readonly certDir: string;
  /** The manager's namespace: the Secret's and the service's. */
  readonly namespace: string;
  readonly registry: Registry;
  readonly logger: Logger;
  /** The engine's feature gates: the TrainJob validator runs the rules of the plugins they select. */
  readonly featureGates?: Readonly<Record<string, boolean>>;
}

/** The running admission side. */
export interface Admission {
  /** Resolves with the server once it listens (never rejects). */
  readonly serving: Promise<WebhookServer | undefined>;
  /** Resolves when the first certificate is in place (the cert dir has the files). */
  readonly certificateReady: Promise<void>;
  /** Whether the server listens with a certificate. */
  ready(): boolean;
  /**
   * Calls `listener` with the serving certificate now (when there is one) and at each rotation: the
   * status server serves the same certificate.
   */
  onCertificate(listener: (certificate: ServingCertificate) => void): void;
  stop(): Promise<void>;
}

/** The SANs of the serving certificate: upstream's service name, and loopback for URL webhooks. */
function servingNames(deps: AdmissionDeps): { dnsNames: string[]; ipAddresses: string[] } {
  const service = deps.config.certManagement.webhookServiceName;
  const ns = deps.namespace;
  return {
    dnsNames: [`${service}.${ns}.svc`, `${service}.${ns}.svc.cluster.local`, `${service}.${ns}`, service],
    ipAddresses: ['127.0.0.1'],
  };
}

/** Starts certificates and the webhook server in the background. */
export function startAdmission(deps: AdmissionDeps): Admission {
  const { config, logger } = deps;
  let server: WebhookServer | undefined;
  let stopped = false;
  let resolveFirst: (certificate: ServingCertificate) => void = () => undefined;
  const first = new Promise<ServingCertificate>((resolve) => (resolveFirst = resolve));
  let current: ServingCertificate | undefined;
  const listeners: ((certificate: ServingCertificate) => void)[] = [];
  const serve = (certificate: ServingCertificate) => {
    current = certificate;
    resolveFirst(certificate);
    server?.setCertificate(certificate);
    for (const listener of listeners) listener(certificate);
  };

  let stopCerts: () => Promise<void> | void;
  if (config.certManagement.enable) {
    const started = import('../certs/cert-manager.js').then(({ CertManager }) => {
      const manager = new CertManager({
        client: deps.client,
        namespace: deps.namespace,
        secretName: config.certManagement.webhookSecretName,
        ...servingNames(deps),
        configurations: {
          mutating: WebhookConfigurationNames.Mutating,
          validating: WebhookConfigurationNames.Validating,
        },
        certDir: deps.certDir,
        onCertificate: (bundle) => serve({ key: bundle.key, cert: bundle.cert }),
        logger,
      });
      if (!stopped) void manager.start();
      return manager;
    });
    stopCerts = async () => (await started).stop();
  } else {
    const watcher = new CertDirWatcher({ dir: deps.certDir, onCertificate: serve, logger });
    watcher.start().catch((error: unknown) =>
      logger.error('The webhook server has no certificate', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    stopCerts = () => watcher.stop();
  }

  const serving = first.then(async (certificate) => {
    if (stopped) return undefined;
    try {
      server = await startWebhookServer({
        host: config.webhook.host,
        port: config.webhook.port,
        certificate,
        handlers: admissionHandlers(clientLookups(deps.client), {
          ...(deps.featureGates !== undefined
            ? {
                plugins: defaultPlugins({
                  config: deps.config as unknown as Record<string, unknown>,
                  featureGates: deps.featureGates,
                  operatorNamespace: deps.namespace,
                }),
              }
            : {}),
        }),
        metrics: new WebhookMetrics(deps.registry),
        logger,
        ...(config.tls.minVersion !== undefined ? { minTLSVersion: config.tls.minVersion } : {}),
      });
      logger.info('Serving admission webhooks', { port: server.port });
      return server;
    } catch (error) {
      logger.error('Cannot start the webhook server', {
        port: config.webhook.port,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  });

  return {
    serving,
    certificateReady: first.then(() => undefined),
    ready: () => server !== undefined,
    onCertificate(listener) {
      listeners.push(listener);
      if (current !== undefined) listener(current);
    },
    async stop() {
      stopped = true;
      resolveFirst({ key: '', cert: '' });
      await stopCerts();
      const running = await serving;
      await running?.close();
    },
  };
}
