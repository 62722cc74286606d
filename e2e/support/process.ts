// SPDX-License-Identifier: Apache-2.0
// Running a command of a suite (the kubetrain CLI, an SDK suite's Python) to its end, with its output,
// and the SDK suites' Python environments.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What a finished process printed, and its exit code (-1 when killed by a signal). */
export interface ProcessRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How to start it: the environment (default: this process's) and what to feed its stdin (default: nothing). */
export interface RunOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly stdin?: string;
}

/** Runs `command args...` to its end, collecting its output; rejects only when it cannot start. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(options.env !== undefined ? { env: options.env } : {}),
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (child.stdin) {
      // A process may exit before it reads its input (EPIPE): what it printed and its code still count.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.stdin);
    }
  });
}

/** A Python SDK suite's virtual environment: its folder name in the cache, the package and version it installs. */
export interface PythonSdk {
  readonly venv: string;
  readonly package: string;
  readonly version: string;
  /** The oldest python3 the package runs on (`3.10`), if it says. */
  readonly minPython?: string;
}

/**
 * Makes sure the SDK's virtual environment exists in the cache (e2e/support/ensure-venv.sh: installs
 * once, rebuilds one of another version) and returns its python.
 */
export function ensurePythonSdk(sdk: PythonSdk): string {
  const script = fileURLToPath(new URL('./ensure-venv.sh', import.meta.url));
  return execFileSync(
    script,
    [sdk.venv, sdk.package, sdk.version, ...(sdk.minPython ? [sdk.minPython] : [])],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  ).trim();
}
