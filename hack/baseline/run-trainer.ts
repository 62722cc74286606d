// SPDX-License-Identifier: Apache-2.0
// Runs upstream Kubeflow Trainer's manager (built by build-trainer.sh) out of cluster against the
// local control plane, the baseline of the controller benchmark:
//   node --import tsx hack/baseline/run-trainer.ts [--tuned]     starts it, waits for readyz,
//                                                                 stops it on Ctrl-C
// Its Configuration (config.trainer.kubeflow.org/v1alpha1) is the shipped one
// (manifests/base/manager/controller_manager_config.yaml of kubeflow/trainer) with what running
// outside a cluster needs: certificate management off, a self-signed tls.crt/tls.key in
// controller-runtime's default cert dir (<TMPDIR>/k8s-webhook-server/serving-certs, TMPDIR a
// private directory), the webhook, metrics (plain HTTP), health and status servers on free
// 127.0.0.1 ports, leader election off. No webhook configurations are registered, so only the
// controllers run. "Tuned" raises the client limiter from qps 50 / burst 100 to 1000 / 2000.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kubeconfigPath } from '../bench/lib/kube-client.js';
import {
  launchManager,
  serveFromCommandLine,
  type LaunchOptions,
  type ManagerHandle,
  type ManagerLauncher,
} from '../bench/lib/manager.js';
import { freePort, retryOnPortClash } from '../bench/lib/process.js';
import { selfSignedCert } from '../bench/lib/tls.js';

/** The upstream release the baseline is (build-trainer.sh builds the same one). */
export const TRAINER_VERSION = 'v2.3.0';

/** Client limiter of the shipped Configuration, and the tuned one. */
export const CLIENT_CONNECTION = {
  defaults: { qps: 50, burst: 100 },
  tuned: { qps: 1000, burst: 2000 },
} as const;

/** Builds (or finds) the upstream binary and returns its path. */
export function trainerBinary(): string {
  const script = new URL('build-trainer.sh', import.meta.url).pathname;
  const out = execFileSync(script, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').pop() ?? '';
}

/** The Configuration file's content (JSON, which the manager's YAML decoder reads). */
export function trainerConfiguration(ports: TrainerPorts, tuned: boolean): object {
  return {
    apiVersion: 'config.trainer.kubeflow.org/v1alpha1',
    kind: 'Configuration',
    health: {
      healthProbeBindAddress: `127.0.0.1:${ports.health}`,
      readinessEndpointName: 'readyz',
      livenessEndpointName: 'healthz',
    },
    metrics: { bindAddress: `127.0.0.1:${ports.metrics}`, secureServing: false },
    webhook: { port: ports.webhook, host: '127.0.0.1' },
    leaderElection: { leaderElect: false },
    controller: {
      groupKindConcurrency: {
        'TrainJob.trainer.kubeflow.org': 5,
        'TrainingRuntime.trainer.kubeflow.org': 1,
        'ClusterTrainingRuntime.trainer.kubeflow.org': 1,
      },
    },
    certManagement: { enable: false },
    clientConnection: tuned ? CLIENT_CONNECTION.tuned : CLIENT_CONNECTION.defaults,
    statusServer: { port: ports.status, qps: 5, burst: 10 },
  };
}

/** The loopback ports the manager listens on. */
export interface TrainerPorts {
  health: number;
  metrics: number;
  webhook: number;
  status: number;
}

/** Starts upstream's manager in `options.workDir` and waits until /readyz answers 200. */
export function startTrainer(
  options: LaunchOptions & { tuned: boolean; binary?: string },
): Promise<ManagerHandle> {
  return retryOnPortClash(() => startTrainerOnce(options), join(options.workDir, 'manager.log'));
}

async function startTrainerOnce(
  options: LaunchOptions & { tuned: boolean; binary?: string },
): Promise<ManagerHandle> {
  const binary = options.binary ?? trainerBinary();
  const ports: TrainerPorts = {
    health: await freePort(),
    metrics: await freePort(),
    webhook: await freePort(),
    status: await freePort(),
  };
  const tmp = join(options.workDir, 'tmp');
  selfSignedCert(join(tmp, 'k8s-webhook-server', 'serving-certs'));
  const configPath = join(options.workDir, 'trainer-config.yaml');
  writeFileSync(configPath, JSON.stringify(trainerConfiguration(ports, options.tuned), null, 2));
  return launchManager({
    binary,
    args: [`-config=${configPath}`],
    env: { KUBECONFIG: options.kubeconfig, TMPDIR: tmp },
    logPath: join(options.workDir, 'manager.log'),
    readyUrl: `http://127.0.0.1:${ports.health}/readyz`,
    metricsUrl: `http://127.0.0.1:${ports.metrics}/metrics`,
    ...(options.readyTimeoutMs !== undefined ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
  });
}

/**
 * The benchmark's launchers for upstream at its defaults (`upstream`) and tuned (`upstream-tuned`).
 * `binary`: the manager's path when already built (so that no start pays for the build check).
 */
export function upstreamLauncher(tuned: boolean, binary?: string): ManagerLauncher {
  return {
    name: tuned ? 'upstream-tuned' : 'upstream',
    unavailable: () => undefined,
    start: async (options) => {
      binary ??= trainerBinary();
      return startTrainer({ ...options, tuned, binary });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tuned = process.argv.includes('--tuned');
  serveFromCommandLine(
    (workDir) => startTrainer({ kubeconfig: kubeconfigPath(), workDir, tuned }),
    (handle) =>
      `trainer-controller-manager ${TRAINER_VERSION}${tuned ? ' (tuned)' : ''} ready: pid ${handle.pid}, ` +
      `metrics ${handle.metricsUrl}, log ${handle.logPath}`,
  );
}
