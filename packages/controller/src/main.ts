// SPDX-License-Identifier: Apache-2.0
// `kubetrain-manager`: reads flags, the Configuration file and the environment once, starts the
// manager, and stops it gracefully on SIGTERM/SIGINT (in-flight reconciles finish, the Lease is
// released). Exit codes: 0 after a signal, 1 when leadership was lost, 2 for bad settings.

import { readFileSync } from 'node:fs';
import { createLogger } from '@kubetrain/log';
import { loadKubeConfig } from './cluster/kube.js';
import { parseFlags, loadSettings, type Settings } from './config/index.js';
import { startManager } from './manager/manager.js';

function settingsOrExit(argv: readonly string[]): Settings {
  try {
    const flags = parseFlags(argv);
    const text = flags.configFile === undefined ? undefined : readFileSync(flags.configFile, 'utf8');
    return loadSettings(flags, text);
  } catch (error) {
    process.stderr.write(`kubetrain-manager: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}

/** Runs the manager until a signal or the loss of leadership; returns the exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const settings = settingsOrExit(argv);
  const logger = createLogger({
    level: settings.flags.logLevel,
    format: settings.flags.logFormat,
    write: (line) => process.stderr.write(line),
  });
  const namespace = settings.flags.namespace ?? env['POD_NAMESPACE'];
  const clusterDomain = env['CUSTOM_CLUSTER_DOMAIN'];
  const manager = await startManager(settings, {
    kubeConfig: loadKubeConfig({ path: settings.flags.kubeconfig }),
    logger,
    ...(namespace ? { namespace } : {}),
    ...(settings.flags.watchNamespace ? { watchNamespace: settings.flags.watchNamespace } : {}),
    ...(clusterDomain ? { clusterDomain } : {}),
  });
  logger.info('Manager started', {
    metricsPort: manager.metricsPort,
    probePort: manager.probePort,
    featureGates: settings.featureGates,
  });
  const signalled = new Promise<string>((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
  });
  const reason = await Promise.race([signalled, manager.lostLeadership.then(() => 'lost leadership')]);
  logger.info('Stopping the manager', { reason });
  await manager.stop();
  logger.info('Manager stopped');
  return reason === 'lost leadership' ? 1 : 0;
}

const code = await main(process.argv.slice(2), process.env);
process.exit(code);
