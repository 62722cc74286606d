// SPDX-License-Identifier: Apache-2.0
// `kubetrain migrate`: Training Operator v1 jobs in, TrainJobs (and TrainingRuntimes) out.

import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';

/** The output formats of `migrate -o`. */
export type MigrateOutput = 'yaml' | 'json';

/** Options of {@link migrateCommand}. */
export interface MigrateCommandOptions {
  /** `-f`: files, folders, or `-` for stdin. */
  readonly files: readonly string[];
  /** `-o`: YAML stream or one JSON List. */
  readonly output: MigrateOutput;
  /** `--strict`: any warning makes the exit code 1. */
  readonly strict: boolean;
  /** `--max-bytes`: the largest object accepted, in bytes of JSON. */
  readonly maxBytes: number;
}

/** What `migrate --help` prints after the flags. */
export const MIGRATE_HELP = '';

/** Converts the v1 jobs of the input (not yet written). */
export async function migrateCommand(
  options: MigrateCommandOptions,
  _io: Io,
  _config: CliConfig,
): Promise<number> {
  await Promise.resolve();
  throw new CliError(`migrate: not implemented yet (${options.files.join(', ')})`);
}

void ExitCode;
