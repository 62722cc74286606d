// SPDX-License-Identifier: Apache-2.0
// `kubetrain dashboard`: the local web dashboard, with the user's own kubeconfig and credentials.
// Prints its URL (holding the per-run token), opens the browser when it can, serves until Ctrl-C.

import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { connect, type ClusterOptions } from '../cluster/connect.js';
import { CliError, ExitCode, type CliConfig, type Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';
import { kubeClusterPort } from './cluster-port.js';
import { openBrowser } from './open-browser.js';
import { startDashboardServer, type Assets } from './server.js';
import { newToken } from './token.js';

/** The flags of `kubetrain dashboard`. */
export interface DashboardOptions {
  readonly port: number;
  readonly address: string;
  readonly open: boolean;
}

/** The folders the bundled page may be in: beside the CLI bundle, or the checkout's dist from the sources. */
const ASSET_DIRS = [
  new URL('./dashboard-web/', import.meta.url),
  new URL('../../dist/dashboard-web/', import.meta.url),
];

/** The page's script and style, built ahead of time by packages/cli/build/build.ts. */
export function readAssets(): Assets {
  for (const dir of ASSET_DIRS) {
    const script = fileURLToPath(new URL('app.js', dir));
    if (existsSync(script))
      return {
        script: readFileSync(script, 'utf8'),
        style: readFileSync(fileURLToPath(new URL('app.css', dir)), 'utf8'),
      };
  }
  throw new CliError("the dashboard's page is not built: run make cli");
}

/** Whether `address` is a loopback address (or `localhost`). */
export function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

/** Runs the dashboard until an interrupt; see the module comment. */
export async function dashboardCommand(
  cluster: ClusterOptions,
  options: DashboardOptions,
  io: Io,
  config: CliConfig,
): Promise<number> {
  if (options.port > 65535) throw new CliError('--port: must be at most 65535');
  const assets = readAssets();
  if (options.address !== 'localhost' && isIP(options.address) === 0)
    throw new CliError(`--address: ${escapeForTerminal(options.address)} is not an IP address`);
  if (!isLoopback(options.address))
    io.stderr(
      `warning: --address ${options.address} is not a loopback address: whoever can reach it and holds the URL acts on the cluster with your credentials\n`,
    );
  const session = await connect(cluster);
  const token = newToken();
  let server;
  try {
    server = await startDashboardServer({
      token,
      address: options.address === 'localhost' ? '127.0.0.1' : options.address,
      port: options.port,
      assets,
      cluster: kubeClusterPort(session),
      scopes: cluster.namespace !== undefined ? [cluster.namespace] : [undefined, session.namespace],
      log: (line) => io.stderr(`${escapeForTerminal(line)}\n`),
    });
  } catch (e) {
    await session.close();
    const error = e as NodeJS.ErrnoException;
    throw new CliError(`cannot listen on ${options.address}:${options.port}: ${error.code ?? error.message}`);
  }
  io.stdout(`kubetrain dashboard: ${server.url}\n(Ctrl-C to stop)\n`);
  if (options.open) openBrowser(server.url, config.env ?? process.env);
  await new Promise<void>((resolve) => {
    const done = (): void => {
      stop?.();
      process.off('SIGTERM', done);
      resolve();
    };
    const stop = config.interrupts?.listen(done);
    process.once('SIGTERM', done);
  });
  await server.close();
  await session.close();
  return ExitCode.Ok;
}
