// SPDX-License-Identifier: Apache-2.0
// Registers `kubetrain migrate` on the program: its flags, its help and its action.

import { Option } from 'commander';
import type { Command } from 'commander';
import type { CliConfig, Io } from '../io.js';
import { inputFiles, maxBytesOption, objectOutputOption, withFileOptions } from './option-parsers.js';
import type { FileFlags, ObjectFormat } from './option-parsers.js';
import { migrateCommand } from './lazy.js';
import { MIGRATE_HELP } from './migrate-help.js';

interface MigrateFlags extends FileFlags {
  output: ObjectFormat;
  strict?: boolean;
  maxBytes: number;
}

/** Adds `migrate` to `program`; its action stores the exit code in `result`. */
export function addMigrateCommand(
  program: Command,
  io: Io,
  config: CliConfig,
  result: { code: number },
): void {
  withFileOptions(
    program
      .command('migrate')
      .description('convert Training Operator v1 jobs (PyTorchJob, TFJob, ...) into TrainJobs, offline'),
    'file or folder with v1 jobs, - for stdin (repeatable)',
    true,
  )
    .addOption(objectOutputOption('output format (json: one v1 List)', 'yaml'))
    .option('--strict', 'exit 1 when something is not carried over or behaves differently (any warning)')
    // Before --strict, warnings exited 1 unless --allow-changes; it is accepted and changes nothing.
    .addOption(new Option('--allow-changes').hideHelp())
    .addOption(maxBytesOption())
    .addHelpText('after', MIGRATE_HELP)
    .action(async (files: string[], opts: MigrateFlags) => {
      result.code = await migrateCommand(
        {
          files: inputFiles(opts, files),
          recursive: opts.recursive === true,
          output: opts.output,
          strict: opts.strict === true,
          maxBytes: opts.maxBytes,
        },
        io,
        config,
      );
    });
}
