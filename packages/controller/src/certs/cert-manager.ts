// SPDX-License-Identifier: Apache-2.0
// Certificate management when no certificate is provided (`certManagement.enable: true`), as
// upstream's cert rotator does it: a CA and a serving certificate in the Secret
// (`kubeflow-trainer-webhook-cert`), the CA bundle injected into both webhook configurations, and
// a rotation before expiry without a restart. Every replica runs it (leader or not): each serves
// what the Secret holds; the one that finds it missing or expiring rotates it (optimistic
// concurrency on the Secret decides between replicas).
//
// A rotation injects the new CA next to the previous one first, waits for the API server to pick
// up the configurations, and only then writes the Secret and serves the new certificate, so the
// API server trusts whichever certificate a replica serves meanwhile.

import type { Logger } from '@kubetrain/log';
import {
  AlreadyExistsError,
  ConflictError,
  isNotFound,
  setLongInterval,
  setLongTimeout,
  type KubeClient,
  type LongTimer,
  type KubeObject,
} from '../cluster/kube.js';
import { injectCABundle, type ConfigurationNames } from './ca-injector.js';
import { writeCertDir } from './cert-files.js';
import { issueCertificates, type CertificateBundle } from './generate.js';
import { mergeBundles, rotationReason } from './inspect.js';
import { CertResources, SecretKeys } from './resources.js';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** cert-controller's defaults: 10-year certificates, rotated 90 days before expiry. */
export const CertDefaults = {
  validityMs: 10 * YEAR_MS,
  lookaheadMs: 90 * 24 * 3600 * 1000,
  checkIntervalMs: 60_000,
  propagationDelayMs: 3000,
} as const;

/** Options of {@link CertManager}. */
export interface CertManagerOptions {
  readonly client: KubeClient;
  readonly namespace: string;
  /** `certManagement.webhookSecretName`. */
  readonly secretName: string;
  /** DNS SANs; upstream's is `<webhookServiceName>.<namespace>.svc`. */
  readonly dnsNames: readonly string[];
  readonly ipAddresses?: readonly string[];
  readonly configurations: ConfigurationNames;
  /** Called with each certificate to serve (the first before `start` resolves). */
  readonly onCertificate: (bundle: CertificateBundle) => void;
  /** Also write the files here (`tls.crt`, `tls.key`, `ca.crt`). */
  readonly certDir?: string;
  readonly validityMs?: number;
  readonly lookaheadMs?: number;
  readonly checkIntervalMs?: number;
  /** Wait between injecting a new CA and serving a certificate it signed. */
  readonly propagationDelayMs?: number;
  readonly logger?: Logger;
}

function decode(secret: KubeObject | undefined): Partial<CertificateBundle> {
  const data = ((secret as { data?: Record<string, string> } | undefined)?.data ?? {}) as Record<
    string,
    string
  >;
  const text = (key: string) => (data[key] ? Buffer.from(data[key], 'base64').toString('utf8') : undefined);
  const bundle: { -readonly [K in keyof CertificateBundle]?: string } = {};
  const caCert = text(SecretKeys.CACert);
  const caKey = text(SecretKeys.CAKey);
  const cert = text(SecretKeys.Cert);
  const key = text(SecretKeys.Key);
  if (caCert !== undefined) bundle.caCert = caCert;
  if (caKey !== undefined) bundle.caKey = caKey;
  if (cert !== undefined) bundle.cert = cert;
  if (key !== undefined) bundle.key = key;
  return bundle;
}

