// SPDX-License-Identifier: Apache-2.0
// Running a Python script of an SDK suite (the interpreter of its cached virtual environment).
import { spawn } from 'node:child_process';

/** What a finished Python process printed, and its exit code (-1 when killed by a signal). */
export interface PythonRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `python args...` to its end, collecting its output; rejects only when it cannot start. */
export function runPython(python: string, args: readonly string[]): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
