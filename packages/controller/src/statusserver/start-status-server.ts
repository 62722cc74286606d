// SPDX-License-Identifier: Apache-2.0
// The status server in the manager (feature gate TrainJobStatus), on every replica: its own client
// (statusServer.qps/burst), the issuer's keys read through it, the token verifier, the write
// coalescer with its flush timer, and the HTTPS listener on statusServer.port with the webhook
// serving certificate (and its rotations). Startup never blocks the manager: it listens once the
// certificate is there and the issuer is known (retried every 10 s), and failures are logged.
import { readFileSync } from 'node:fs';
import type { Logger } from '@kubetrain/log';
import type { Registry } from 'prom-client';
import { KubeClient, type loadKubeConfig, sleep } from '../cluster/kube.js';
import type { Configuration } from '../config/index.js';
import type { ServingCertificate } from '../webhooks/server.js';
import { apiServerJsonGet, resolveIssuer, SERVICE_ACCOUNT_TOKEN_FILE } from './api-server-keys.js';
import { FlushScheduler } from './flush-scheduler.js';
import {
  READ_WRITE_TIMEOUT_MS,
  SHUTDOWN_GRACE_MS,
  startStatusHttpsServer,
  type StatusHttpsServer,
} from './https-server.js';
import { StatusServerMetrics } from './status-metrics.js';
import { storeListedWithin } from './store-listed.js';
import { DiscoveredIssuerKeys } from './jwks-source.js';
import { tlsReachable } from './reachable.js';
import { kubeTrainerStatusWriter } from './status-writer.js';
import { TokenVerifier } from './token-verifier.js';
import { DEFAULT_COALESCER_OPTIONS, TrainerStatusCoalescer } from './write-coalescer.js';

/** How long to wait before asking for the issuer again. */
const ISSUER_RETRY_MS = 10_000;
/** How long a report waits for the TrainJob store's first list: well within the write timeout. */
export const STORE_WAIT_MS = READ_WRITE_TIMEOUT_MS / 2;

/** What {@link startStatusServer} needs. */
export interface StatusServerDeps {
  readonly kubeConfig: ReturnType<typeof loadKubeConfig>;
  readonly config: Pick<Configuration, 'statusServer' | 'webhook' | 'tls'>;
  /** The webhook serving certificate now and at each rotation (`Admission.onCertificate`). */
  readonly certificates: (listener: (certificate: ServingCertificate) => void) => void;
  /** The manager's TrainJob store: a report for a job it does not hold is 404 "Train job not found". */
  readonly trainJobs: { getByName(namespace: string, name: string): unknown };
  /**
   * Resolves once the TrainJob store has listed. The server listens before that (the manager is
   * ready before its stores are, readiness.ts); a report that comes earlier waits for it, as a read
   * of controller-runtime's cache does, for at most {@link STORE_WAIT_MS}. Default: listed already.
   */
  readonly trainJobsSynced?: Promise<void>;
  readonly logger: Logger;
  /** The manager's metrics registry: the status server's metrics go there. */
  readonly registry?: Registry;
  /** The manager's own service-account token; undefined outside a pod. Default: the projected file. */
  readonly serviceAccountToken?: () => string | undefined;
}

/** The running status server. */
export interface StatusServer {
  /** Resolves with the listener once it listens (undefined when stopped first or it failed). */
  readonly serving: Promise<StatusHttpsServer | undefined>;
  /** Undefined when a TLS dial to the port succeeds; else why not (the probes). */
  check(): Promise<string | undefined>;
  stop(): Promise<void>;
}

function readServiceAccountToken(): string | undefined {
  try {
    return readFileSync(SERVICE_ACCOUNT_TOKEN_FILE, 'utf8');
  } catch {
    return undefined;
  }
}

