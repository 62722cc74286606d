// SPDX-License-Identifier: Apache-2.0
// Runs the real `kubetrain` entry point in a child process, as a user would, and measures it.

import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const main = join(here, '..', 'src', 'main.ts');
const reporter = join(here, 'report-usage.mjs');

/** What one run of the CLI did. */
export interface ChildOutcome {
  /** The exit code, or null when a signal ended it (the wall-time ceiling). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time, in milliseconds. */
  wallMs: number;
  /** Peak resident set size, in KiB, as the child reported it at exit (undefined when it could not). */
  maxRssKiB?: number;
}

/** How one child is run. */
export interface ChildOptions {
  readonly cwd: string;
  /** A file to connect to stdin (`/dev/zero`, a fixture); default: nothing (/dev/null). */
  readonly stdinFile?: string;
  /** The V8 heap ceiling, in MiB: a run that needs more dies instead of swapping. */
  readonly maxHeapMiB: number;
  /** Killed after this long, in milliseconds. */
  readonly killAfterMs: number;
  readonly env?: Record<string, string>;
}

/** Runs `kubetrain <argv>` in a child process with a heap ceiling and a kill timer. */
export function runChild(argv: readonly string[], options: ChildOptions): Promise<ChildOutcome> {
  const start = process.hrtime.bigint();
  const stdin = openSync(options.stdinFile ?? '/dev/null', 'r');
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${options.maxHeapMiB}`, '--import', 'tsx', '--import', reporter, main, ...argv],
    {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, NODE_OPTIONS: '' },
      stdio: [stdin, 'pipe', 'pipe', 'pipe'],
    },
  );
  closeSync(stdin);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const usage: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => err.push(b));
  (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (b: Buffer) => usage.push(b));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      let maxRssKiB: number | undefined;
      try {
        maxRssKiB = (JSON.parse(Buffer.concat(usage).toString()) as { maxRSS: number }).maxRSS;
      } catch {
        maxRssKiB = undefined;
      }
      resolve({
        code,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
        wallMs,
        maxRssKiB,
      });
    });
  });
}
