// SPDX-License-Identifier: Apache-2.0
// What the controller benchmark needs from a manager under test: a launcher that starts it
// against the local control plane and a handle to measure and stop it; and the command line of the
// baseline runners (hack/baseline/run-*.ts) that start one by hand.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, stopProcess, waitHttpOk } from './process.js';

/** Where and how a launcher starts its manager. */
export interface LaunchOptions {
  /** The admin kubeconfig of the local control plane. */
  kubeconfig: string;
  /** A private directory for the manager's files (config, certificates, log, TMPDIR). */
  workDir: string;
  /** How long to wait for the readiness endpoint (default 60 s). */
  readyTimeoutMs?: number;
}

/** A running manager. */
export interface ManagerHandle {
  /** The PID whose /proc/<pid>/stat and status the benchmark reads: the manager process itself. */
  pid: number;
  /** Its Prometheus endpoint (plain HTTP on 127.0.0.1), e.g. `http://127.0.0.1:PORT/metrics`. */
  metricsUrl: string;
  /** Its log file. */
  logPath: string;
  /** Stops it (SIGTERM, then SIGKILL) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** One manager the benchmark can measure. */
export interface ManagerLauncher {
  /** Name on the command line (`--manager NAME`) and in the report. */
  name: string;
  /** Why it cannot run on this checkout or machine, or undefined when it can. */
  unavailable(): string | undefined;
  /** Starts the manager and resolves once its readiness endpoint answers 200. */
  start(options: LaunchOptions): Promise<ManagerHandle>;
}

/**
 * A runner's command line (hack/baseline/run-*.ts, run as a script): starts what `start` starts in a
 * fresh private directory, prints `banner(handle)` and keeps it running until SIGINT or SIGTERM stop
 * it; a failure to start is printed and exits 1.
 */
export function serveFromCommandLine(
  start: (workDir: string) => Promise<ManagerHandle>,
  banner: (handle: ManagerHandle) => string,
): void {
  const run = async () => {
    const handle = await start(mkdtempSync(join(tmpdir(), 'kubetrain-baseline-')));
    console.log(`${banner(handle)}; Ctrl-C stops it`);
    const stop = () => void handle.stop().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** How {@link launchManager} starts a manager binary and knows it is ready. */
export interface ManagerProcess {
  binary: string;
  args: string[];
  /** Added to this process's environment. */
  env: Record<string, string>;
  logPath: string;
  /** Answers 200 once the manager is ready (its readyz). */
  readyUrl: string;
  metricsUrl: string;
  readyTimeoutMs?: number;
}

/** Starts the manager process and resolves with its handle once `readyUrl` answers 200 (stopped if it never does). */
export async function launchManager(p: ManagerProcess): Promise<ManagerHandle> {
  const started = startProcess(p.binary, p.args, p.env, p.logPath);
  try {
    await waitHttpOk(p.readyUrl, started, p.readyTimeoutMs);
  } catch (error) {
    await stopProcess(started);
    throw error;
  }
  return {
    pid: started.pid,
    metricsUrl: p.metricsUrl,
    logPath: started.logPath,
    stop: () => stopProcess(started),
  };
}
