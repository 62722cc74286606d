// SPDX-License-Identifier: Apache-2.0
// Running a command of a suite (the kubetrain CLI, an SDK suite's Python) to its end, with its output.
import { spawn } from 'node:child_process';

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
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