function encode(bundle: CertificateBundle): Record<string, string> {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return {
    [SecretKeys.CACert]: b64(bundle.caCert),
    [SecretKeys.CAKey]: b64(bundle.caKey),
    [SecretKeys.Cert]: b64(bundle.cert),
    [SecretKeys.Key]: b64(bundle.key),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setLongTimeout(resolve, ms, { unref: true }));

/** Keeps a valid serving certificate in the Secret, the configurations and the server. */
export class CertManager {
  private timer: LongTimer | undefined;
  private serving: string | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Rotations this replica made. */
  rotations = 0;
  /** Whether a certificate is being served. */
  ready = false;

  constructor(private readonly options: CertManagerOptions) {}

  /** Ensures a certificate (retrying until the API server answers), then checks it periodically. */
  async start(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.check();
        break;
      } catch (error) {
        if (this.stopped) return;
        this.options.logger?.error('Webhook certificate setup failed; retrying', {
          error: error instanceof Error ? error.message : String(error),
        });
        await sleep(Math.min(1000 * 2 ** attempt, 30_000));
      }
    }
    const every = this.options.checkIntervalMs ?? CertDefaults.checkIntervalMs;
    this.timer = setLongInterval(
      () => {
        this.check().catch((error: unknown) =>
          this.options.logger?.error('Webhook certificate check failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      },
      every,
      { unref: true },
    );
  }

  /** Stops the periodic check (waits for one in progress). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.clear();
    await this.running?.catch(() => undefined);
  }

  /** One check: rotate when needed, serve and inject what the Secret holds. Calls never overlap. */
  check(): Promise<void> {
    this.running ??= this.checkOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async readSecret(): Promise<KubeObject | undefined> {
    try {
      return await this.options.client.get(CertResources.Secret, this.options.secretName, {
        namespace: this.options.namespace,
      });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  private async checkOnce(): Promise<void> {
    const o = this.options;
    for (let attempt = 0; attempt < 5; attempt++) {
      const secret = await this.readSecret();
      const stored = decode(secret);
      const reason = rotationReason(stored, {
        dnsNames: o.dnsNames,
        ...(o.ipAddresses ? { ipAddresses: o.ipAddresses } : {}),
        lookaheadMs: o.lookaheadMs ?? CertDefaults.lookaheadMs,
      });
      if (reason === undefined) {
        await this.use(stored as CertificateBundle);
        return;
      }
      if (this.stopped) return;
      o.logger?.info('Rotating the webhook certificate', { reason, secret: o.secretName });
      const issued = await issueCertificates({
        dnsNames: o.dnsNames,
        ...(o.ipAddresses ? { ipAddresses: o.ipAddresses } : {}),
        validityMs: o.validityMs ?? CertDefaults.validityMs,
      });
      const bundle = { ...issued, caCert: mergeBundles(issued.caCert, stored.caCert ?? '') };
      const found = await injectCABundle(o.client, o.configurations, bundle.caCert);
      if (found.length > 0 && this.serving !== undefined)
        await sleep(o.propagationDelayMs ?? CertDefaults.propagationDelayMs);
      try {
        await this.writeSecret(secret, bundle);
      } catch (error) {
        // Another replica rotated first: serve what it wrote.
        if (error instanceof ConflictError || error instanceof AlreadyExistsError) continue;
        throw error;
      }
      this.rotations++;
      await this.use(bundle);
      return;
    }
    throw new Error(`the Secret ${o.namespace}/${o.secretName} kept changing during the rotation`);
  }

  private async writeSecret(existing: KubeObject | undefined, bundle: CertificateBundle): Promise<void> {
    const o = this.options;
    if (existing === undefined) {
      await o.client.create(CertResources.Secret, {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: o.secretName, namespace: o.namespace },
        type: 'Opaque',
        data: encode(bundle),
      } as KubeObject);
      return;
    }
    await o.client.replace(CertResources.Secret, { ...existing, data: encode(bundle) } as KubeObject);
  }

  /** Injects the Secret's CA bundle (idempotent) and serves its certificate when it changed. */
  private async use(bundle: CertificateBundle): Promise<void> {
    await injectCABundle(this.options.client, this.options.configurations, bundle.caCert);
    if (this.serving === bundle.cert) return;
    if (this.options.certDir !== undefined) {
      await writeCertDir(this.options.certDir, bundle).catch((error: unknown) =>
        this.options.logger?.error('Cannot write the certificate files', {
          certDir: this.options.certDir,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    this.options.onCertificate(bundle);
    this.serving = bundle.cert;
    this.ready = true;
  }
}
