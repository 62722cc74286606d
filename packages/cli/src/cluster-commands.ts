// SPDX-License-Identifier: Apache-2.0
// The commands that talk to a cluster, with kubectl's flags (`-n`, `-A`, `--context`,
// `--kubeconfig`, `-o`), registered on the program.

import { MAX_OBJECT_BYTES } from '@kubetrain/api/core';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import type { ClusterOptions } from './cluster/connect.js';
import { OutputFormats, parseOutputFormat } from './cluster/print-objects.js';
import type { OutputFormat } from './cluster/print-objects.js';
import { completionCommand } from './commands/completion.js';
import { collect, withFileOptions } from './commands/option-parsers.js';
import {
  dashboardCommand,
  deleteTrainJobs,
  describeCommand,
  getCommand,
  logsCommand,
  offlineRuntimesCommand,
  runtimesCommand,
  setSuspend,
  submitCommand,
  usageCommand,
  usageWindow,
  waitCommand,
  withSession,
} from './commands/lazy.js';
import { parseDuration } from './commands/wait-flags.js';
import type { CliConfig, Io } from './io.js';

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

function duration(value: string): number {
  try {
    return parseDuration(value);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/** Adds kubectl's connection flags; `-A` only where `list` is true. */
function withCluster(command: Command, list = false): Command {
  command
    .option('-n, --namespace <namespace>', "namespace (default: the context's, else default)")
    .option('--context <name>', 'kubeconfig context')
    .option('--kubeconfig <file>', 'kubeconfig file (default: KUBECONFIG, ~/.kube/config)');
  if (list) command.option('-A, --all-namespaces', 'every namespace');
  return command;
}

function withOutput(command: Command): Command {
  return command.addOption(
    new Option('-o, --output <format>', `output format: ${OutputFormats.join('|')}`)
      .argParser(parseOutputFormat)
      .default('table'),
  );
}

type Opts = ClusterOptions & Record<string, unknown>;

/** Registers get, describe, submit, wait, suspend, resume, delete, runtimes, usage, logs and completion. */
export function addClusterCommands(
  program: Command,
  io: Io,
  config: CliConfig,
  result: { code: number },
): void {
  const cluster = (opts: Opts): ClusterOptions => ({
    kubeconfig: opts.kubeconfig,
    context: opts.context,
    namespace: opts.namespace,
    allNamespaces: opts.allNamespaces === true,
  });

  withOutput(
    withCluster(
      program.command('get').description('list TrainJobs (state, runtime, nodes, steps ready, age)'),
      true,
    ),
  )
    .argument('[names...]', 'TrainJob names (default: all in the namespace)')
    .option('-w, --watch', 'keep following the TrainJobs')
    .action(async (names: string[], opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) =>
        getCommand(
          {
            names,
            output: opts.output as OutputFormat,
            watch: opts.watch === true,
            allNamespaces: opts.allNamespaces === true,
          },
          s,
          io,
          config,
        ),
      );
    });

  withCluster(program.command('describe').description('a TrainJob: spec, conditions, steps, failure, events'))
    .argument('<name>', 'TrainJob name')
    .action(async (name: string, opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) => describeCommand(name, s, io, config));
    });

  withFileOptions(
    withCluster(
      program
        .command('submit')
        .description(
          'create a TrainJob from -f FILE or from flags; -- COMMAND ARGS... is the trainer command',
        ),
    ).argument('[command...]', 'the trainer command and its arguments (after --)'),
    'TrainJob file or folder, - for stdin (repeatable)',
    false,
  )
    .option('--name <name>', 'TrainJob name (default: generated from the runtime)')
    .option('--runtime <name>', 'the runtime of the TrainJob')
    .addOption(
      new Option('--runtime-kind <kind>', 'kind of the runtime')
        .choices(['ClusterTrainingRuntime', 'TrainingRuntime'])
        .default('ClusterTrainingRuntime'),
    )
    .addOption(new Option('--nodes <n>', 'number of nodes').argParser(wholeNumber))
    .addOption(new Option('--gpus <n>', 'nvidia.com/gpu per node').argParser(wholeNumber))
    .option('--image <image>', 'trainer image')
    .addOption(
      new Option('--env <NAME=VALUE>', 'trainer environment variable (repeatable)').argParser(collect),
    )
    .option('--wait', 'follow the TrainJob until it is Complete (exit 0) or Failed (exit 1)')
    .option(
      '--follow',
      'like --wait, with no time limit; a Failed job is shown with its failing pod, container, exit code and last log lines; Ctrl-C stops following and leaves the job running (exit 130)',
    )
    .addOption(
      new Option(
        '--timeout <duration>',
        'with --wait or --follow: give up after (default: 1h with --wait, none with --follow)',
      ).argParser(duration),
    )
    .action(async (command: string[], opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) =>
        submitCommand(
          {
            files: (opts.filename as string[] | undefined) ?? [],
            recursive: opts.recursive === true,
            maxBytes: MAX_OBJECT_BYTES,
            name: opts.name as string | undefined,
            runtime: opts.runtime as string | undefined,
            runtimeKind: opts.runtimeKind as string,
            nodes: opts.nodes as number | undefined,
            gpus: opts.gpus as number | undefined,
            image: opts.image as string | undefined,
            env: (opts.env as string[] | undefined) ?? [],
            command,
            wait: opts.wait === true,
            follow: opts.follow === true,
            timeoutMs: opts.timeout as number | undefined,
          },
          s,
          io,
          config,
        ),
      );
    });

  withCluster(program.command('wait').description('wait until a TrainJob is Complete or Failed'))
    .argument('<name>', 'TrainJob name')
    .requiredOption('--for <state>', 'Complete or Failed')
    .addOption(new Option('--timeout <duration>', 'give up after').argParser(duration).default(30_000, '30s'))
    .action(async (name: string, opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) =>
        waitCommand({ name, for: opts.for as string, timeoutMs: opts.timeout as number }, s, io, config),
      );
    });

  for (const [verb, suspend] of [
    ['suspend', true],
    ['resume', false],
  ] as const) {
    withCluster(program.command(verb).description(`${verb} TrainJobs (spec.suspend)`))
      .argument('<names...>', 'TrainJob names')
      .action(async (names: string[], opts: Opts) => {
        result.code = await withSession(cluster(opts), (s) => setSuspend(names, suspend, s, io));
      });
  }

  withCluster(program.command('delete').description('delete TrainJobs (their JobSets and pods follow)'))
    .argument('<names...>', 'TrainJob names')
    .action(async (names: string[], opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) => deleteTrainJobs(names, s, io));
    });

  withOutput(
    withCluster(
      program.command('runtimes').description('TrainingRuntimes and ClusterTrainingRuntimes'),
      true,
    ),
  )
    .option('--offline', "the shipped ClusterTrainingRuntimes (render's default runtimes), without a cluster")
    .action(async (opts: Opts) => {
      const output = opts.output as OutputFormat;
      result.code =
        opts.offline === true
          ? await offlineRuntimesCommand(output, io, config)
          : await withSession(cluster(opts), (s) => runtimesCommand(output, s, io, config));
    });

  withCluster(
    program
      .command('usage')
      .description('GPU-hours and job counts per namespace, queue or runtime over a period'),
    true,
  )
    .addOption(
      new Option('--by <grouping>', 'group by namespace|queue|runtime')
        .choices(['namespace', 'queue', 'runtime'])
        .default('namespace'),
    )
    .addOption(
      new Option('-o, --output <format>', 'output format: table|json|csv')
        .choices(['table', 'json', 'csv'])
        .default('table'),
    )
    .option('--since <time>', 'start of the period (RFC 3339 time or date)')
    .option('--until <time>', 'end of the period (RFC 3339 time or date; default: now)')
    .option('--period <length>', 'the period ending at --until: 90m, 24h, 7d')
    .action(async (opts: Opts) => {
      const options = {
        by: opts.by as 'namespace' | 'queue' | 'runtime',
        output: opts.output as 'table' | 'json' | 'csv',
        ...(typeof opts.since === 'string' ? { since: opts.since } : {}),
        ...(typeof opts.until === 'string' ? { until: opts.until } : {}),
        ...(typeof opts.period === 'string' ? { period: opts.period } : {}),
      };
      await usageWindow(options, Date.now()); // a usage error before connecting
      result.code = await withSession(cluster(opts), (s) => usageCommand(options, s, io, config));
    });

  withCluster(
    program
      .command('logs')
      .description("the trainer pods' logs, each line prefixed with its step ([node-RANK])"),
  )
    .argument('<name>', 'TrainJob name')
    .addOption(new Option('--rank <n>', 'only the pod of this rank').argParser(wholeNumber))
    .option(
      '--step <step>',
      'a step (node-1, dataset-initializer) or job (node, launcher) instead of the trainer',
    )
    .option(
      '-f, --follow',
      'stream the lines as they are written; ends when every followed pod has ended (Succeeded, Failed or deleted)',
    )
    .action(async (name: string, opts: Opts) => {
      result.code = await withSession(cluster(opts), (s) =>
        logsCommand(
          {
            name,
            rank: opts.rank as number | undefined,
            step: opts.step as string | undefined,
            follow: opts.follow === true,
          },
          s,
          io,
        ),
      );
    });

  withCluster(
    program
      .command('dashboard')
      .description('a local web dashboard of the TrainJobs, with your kubeconfig and credentials'),
  )
    .addOption(new Option('--port <port>', 'port (default: a free one)').argParser(wholeNumber).default(0))
    .option('--address <ip>', 'address to listen on (not loopback: a warning)', '127.0.0.1')
    .option('--no-open', 'do not open the browser')
    .action(async (opts: Opts) => {
      const options = {
        port: opts.port as number,
        address: opts.address as string,
        open: opts.open !== false,
      };
      result.code = await dashboardCommand(cluster(opts), options, io, config);
    });

  program
    .command('completion')
    .description('print a shell completion script (bash or zsh)')
    .argument('<shell>', 'bash or zsh')
    .action((shell: string) => {
      result.code = completionCommand(shell, program, io);
    });
}
