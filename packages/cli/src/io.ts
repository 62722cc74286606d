// SPDX-License-Identifier: Apache-2.0
// What a command may touch: two writers and the configuration main() read from the process.

import type { Logger } from '@kubetrain/log';
import type { validateAdmission } from '@kubetrain/runtime';

/** The output streams of a command run, as functions so that tests can capture them. */
export interface Io {
  /** Writes to standard output (rendered objects, the confirmation of a valid input). */
  readonly stdout: (text: string) => void;
  /** Writes to standard error (errors, warnings, notes, usage errors). */
  readonly stderr: (text: string) => void;
  /** Diagnostics (`--log-level`), written to standard error; absent when nothing asked for them. */
  readonly log?: Logger;
}

/** Configuration read once by main() and passed down. */
export interface CliConfig {
  /** The folder relative paths are resolved against. */
  readonly cwd: string;
  /** The shipped runtimes folder, used when no `-r` is given (it may not exist). */
  readonly runtimesDir: string;
  /**
   * The engine's TrainJob admission checks; defaults to `validateAdmission` of `@kubetrain/runtime`. A seam
   * for tests of the command's reporting.
   */
  readonly validateTrainJob?: ValidateTrainJob;
  /** Whether standard output is a terminal (live views are redrawn there; plain lines otherwise). */
  readonly stdoutIsTTY?: boolean;
  /** The terminal's width in columns, when standard output is one (read at each redraw: it may change). */
  readonly terminalColumns?: () => number | undefined;
  /** Whether standard error is a terminal (where `wait` and `submit --wait|--follow` draw their live view). */
  readonly stderrIsTTY?: boolean;
  /** The terminal's width in columns, when standard error is one (read at each redraw: it may change). */
  readonly stderrColumns?: () => number | undefined;
  /** The clock of ages and progress lines; defaults to the system clock. */
  readonly now?: () => Date;
  /** Environment variables the cluster commands read (`KUBECONFIG` through client-node). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** What `-f -` reads (the process's standard input). */
  readonly stdin?: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /**
   * The user's interrupts (Ctrl-C, SIGINT). A command that follows a job listens only while it
   * follows, so that everywhere else an interrupt ends the process as usual. Absent: not listened to.
   */
  readonly interrupts?: InterruptSource;
}

/** Where interrupts come from: `listen` calls `handler` on each, until the returned function is called. */
interface InterruptSource {
  listen(handler: () => void): () => void;
}

/** The signature of the engine's `validateAdmission(oldJob, newJob, runtime)`. */
export type ValidateTrainJob = typeof validateAdmission;

/**
 * Exit codes: 0 valid (everything validated or rendered), 1 invalid (an object the API server or
 * the admission webhooks would refuse), 2 the input or the command could not be used.
 */
export const ExitCode = {
  Ok: 0,
  Invalid: 1,
  Unusable: 2,
  /** Following a job was interrupted (Ctrl-C): 128 + SIGINT, as a shell reports a command it interrupted. */
  Interrupted: 130,
} as const;

/**
 * A failure that ends the command with one line `error: <message>` and exit code 2: a missing or
 * unreadable file, input that is not YAML or JSON, or is too large or too deep.
 */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * A usage error found after Commander parsed the arguments (a flag's value, a missing input): one
 * line `error: <message>`, then the hint `See 'kubetrain <command> --help'.`, exit code 2.
 */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A failure that ends the command with one line `error: <message>` and exit code 1: the API server
 * refused a request (no such object, forbidden, invalid), or the job or check failed.
 */
export class FailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FailedError';
  }
}
