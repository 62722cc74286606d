// SPDX-License-Identifier: Apache-2.0
// Runs upstream Kubeflow Training Operator v1.9.4 (built by build-training-operator.sh) out of
// cluster against the local control plane, the reference the v1 parity e2e compares kubetrain's v1
// kinds against:
//   node --import tsx hack/baseline/run-training-operator.ts NAMESPACE   starts it for NAMESPACE,
//                                                                        waits for readyz, stops it
//                                                                        on Ctrl-C
// Its flags: --namespace (its cache, so every controller, sees that namespace only: it can run beside
// another operator scoped elsewhere), every v1 scheme enabled (--enable-scheme, the six kinds), the
// metrics and health servers on free 127.0.0.1 ports, the webhook server on a free port, leader
// election off. Its certificate management cannot be turned off: the rotator (cert-controller) fills
// the Secret `training-operator-webhook-cert` of MY_POD_NAMESPACE (set to NAMESPACE, which the cache
// can read; the Secret is created empty first), and waits until the serving certificate is in
// /tmp/k8s-webhook-server/serving-certs, where a pod would mount that Secret: a throw-away
// self-signed one is written there first (TMPDIR=/tmp, so that the webhook server reads the same
// directory). The ValidatingWebhookConfiguration the rotator would inject into does not exist, so no
// webhook admits anything: only the controllers run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ApiError, KubeClient, kubeconfigPath } from '../bench/lib/kube-client.js';
import {
  launchManager,
  serveFromCommandLine,
  type LaunchOptions,
  type ManagerHandle,
} from '../bench/lib/manager.js';
import { freePort, retryOnPortClash } from '../bench/lib/process.js';
import { selfSignedCert } from '../bench/lib/tls.js';

/** The upstream release (build-training-operator.sh builds the same one). */
export const TRAINING_OPERATOR_VERSION = 'v1.9.4';

/** The schemes (kinds) the operator runs: all of v1.9.4's. */
export const TRAINING_OPERATOR_SCHEMES = [
  'pytorchjob',
  'tfjob',
  'mpijob',
  'xgboostjob',
  'paddlejob',
  'jaxjob',
];

/** The Secret its certificate rotator fills (its `--webhook-secret-name` default). */
const WEBHOOK_SECRET = 'training-operator-webhook-cert';

/** Where its certificate rotator expects the serving certificate (fixed in pkg/cert). */
const CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

/** Builds (or finds) the upstream binary and returns its path. */
export function trainingOperatorBinary(): string {
  const script = new URL('build-training-operator.sh', import.meta.url).pathname;
  const out = execFileSync(script, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').pop() ?? '';
}

/** What {@link startTrainingOperator} needs beyond the launch options. */
export interface TrainingOperatorOptions extends LaunchOptions {
  /** The one namespace it watches (and keeps its webhook Secret in); it must exist. */
  namespace: string;
  binary?: string;
}

/** The loopback ports the operator listens on. */
interface OperatorPorts {
  health: number;
  metrics: number;
  webhook: number;
}

/** Its command line. */
export function trainingOperatorArgs(namespace: string, ports: OperatorPorts): string[] {
  return [
    `--namespace=${namespace}`,
    ...TRAINING_OPERATOR_SCHEMES.map((s) => `--enable-scheme=${s}`),
    `--metrics-bind-address=127.0.0.1:${ports.metrics}`,
    `--health-probe-bind-address=127.0.0.1:${ports.health}`,
    `--webhook-server-port=${ports.webhook}`,
    '--leader-elect=false',
  ];
}

/** Creates the (empty) Secret the certificate rotator fills, unless it exists. */
async function ensureWebhookSecret(kubeconfig: string, namespace: string): Promise<void> {
  const client = KubeClient.fromKubeconfig(kubeconfig, 1);
  try {
    await client.request(`/api/v1/namespaces/${namespace}/secrets`, {
      method: 'POST',
      body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: WEBHOOK_SECRET, namespace } },
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  } finally {
    client.close();
  }
}

/** Starts the operator for `options.namespace` in `options.workDir` and waits until /readyz answers 200. */
export function startTrainingOperator(options: TrainingOperatorOptions): Promise<ManagerHandle> {
  return retryOnPortClash(() => startOnce(options), join(options.workDir, 'training-operator.log'));
}

async function startOnce(options: TrainingOperatorOptions): Promise<ManagerHandle> {
  const binary = options.binary ?? trainingOperatorBinary();
  await ensureWebhookSecret(options.kubeconfig, options.namespace);
  selfSignedCert(CERT_DIR);
  const ports: OperatorPorts = {
    health: await freePort(),
    metrics: await freePort(),
    webhook: await freePort(),
  };
  return launchManager({
    binary,
    args: trainingOperatorArgs(options.namespace, ports),
    env: { KUBECONFIG: options.kubeconfig, MY_POD_NAMESPACE: options.namespace, TMPDIR: '/tmp' },
    logPath: join(options.workDir, 'training-operator.log'),
    readyUrl: `http://127.0.0.1:${ports.health}/readyz`,
    metricsUrl: `http://127.0.0.1:${ports.metrics}/metrics`,
    readyTimeoutMs: 120_000,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const namespace = process.argv[2];
  if (namespace === undefined) {
    console.error('usage: run-training-operator.ts NAMESPACE');
    process.exit(2);
  }
  serveFromCommandLine(
    (workDir) => startTrainingOperator({ kubeconfig: kubeconfigPath(), workDir, namespace }),
    (handle) =>
      `training-operator ${TRAINING_OPERATOR_VERSION} ready for namespace ${namespace}: pid ${handle.pid}, ` +
      `metrics ${handle.metricsUrl}, log ${handle.logPath}`,
  );
}
