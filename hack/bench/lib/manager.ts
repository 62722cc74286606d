// SPDX-License-Identifier: Apache-2.0
// What the controller benchmark needs from a manager under test: a launcher that starts it
// against the local control plane and a handle to measure and stop it.

/** Where and how a launcher starts its manager. */
export interface LaunchOptions {
  /** The admin kubeconfig of the local control plane. */
  kubeconfig: string;
  /** A private directory for the manager's files (config, certificates, log, TMPDIR). */
  workDir: string;
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
