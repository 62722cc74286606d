// SPDX-License-Identifier: Apache-2.0
// Running the real `bin/kubetrain` as a user would (a child process), against the local cluster:
// every call gets `--kubeconfig` of the local control plane unless it brings its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { kubeconfigPath } from '../support/cluster.js';
import { runProcess, type ProcessRun } from '../support/process.js';

/** The repository's `bin/kubetrain`. */
export const KUBETRAIN = fileURLToPath(new URL('../../bin/kubetrain', import.meta.url));

/** What a run printed and how it exited. */
export type CliRun = ProcessRun;

/** Environment without KUBECONFIG, so only the flags choose the cluster. */
function childEnv(): NodeJS.ProcessEnv {
  const { KUBECONFIG: _ignored, ...env } = process.env;
  return { ...env, NO_COLOR: '1' };
}

/** `args` with `--kubeconfig` of the local cluster (before a `--`, whose followers are the trainer's command). */
function withKubeconfig(args: readonly string[]): string[] {
  const own = args.includes('--kubeconfig') || ['render', 'validate', 'completion'].includes(args[0] ?? '');
  const at = args.indexOf('--') < 0 ? args.length : args.indexOf('--');
  return own ? [...args] : [...args.slice(0, at), '--kubeconfig', kubeconfigPath(), ...args.slice(at)];
}

/** Runs `kubetrain <args>` (with `--kubeconfig` unless `args` has one), feeding `stdin` when given. */
export function kubetrain(args: readonly string[], stdin?: string): Promise<CliRun> {
  return runProcess(KUBETRAIN, withKubeconfig(args), {
    env: childEnv(),
    ...(stdin !== undefined ? { stdin } : {}),
  });
}

/** The terminal size the pseudo-terminal runs get. */
export const TTY_SIZE = { cols: 120, rows: 40 } as const;

/** A terminal's size. */
export interface TtySize {
  readonly cols: number;
  readonly rows: number;
}

/** util-linux `script` running `kubetrain <args>` as the only process on a new pseudo-terminal. */
function onTty(args: readonly string[], size: TtySize): [string, string[]] {
  const quoted = [KUBETRAIN, ...withKubeconfig(args)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // exec: kubetrain (bash, which execs node) is the terminal's foreground process, so Ctrl-C reaches
  // it alone and script exits with its exit code (-e).
  return ['script', ['-qfec', `stty cols ${size.cols} rows ${size.rows}; exec ${quoted}`, '/dev/null']];
}

/** A `kubetrain` still running: what it printed so far, input to it, its end. */
export interface RunningCli {
  /** Resolves once `test` holds for what it printed so far; rejects when it ends first. */
  waitForOutput(what: string, test: (printed: { stdout: string; stderr: string }) => boolean): Promise<void>;
  /** Writes to its standard input (on a pty: what the user types, `\x03` is Ctrl-C). */
  type(text: string): void;
  /** Sends it SIGINT, as an interrupt from outside a terminal does. */
  interrupt(): void;
  /** Whether it has ended. */
  ended(): boolean;
  /** The process started: `script` on a pseudo-terminal, else kubetrain itself. */
  readonly pid: number | undefined;
  /** Resolves when it ends. */
  readonly done: Promise<CliRun>;
}

/** Starts `kubetrain <args>`, on a pseudo-terminal of size `tty` when given, with its standard input kept open. */
export function startKubetrain(args: readonly string[], { tty }: { tty?: TtySize } = {}): RunningCli {
  const [command, childArgs] = tty ? onTty(args, tty) : [KUBETRAIN, withKubeconfig(args)];
  const child = spawn(command, childArgs, { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = (): void => waiters.splice(0).forEach((w) => w());
  child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), wake()));
  child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), wake()));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      ended = true;
      wake();
      resolve({ code: code ?? (signal ? -1 : -2), stdout, stderr });
    });
  });
  return {
    ended: () => ended,
    pid: child.pid,
    type: (text) => child.stdin.write(text),
    done,
    interrupt: () => child.kill('SIGINT'),
    waitForOutput(what, test) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (test({ stdout, stderr })) resolve();
          else if (ended)
            reject(new Error(`kubetrain ${args.join(' ')} ended before ${what}:\n${stdout}\n${stderr}`));
          else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** The rows of a table (header first), each split into cells on the three-space column gaps. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.trim().split(/\s{3,}/));
}
