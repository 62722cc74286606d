// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` command tree: parses arguments and dispatches to the command modules.

import { createLogger, LogLevels } from '@kubetrain/log';
import type { LogLevel } from '@kubetrain/log';
import { Command, CommanderError, Option } from 'commander';
import { renderCommand } from './commands/render.js';
import { validateCommand } from './commands/validate.js';
import { CliError, ExitCode } from './io.js';
import type { CliConfig, Io } from './io.js';
import { DEFAULT_NAMESPACE } from './runtimes.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

interface FileOptions {
  file: string[];
  runtime?: string[];
  namespace: string;
}

/** Adds the input options shared by render and validate. */
function withInputOptions(command: Command, fileHelp: string): Command {
  return command
    .addOption(new Option('-f, --file <path>', fileHelp).argParser(collect).makeOptionMandatory())
    .addOption(
      new Option(
        '-r, --runtime <path>',
        'runtime file or folder (repeatable); default: the shipped runtimes',
      ).argParser(collect),
    )
    .option('-n, --namespace <namespace>', 'namespace of objects that name none', DEFAULT_NAMESPACE);
}

/** `io` with a text logger on its stderr at the level `--log-level` chose. */
function withLog(io: Io, program: Command): Io {
  const level = (program.opts() as { logLevel: LogLevel }).logLevel;
  return { ...io, log: createLogger({ level, format: 'text', write: io.stderr }) };
}

/** Builds the program; each action stores its exit code in `result`. */
function buildProgram(plainIo: Io, config: CliConfig, result: { code: number }): Command {
  const program = new Command('kubetrain')
    .description('Render and validate Kubeflow Trainer v2 objects without a cluster')
    .addOption(
      new Option('--log-level <level>', 'diagnostics written to stderr')
        .choices(Object.keys(LogLevels))
        .default('warn'),
    )
    .exitOverride()
    .configureOutput({ writeOut: plainIo.stdout, writeErr: plainIo.stderr })
    .showHelpAfterError();

  withInputOptions(
    program.command('render').description('print every object the controller would create for the TrainJobs'),
    'file or folder with TrainJobs (repeatable)',
  ).action((opts: FileOptions) => {
    result.code = renderCommand(
      { files: opts.file, runtimes: opts.runtime ?? [], namespace: opts.namespace },
      withLog(plainIo, program),
      config,
    );
  });

  withInputOptions(
    program
      .command('validate')
      .description('check TrainJobs and runtimes as the API server and webhooks would'),
    'file or folder to validate (repeatable)',
  ).action((opts: FileOptions) => {
    result.code = validateCommand(
      { files: opts.file, runtimes: opts.runtime ?? [], namespace: opts.namespace },
      withLog(plainIo, program),
      config,
    );
  });
  return program;
}

/**
 * Runs `kubetrain` with the user's arguments (without the node and script paths) and returns the exit
 * code: 0 success, 1 invalid input, 2 the command could not run (usage, a missing file, bad YAML).
 * Writes only through `io`; reads files relative to `config.cwd`.
 */
export async function run(argv: readonly string[], io: Io, config: CliConfig): Promise<number> {
  const result = { code: ExitCode.Ok as number };
  const program = buildProgram(io, config, result);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has printed help or the usage error already; --help exits 0, the rest 2.
      return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Failure;
    }
    if (e instanceof CliError) {
      io.stderr(`error: ${e.message}\n`);
      return ExitCode.Failure;
    }
    throw e;
  }
}