/** Starts the status server in the background. */
export function startStatusServer(deps: StatusServerDeps): StatusServer {
  const { config, logger } = deps;
  const { port, qps, burst } = config.statusServer;
  const host = config.webhook.host;
  const stopping = new AbortController();
  // Aborted once the last reports were drained: a write still waiting for the budget then fails.
  const writesStopped = new AbortController();
  let resolveCertificate: (certificate: ServingCertificate | undefined) => void = () => undefined;
  const firstCertificate = new Promise<ServingCertificate | undefined>((r) => (resolveCertificate = r));
  let listener: StatusHttpsServer | undefined;
  deps.certificates((certificate) => {
    resolveCertificate(certificate);
    listener?.setCertificate(certificate);
  });

  const clientReady = KubeClient.create(deps.kubeConfig, {
    userAgent: 'kubetrain-manager/status-server',
    maxSockets: Math.max(2, burst),
  });
  let scheduler: FlushScheduler | undefined;
  const storeListed = storeListedWithin(deps.trainJobsSynced, STORE_WAIT_MS, stopping.signal);

  const start = async (): Promise<StatusHttpsServer | undefined> => {
    const client = await clientReady;
    const get = apiServerJsonGet(client.transport);
    let issuer;
    for (;;) {
      try {
        issuer = await resolveIssuer({
          serviceAccountToken: deps.serviceAccountToken ?? readServiceAccountToken,
          get,
        });
        break;
      } catch (error) {
        logger.error('The status server cannot learn the service-account issuer', {
          error: error instanceof Error ? error.message : String(error),
        });
        await sleep(ISSUER_RETRY_MS, stopping.signal);
        if (stopping.signal.aborted) return undefined;
      }
    }
    const verifier = new TokenVerifier(new DiscoveredIssuerKeys(issuer.issuer, get, Date.now), Date.now);
    const coalescer = new TrainerStatusCoalescer(
      kubeTrainerStatusWriter(
        client,
        { qps, burst },
        (ms) => sleep(ms, writesStopped.signal),
        undefined,
        writesStopped.signal,
      ),
      Date.now,
      DEFAULT_COALESCER_OPTIONS,
      (namespace, name) => storedReportTime(deps.trainJobs.getByName(namespace, name)),
    );
    const metrics =
      deps.registry === undefined
        ? undefined
        : new StatusServerMetrics(deps.registry, () => coalescer.pendingJobs);
    const flushes = new FlushScheduler(coalescer, Date.now, logger, (report) => metrics?.flushed(report));
    scheduler = flushes;
    const certificate = await firstCertificate;
    if (certificate === undefined || stopping.signal.aborted) return undefined;
    const server = await startStatusHttpsServer({
      host,
      port,
      certificate,
      ...(config.tls.minVersion !== undefined ? { minTLSVersion: config.tls.minVersion } : {}),
      logger,
      ...(metrics !== undefined
        ? { onAnswered: (code: number) => metrics.requests.inc({ code: String(code) }) }
        : {}),
      deps: {
        async authorize(authorization, namespace, name) {
          const verdict = await verifier.verify(authorization, namespace, name);
          if (!verdict.ok) {
            metrics?.refused(verdict.reason);
            // The keys not being readable is the server's trouble, not the caller's: said louder.
            const log = verdict.reason === 'keysUnavailable' ? logger.warn : logger.debug;
            log.call(logger, 'Status report refused', { namespace, name, reason: verdict.reason });
          }
          return verdict.ok;
        },
        async accept(namespace, name, status) {
          if (!(await storeListed())) {
            logger.warn('Status report answered 500: the TrainJob store has not listed yet', {
              namespace,
              name,
              waitedMs: STORE_WAIT_MS,
            });
            throw new Error('the TrainJob store has not listed yet');
          }
          if (deps.trainJobs.getByName(namespace, name) === undefined) return 'notFound';
          coalescer.offer(namespace, name, status);
          flushes.poke();
          return 'accepted';
        },
      },
    });
    listener = server;
    logger.info('Serving the TrainJob status server', {
      port: server.port,
      host,
      issuer: issuer.issuer,
      issuerFrom: issuer.source,
    });
    return server;
  };

  const serving = start().catch((error: unknown) => {
    logger.error('Cannot start the status server', {
      port,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  });

  return {
    serving,
    async check() {
      if (listener === undefined) return `status server is not reachable at ${host}:${port}: not listening`;
      return tlsReachable(host === '' ? '127.0.0.1' : host, listener.port);
    },
    async stop() {
      stopping.abort();
      resolveCertificate(undefined);
      const server = await serving;
      await server?.close();
      // The reports still pending get one write each, for at most the grace period.
      await scheduler?.stop(SHUTDOWN_GRACE_MS);
      writesStopped.abort();
      await clientReady.then(
        (client) => client.close(),
        () => undefined,
      );
    },
  };
}

/** The `status.trainerStatus.lastUpdatedTime` of a cached TrainJob, if it has one. */
function storedReportTime(trainJob: unknown): string | undefined {
  const status = (trainJob as { status?: { trainerStatus?: { lastUpdatedTime?: unknown } } } | undefined)
    ?.status;
  const time = status?.trainerStatus?.lastUpdatedTime;
  return typeof time === 'string' ? time : undefined;
}
