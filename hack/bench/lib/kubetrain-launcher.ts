// SPDX-License-Identifier: Apache-2.0
// ============================================================================================
// LEAD: FILL IN — the launcher of kubetrain's own manager (packages/controller).
// ============================================================================================
// The benchmark measures whatever `startKubetrain` starts. What it expects (the same contract
// the upstream baseline meets in hack/baseline/run-trainer.ts):
// - the returned `pid` is the manager's own process (spawn `node` directly, not pnpm or a shell),
//   because CPU seconds and peak RSS are read from /proc/<pid>/stat and /proc/<pid>/status;
// - it connects with the kubeconfig in `options.kubeconfig` (passed as KUBECONFIG) and runs
//   with leader election off, webhooks unregistered, like the baseline;
// - it resolves only once GET http://127.0.0.1:<health port>/readyz answers 200;
// - `metricsUrl` serves Prometheus text over plain HTTP with controller-runtime's names:
//   controller_runtime_reconcile_total{controller=~".*trainjob.*",result=...} and
//   controller_runtime_reconcile_errors_total{controller=~".*trainjob.*"} (the controller label
//   must contain "trainjob"); rest_client_requests_total{method=...} is optional (a cross-check
//   of the manager's own request count);
// - `stop()` sends SIGTERM and resolves once the process has exited.
// The draft below starts `node --import tsx packages/controller/src/main.ts --config FILE
// --kubeconfig FILE --cert-dir DIR` (upstream's Configuration file, config.trainer.kubeflow.org/
// v1alpha1, with the same out-of-cluster settings as the baseline: certificate management off,
// a self-signed certificate, plain-HTTP metrics and probes on free loopback ports, leader
// election off); change the command line here if the manager's flags differ.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LaunchOptions, ManagerHandle, ManagerLauncher } from './manager.js';
import { freePort, startProcess, stopProcess, waitHttpOk } from './process.js';
import { selfSignedCert } from './tls.js';

const REPO = new URL('../../../', import.meta.url).pathname;
/** The manager's entry point; the launcher is skipped while it does not exist. */
export const KUBETRAIN_MAIN = join(REPO, 'packages/controller/src/main.ts');

/** Starts kubetrain's manager (see the contract above). */
export async function startKubetrain(options: LaunchOptions): Promise<ManagerHandle> {
  const health = await freePort();
  const metrics = await freePort();
  const webhook = await freePort();
  const configPath = join(options.workDir, 'kubetrain-config.yaml');
  writeFileSync(
    configPath,
    JSON.stringify({
      apiVersion: 'config.trainer.kubeflow.org/v1alpha1',
      kind: 'Configuration',
      health: { healthProbeBindAddress: `127.0.0.1:${health}` },
      metrics: { bindAddress: `127.0.0.1:${metrics}`, secureServing: false },
      webhook: { port: webhook, host: '127.0.0.1' },
      leaderElection: { leaderElect: false },
      certManagement: { enable: false },
    }),
  );
  const certDir = join(options.workDir, 'certs');
  selfSignedCert(certDir);
  const started = startProcess(
    process.execPath,
    [
      '--import',
      'tsx',
      KUBETRAIN_MAIN,
      '--config',
      configPath,
      '--kubeconfig',
      options.kubeconfig,
      '--cert-dir',
      certDir,
    ],
    { KUBECONFIG: options.kubeconfig, TMPDIR: options.workDir },
    join(options.workDir, 'manager.log'),
  );
  try {
    await waitHttpOk(`http://127.0.0.1:${health}/readyz`, started);
  } catch (error) {
    await stopProcess(started);
    throw error;
  }
  return {
    pid: started.pid,
    metricsUrl: `http://127.0.0.1:${metrics}/metrics`,
    logPath: started.logPath,
    stop: () => stopProcess(started),
  };
}

/** The benchmark's `kubetrain` launcher; unavailable until packages/controller/src/main.ts exists. */
export const kubetrainLauncher: ManagerLauncher = {
  name: 'kubetrain',
  unavailable: () => (existsSync(KUBETRAIN_MAIN) ? undefined : `${KUBETRAIN_MAIN} does not exist yet`),
  start: startKubetrain,
};
