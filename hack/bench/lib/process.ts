// SPDX-License-Identifier: Apache-2.0
// Starting and stopping the processes under test: a free loopback port, a child with its output
// in a log file, waiting for an HTTP endpoint to answer 200, and a stop that signals exactly the
// child's PID (SIGTERM, then SIGKILL after a grace period).
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether the log says a listener could not bind (Go: `address already in use`; node: `EADDRINUSE`). */
export function isPortClash(logText: string): boolean {
  return /address already in use|EADDRINUSE/.test(logText);
}

/** The size of the file at `path`, 0 when it does not exist (yet). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Calls `attempt` (which picks its ports with {@link freePort} and returns once the process is
 * ready) up to `times` times while it fails because a port was taken between the pick and the
 * bind: the picked ports are in the ephemeral range, where any client's connection may land. Only
 * what the failed attempt appended to the log (`logPath`, opened for appending) is read.
 */
export async function retryOnPortClash<T>(attempt: () => Promise<T>, logPath: string, times = 3): Promise<T> {
  for (let i = 1; ; i++) {
    const from = sizeOf(logPath);
    try {
      return await attempt();
    } catch (error) {
      let log = '';
      try {
        log = readFileSync(logPath, 'utf8').slice(from);
      } catch {
        // no log: not a clash
      }
      if (i >= times || !isPortClash(log)) throw error;
      console.error(`  a port was taken before the process bound it; starting again (${i + 1}/${times})`);
    }
  }
}

/** A child process started by {@link startProcess}. */
export interface Started {
  child: ChildProcess;
  pid: number;
  logPath: string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
}

/** Spawns `command args` with `env` added to this process's environment, output to `logPath`. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  logPath: string,
): Started {
  const fd = openSync(logPath, 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, pid: child.pid, logPath, exited };
}

/** GETs `url` (plain HTTP) and resolves with the status code and body; rejects on network errors. */
export function httpGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`GET ${url}: timeout`)));
  });
}

/** Polls `url` every 100 ms until it answers 200; fails when `started` exits or after `timeoutMs`. */
export async function waitHttpOk(url: string, started: Started, timeoutMs = 60_000): Promise<void> {
  let exited: number | string | undefined;
  void started.exited.then((code) => (exited = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined)
      throw new Error(
        `process ${started.pid} exited (${exited}) before ${url} answered; log: ${started.logPath}`,
      );
    const ok = await httpGet(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${url} not ready after ${timeoutMs} ms; log: ${started.logPath}`);
    await sleep(100);
  }
}

/** SIGTERM to the child's PID, SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopProcess(started: Started, graceMs = 15_000): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill('SIGTERM');
  const timer = setTimeout(() => started.child.kill('SIGKILL'), graceMs);
  await started.exited;
  clearTimeout(timer);
}
