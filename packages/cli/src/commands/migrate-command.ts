// SPDX-License-Identifier: Apache-2.0
// Registers `kubetrain migrate` on the program: its flags, its help and its action.

import type { Command } from 'commander';
import { Option } from 'commander';
import type { CliConfig, Io } from '../io.js';
import { maxBytesOption } from './option-parsers.js';
import { MIGRATE_HELP, migrateCommand } from './migrate.js';
import type { MigrateOutput } from './migrate.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

interface MigrateFlags {
  file: string[];
  output: MigrateOutput;
  allowChanges?: boolean;
  maxBytes: number;
}

/** Adds `migrate` to `program`; its action stores the exit code in `result`. */
export function addMigrateCommand(
  program: Command,
  io: Io,
  config: CliConfig,
  result: { code: number },
): void {
  program
    .command('migrate')
    .description('convert Training Operator v1 jobs (PyTorchJob, TFJob, ...) into TrainJobs, offline')
    .addOption(
      new Option('-f, --file <path>', 'file or folder with v1 jobs, - for stdin (repeatable)')
        .argParser(collect)
        .makeOptionMandatory(),
    )
    .addOption(new Option('-o, --output <format>', 'output format').choices(['yaml', 'json']).default('yaml'))
    .option('--allow-changes', 'exit 0 even when something is not carried over or behaves differently')
    .addOption(maxBytesOption())
    .addHelpText('after', MIGRATE_HELP)
    .action(async (opts: MigrateFlags) => {
      result.code = await migrateCommand(
        {
          files: opts.file,
          output: opts.output,
          allowChanges: opts.allowChanges === true,
          maxBytes: opts.maxBytes,
        },
        io,
        config,
      );
    });
}
