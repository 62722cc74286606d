// SPDX-License-Identifier: Apache-2.0
// Running the real `bin/kubetrain` as a user would (a child process), against the local cluster:
// every call gets `--kubeconfig` of the local control plane unless it brings its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { kubeconfigPath } from '../support/cluster.js';

/** The repository's `bin/kubetrain`. */
export const KUBETRAIN = fileURLToPath(new URL('../../bin/kubetrain', import.meta.url));

/** What a run printed and how it exited. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Environment without KUBECONFIG, so only the flags choose the cluster. */
function childEnv(): NodeJS.ProcessEnv {
  const { KUBECONFIG: _ignored, ...env } = process.env;
  return { ...env, NO_COLOR: '1' };
}

/** Runs `kubetrain <args>` (with `--kubeconfig` unless `args` has one), feeding `stdin` when given. */
export function kubetrain(args: readonly string[], stdin?: string): Promise<CliRun> {
  const own = args.includes('--kubeconfig') || ['render', 'validate', 'completion'].includes(args[0] ?? '');
  // before a `--`, whose followers are the trainer's command
  const at = args.indexOf('--') < 0 ? args.length : args.indexOf('--');
  const withConfig = own
    ? [...args]
    : [...args.slice(0, at), '--kubeconfig', kubeconfigPath(), ...args.slice(at)];
  return runChild(KUBETRAIN, withConfig, stdin);
}

/**
 * Runs `kubetrain <args>` under a pseudo-terminal (util-linux `script`), so that it draws its
 * terminal view; returns everything the terminal received.
 */
export function kubetrainOnTty(args: readonly string[]): Promise<CliRun> {
  const quoted = [KUBETRAIN, ...args, '--kubeconfig', kubeconfigPath()]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  return runChild('script', ['-qfec', `stty cols 120 rows 40; ${quoted}`, '/dev/null']);
}

function runChild(command: string, args: readonly string[], stdin?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** The rows of a table (header first), each split into cells on the three-space column gaps. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s{3,}/));
}
