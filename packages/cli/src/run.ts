// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` command tree: parses arguments and dispatches to the command modules.

import { createLogger, LogLevels } from '@kubetrain/log';
import type { LogLevel } from '@kubetrain/log';
import { Command, CommanderError, Option } from 'commander';
import { addClusterCommands } from './cluster-commands.js';
import { renderCommand, validateCommand } from './commands/lazy.js';
import { addMigrateCommand } from './commands/migrate-command.js';
import type { InputCommandOptions } from './command-input.js';
import {
  collect,
  inputFiles,
  maxBytesOption,
  objectOutputOption,
  withFileOptions,
} from './commands/option-parsers.js';
import type { FileFlags, ObjectFormat } from './commands/option-parsers.js';
import { CliError, ExitCode, FailedError, UsageError } from './io.js';
import type { CliConfig, Io } from './io.js';
import { GENERATE_NAME_HELP } from './generate-name.js';
import { internalErrorLine } from './internal-error.js';
import { DEFAULT_NAMESPACE } from './default-namespace.js';
import { escapeForTerminal, escapeLines } from './terminal-text.js';
import { versionLine } from './version.js';

interface FileOptions extends FileFlags {
  runtime?: string[];
  namespace: string;
  maxBytes: number;
  output?: ObjectFormat;
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
  return withFileOptions(command, fileHelp, true)
    .addOption(
      new Option(
        '-r, --runtime <path>',
        'runtime file or folder (repeatable; folders with their subfolders); default: the shipped runtimes',
      ).argParser(collect),
    )
    .option('-n, --namespace <namespace>', 'namespace of objects that name none', DEFAULT_NAMESPACE)
    .addOption(maxBytesOption());
}

/** The input options of render and validate, from the parsed flags and the positional files. */
function inputOptions(files: string[], opts: FileOptions): InputCommandOptions {
  return {
    files: inputFiles(opts, files),
    recursive: opts.recursive === true,
    runtimes: opts.runtime ?? [],
    namespace: opts.namespace,
    maxBytes: opts.maxBytes,
  };
}

/** `io` with a text logger on its stderr at the level `--log-level` chose. */
function withLog(io: Io, program: Command): Io {
  const level = (program.opts() as { logLevel: LogLevel }).logLevel;
  return {
    ...io,
    log: createLogger({ level, format: 'text', write: (line) => io.stderr(escapeLines(line)) }),
  };
}

/** What a run found out: the exit code its action stored, and the command it dispatched to. */
interface RunResult {
  code: number;
  command?: string;
}

/** The line after a usage error: `See 'kubetrain <command> --help'.` */
function usageHint(command: string | undefined): string {
  return `See 'kubetrain ${command === undefined ? '' : `${command} `}--help'.`;
}

/**
 * The arguments with kubectl's `-f=path` (pflag's `-<short>=<value>`) as `-f path`, up to `--`
 * (Commander would read the value as `=path`).
 */
export function splitShortEquals(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.flatMap((arg, i) => {
    const m = /^(-[A-Za-z])=([\s\S]*)$/.exec(arg);
    return m !== null && (end === -1 || i < end) ? [m[1] ?? '', m[2] ?? ''] : [arg];
  });
}

/** Builds the program; each action stores its exit code in `result`. */
function buildProgram(plainIo: Io, config: CliConfig, result: RunResult): Command {
  const program = new Command('kubetrain')
    .description(
      'Submit and follow Kubeflow Trainer v2 TrainJobs; render and validate them without a cluster',
    )
    .addOption(
      new Option('--log-level <level>', 'diagnostics written to stderr')
        .choices(Object.keys(LogLevels))
        .default('warn'),
    )
    .version(versionLine(), '--version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: plainIo.stdout, writeErr: (text) => plainIo.stderr(escapeLines(text)) })
    .showHelpAfterError(usageHint(undefined))
    .addHelpText('after', EXIT_CODES_HELP)
    .hook('preSubcommand', (_program, subcommand) => {
      result.command = subcommand.name();
    });

  program
    .command('version')
    .description('print the version')
    .action(() => {
      plainIo.stdout(`${versionLine()}\n`);
    });

  withInputOptions(
    program.command('render').description('print every object the controller would create for the TrainJobs'),
    'file or folder with TrainJobs, - for stdin (repeatable)',
  )
    .addOption(objectOutputOption('output format (json: one v1 List)', 'yaml'))
    .addHelpText('after', GENERATE_NAME_HELP)
    .option('--ssh-key-seed <seed>', 'derive the MPI SSH key pair from this seed (reproducible output)')
    .option('--owner-uid <uid>', "the TrainJob's uid for the ownerReferences (default: none)")
    .option(
      '--feature-gates <gates>',
      'engine feature gates, e.g. LeaderWorkerSetBackend=true,TrainJobStatus=true (default: all off)',
    )
    .option(
      '--status-server-ca <file>',
      "with TrainJobStatus=true: the status server's CA (PEM) for the <trainjob>-tls-config ConfigMap",
    )
    .action(
      async (
        files: string[],
        opts: FileOptions & {
          sshKeySeed?: string;
          ownerUid?: string;
          featureGates?: string;
          statusServerCa?: string;
        },
      ) => {
        result.code = await renderCommand(
          {
            ...inputOptions(files, opts),
            output: opts.output ?? 'yaml',
            sshKeySeed: opts.sshKeySeed,
            ownerUid: opts.ownerUid,
            featureGates: opts.featureGates,
            statusServerCA: opts.statusServerCa,
          },
          withLog(plainIo, program),
          config,
        );
      },
    );

  withInputOptions(
    program
      .command('validate')
      .description('check TrainJobs and runtimes as the API server and webhooks would'),
    'file or folder to validate, - for stdin (repeatable)',
  )
    .addOption(
      objectOutputOption(
        'print the valid objects as the API server would store them (json: one v1 List); default: a count',
      ),
    )
    .addHelpText('after', GENERATE_NAME_HELP)
    .action(async (files: string[], opts: FileOptions) => {
      result.code = await validateCommand(
        { ...inputOptions(files, opts), output: opts.output },
        withLog(plainIo, program),
        config,
      );
    });
  addClusterCommands(program, plainIo, config, result);
  addMigrateCommand(program, plainIo, config, result);
  // A usage error is one line and this hint, not the whole help (kubectl's convention).
  for (const command of program.commands) command.showHelpAfterError(usageHint(command.name()));
  return program;
}

/**
 * Runs `kubetrain` with the user's arguments (without the node and script paths) and returns the exit
 * code: 0 valid, 1 invalid input, 2 the input or the command could not be used. Every failure ends
 * here as one line on stderr (`error: ...` for unusable input, `internal error: ...` for anything
 * unexpected); nothing is thrown. Writes only through `io`; reads files relative to `config.cwd`.
 */
export async function run(argv: readonly string[], io: Io, config: CliConfig): Promise<number> {
  const result: RunResult = { code: ExitCode.Ok };
  try {
    const program = buildProgram(io, config, result);
    await program.parseAsync(splitShortEquals(argv), { from: 'user' });
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has printed help, the version or the usage error and its hint already; --help
      // and --version exit 0, the rest 2.
      return e.exitCode === 0 ? ExitCode.Ok : ExitCode.Unusable;
    }
    if (e instanceof UsageError) {
      io.stderr(`error: ${escapeForTerminal(e.message)}\n${usageHint(result.command)}\n`);
      return ExitCode.Unusable;
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
