// SPDX-License-Identifier: Apache-2.0
// The manager's Configuration file: upstream's `config.trainer.kubeflow.org/v1alpha1` `Configuration`
// (kubeflow/trainer pkg/apis/config/v1alpha1), with the defaults upstream's code applies. kubetrain
// reads one more thing out of it: `controller.groupKindConcurrency` for TrainJob is the number of
// TrainJob reconcile workers (upstream decodes it but never applies it).

/** `apiVersion` of the Configuration file. */
export const CONFIG_API_VERSION = 'config.trainer.kubeflow.org/v1alpha1' as const;
/** `kind` of the Configuration file. */
export const CONFIG_KIND = 'Configuration' as const;

/** The `groupKindConcurrency` key of TrainJobs, as controller-runtime spells a GroupKind. */
const TRAINJOB_GROUP_KIND = 'TrainJob.trainer.kubeflow.org' as const;

/**
 * Reconcile workers for TrainJobs when the file does not say (upstream runs one, whatever it says).
 * 64: each worker mostly waits on the API server (two writes per new TrainJob); in the controller
 * benchmark at N = 1000, 64 workers gave 2.4× the TrainJobs/s of 16 (hack/bench/README.md).
 */
export const DEFAULT_TRAINJOB_WORKERS = 64;

/** `webhook`: where the admission webhook server listens. */
interface WebhookConfiguration {
  port: number;
  host: string;
}

/** component-base `LeaderElectionConfiguration` (durations are Go duration strings, `15s`). */
interface LeaderElectionConfiguration {
  leaderElect: boolean;
  leaseDuration: string;
  renewDeadline: string;
  retryPeriod: string;
  resourceLock: string;
  resourceName: string;
  resourceNamespace: string;
}

/** `metrics`: where Prometheus metrics are served. */
interface MetricsConfiguration {
  /** `host:port`; `"0"` disables the metrics server. */
  bindAddress: string;
  /** HTTPS with the webhook serving certificate. */
  secureServing: boolean;
  auth?: { enabled: boolean };
}

/** `health`: the probe server. The endpoint names are decoded but, as upstream, unused. */
interface HealthConfiguration {
  healthProbeBindAddress: string;
  readinessEndpointName: string;
  livenessEndpointName: string;
}

/** `controller`: per-GroupKind reconcile concurrency. */
interface ControllerConfiguration {
  groupKindConcurrency: Record<string, number>;
}

/** `certManagement`: the webhook certificate rotator. */
interface CertManagementConfiguration {
  enable: boolean;
  webhookServiceName: string;
  webhookSecretName: string;
}

/**
 * `clientConnection`: upstream's client-side rate limit. Decoded and validated; kubetrain applies no
 * client-side limit (the API server's priority and fairness is the limit, as controller-runtime does).
 */
interface ClientConnectionConfiguration {
  qps: number;
  burst: number;
}

/** `statusServer`: the TrainJob status server (feature gate TrainJobStatus). */
interface StatusServerConfiguration {
  port: number;
  qps: number;
  burst: number;
}

/** `tls`: TLS options of the servers. */
interface TLSConfiguration {
  minVersion?: string;
  cipherSuites?: string[];
  nextProtos?: string[];
}

/** The whole Configuration, every default applied. */
export interface Configuration {
  apiVersion: typeof CONFIG_API_VERSION;
  kind: typeof CONFIG_KIND;
  webhook: WebhookConfiguration;
  /** Undefined when the file has none (no leader election, as upstream). */
  leaderElection?: LeaderElectionConfiguration;
  metrics: MetricsConfiguration;
  health: HealthConfiguration;
  controller: ControllerConfiguration;
  certManagement: CertManagementConfiguration;
  clientConnection: ClientConnectionConfiguration;
  statusServer: StatusServerConfiguration;
  featureGates: Record<string, boolean>;
  tls: TLSConfiguration;
}

/** The Configuration of a manager started without `--config`: every upstream default. */
export function defaultConfiguration(): Configuration {
  return {
    apiVersion: CONFIG_API_VERSION,
    kind: CONFIG_KIND,
    webhook: { port: 9443, host: '' },
    metrics: { bindAddress: ':8443', secureServing: true },
    health: {
      healthProbeBindAddress: ':8081',
      readinessEndpointName: 'readyz',
      livenessEndpointName: 'healthz',
    },
    controller: { groupKindConcurrency: {} },
    certManagement: {
      enable: true,
      webhookServiceName: 'kubeflow-trainer-controller-manager',
      webhookSecretName: 'kubeflow-trainer-webhook-cert',
    },
    clientConnection: { qps: 50, burst: 100 },
    statusServer: { port: 10443, qps: 5, burst: 10 },
    featureGates: {},
    tls: {},
  };
}

/** component-base's recommended leader election defaults, with upstream's lease name. */
export function defaultLeaderElection(): LeaderElectionConfiguration {
  return {
    leaderElect: true,
    leaseDuration: '15s',
    renewDeadline: '10s',
    retryPeriod: '2s',
    resourceLock: 'leases',
    resourceName: 'trainer.kubeflow.org',
    resourceNamespace: '',
  };
}

/**
 * The number of TrainJob reconcile workers: `groupKindConcurrency` under controller-runtime's key
 * (`TrainJob.trainer.kubeflow.org`), or under the chart's `trainJob`, else {@link DEFAULT_TRAINJOB_WORKERS}.
 */
export function trainJobWorkers(config: Pick<Configuration, 'controller'>): number {
  const c = config.controller.groupKindConcurrency;
  return c[TRAINJOB_GROUP_KIND] ?? c['trainJob'] ?? c['TrainJob'] ?? DEFAULT_TRAINJOB_WORKERS;
}
