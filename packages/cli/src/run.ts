// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` command tree: parses arguments and dispatches to the command modules.

import { createLogger, LogLevels } from '@kubetrain/log';
import type { LogLevel } from '@kubetrain/log';
import { Command, CommanderError, Option } from 'commander';
import { addClusterCommands } from './cluster-commands.js';
import { renderCommand } from './commands/render.js';
import { validateCommand } from './commands/validate.js';
import { addMigrateCommand } from './commands/migrate-command.js';
import { maxBytesOption } from './commands/option-parsers.js';
import { CliError, ExitCode, FailedError } from './io.js';
import type { CliConfig, Io } from './io.js';
import { internalErrorLine } from './internal-error.js';
import { DEFAULT_NAMESPACE } from './runtimes.js';
import { escapeForTerminal, escapeLines } from './terminal-text.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

interface FileOptions {
  file: string[];
  runtime?: string[];
  namespace: string;
  maxBytes: number;
}

/** The exit codes, as `--help` prints them. */
export const EXIT_CODES_HELP = `
Exit codes:
  0  valid: every object validated (or every TrainJob rendered); a cluster command done
  1  invalid: an object the API server or the admission webhooks would refuse; a job that
     Failed or a wait that was not met; a refusal of the API server (not found, forbidden)
  2  the input or the command could not be used (usage, no cluster answering, a missing or
     unreadable file, input that is not YAML or JSON, larger than --max-bytes or nested too deep)
130  following a job (submit --wait|--follow, wait) was stopped by Ctrl-C; the job keeps running

Errors go to stderr, one line each: <kind>/<name>: <field path>: <message>.`;

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
    .option('-n, --namespace <namespace>', 'namespace of objects that name none', DEFAULT_NAMESPACE)
    .addOption(maxBytesOption());
}

/** `io` with a text logger on its stderr at the level `--log-level` chose. */
function withLog(io: Io, program: Command): Io {
  const level = (program.opts() as { logLevel: LogLevel }).logLevel;
  return {
    ...io,
    log: createLogger({ level, format: 'text', write: (line) => io.stderr(escapeLines(line)) }),
  };
}

/** Builds the program; each action stores its exit code in `result`. */
function buildProgram(plainIo: Io, config: CliConfig, result: { code: number }): Command {
  const program = new Command('kubetrain')
    .description(
      'Submit and follow Kubeflow Trainer v2 TrainJobs; render and validate them without a cluster',
    )
    .addOption(
      new Option('--log-level <level>', 'diagnostics written to stderr')
        .choices(Object.keys(LogLevels))
        .default('warn'),
    )
    .exitOverride()
    .configureOutput({ writeOut: plainIo.stdout, writeErr: (text) => plainIo.stderr(escapeLines(text)) })
    .showHelpAfterError()
    .addHelpText('after', EXIT_CODES_HELP);

  withInputOptions(
    program.command('render').description('print every object the controller would create for the TrainJobs'),
    'file or folder with TrainJobs, - for stdin (repeatable)',
  )
    .option('--ssh-key-seed <seed>', 'derive the MPI SSH key pair from this seed (reproducible output)')
    .option('--owner-uid <uid>', "the TrainJob's uid for the ownerReferences (default: none)")
    .option(
      '--feature-gates <gates>',
      'engine feature gates, e.g. LeaderWorkerSetBackend=true (default: all off)',
    )
    .action(async (opts: FileOptions & { sshKeySeed?: string; ownerUid?: string; featureGates?: string }) => {
      result.code = await renderCommand(
        {
          files: opts.file,
          runtimes: opts.runtime ?? [],
          namespace: opts.namespace,
          maxBytes: opts.maxBytes,
          sshKeySeed: opts.sshKeySeed,
          ownerUid: opts.ownerUid,
          featureGates: opts.featureGates,
        },
        withLog(plainIo, program),
        config,
      );
    });

  withInputOptions(
    program
      .command('validate')
      .description('check TrainJobs and runtimes as the API server and webhooks would'),
    'file or folder to validate, - for stdin (repeatable)',
  ).action(async (opts: FileOptions) => {
    result.code = await validateCommand(
      { files: opts.file, runtimes: opts.runtime ?? [], namespace: opts.namespace, maxBytes: opts.maxBytes },
      withLog(plainIo, program),
      config,
    );
  });
  addClusterCommands(program, plainIo, config, result);
  addMigrateCommand(program, plainIo, config, result);
  return program;
}

/**
 * Runs `kubetrain` with the user's arguments (without the node and script paths) and returns the exit
 * code: 0 valid, 1 invalid input, 2 the input or the command could not be used. Every failure ends
 * here as one line on stderr (`error: ...` for unusable input, `internal error: ...` for anything
 * unexpected); nothing is thrown. Writes only through `io`; reads files relative to `config.cwd`.
 */
export async function run(argv: readonly string[], io: Io, config: CliConfig): Promise<number> {
  const result = { code: ExitCode.Ok as number };
  try {
    const program = buildProgram(io, config, result);
    await program.parseAsync([...argv], { from: 'user' });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has printed help or the usage error already; --help exits 0, the rest 2.
      return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Unusable;
    }
    if (e instanceof CliError) {
      io.stderr(`error: ${escapeForTerminal(e.message)}\n`);
      return ExitCode.Unusable;
    }
    if (e instanceof FailedError) {
      io.stderr(`error: ${escapeForTerminal(e.message)}\n`);
      return ExitCode.Invalid;
    }
    io.stderr(internalErrorLine(e));
    return ExitCode.Unusable;
  }
}
