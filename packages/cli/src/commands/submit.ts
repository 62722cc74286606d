// SPDX-License-Identifier: Apache-2.0
// `kubetrain submit`: creates TrainJobs from `-f FILE|-` or from flags, optionally waiting for them.

import { API_VERSION, Kinds } from '@kubetrain/api';
import type { Session } from '../cluster/connect.js';
import { Refs } from '../cluster/refs.js';
import type { TrainJobObject } from '../cluster/trainjob-view.js';
import { waitForTrainJobs } from '../cluster/wait-for.js';
import { loadAll } from '../documents.js';
import { CliError, ExitCode, UsageError } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** Options of {@link submitCommand}. */
export interface SubmitOptions {
  /** `-f`: files or `-`; when given, the flags below that describe a job are refused. */
  readonly files: readonly string[];
  /** `-R`: read the subfolders of a `-f` folder too. */
  readonly recursive?: boolean;
  readonly maxBytes: number;
  readonly name?: string | undefined;
  readonly runtime?: string | undefined;
  /** `--runtime-kind`: `ClusterTrainingRuntime` (default) or `TrainingRuntime`. */
  readonly runtimeKind?: string | undefined;
  readonly nodes?: number | undefined;
  readonly gpus?: number | undefined;
  readonly image?: string | undefined;
  /** `--env NAME=VALUE`, repeatable. */
  readonly env: readonly string[];
  /** Everything after `--`: the trainer's command and its arguments. */
  readonly command: readonly string[];
  /** `--wait`: follow the jobs until they finish, for at most {@link WAIT_TIMEOUT_MS} unless `timeoutMs`. */
  readonly wait: boolean;
  /**
   * `--follow`: follow the jobs until they finish, without a time limit unless `timeoutMs`; a job
   * that Failed is shown with its failing pod, container, exit code and last log lines.
   */
  readonly follow?: boolean;
  /** `--timeout`; undefined: the default of `--wait` or `--follow` ({@link waitTimeout}). */
  readonly timeoutMs?: number | undefined;
}

/** How long `--wait` waits without `--timeout`: one hour. */
export const WAIT_TIMEOUT_MS = 3_600_000;

/**
 * How long submit follows its jobs: `--timeout` when given, else one hour with `--wait` and no
 * limit (Infinity) with `--follow`; undefined when it does not follow them at all.
 */
export function waitTimeout(
  options: Pick<SubmitOptions, 'wait' | 'follow' | 'timeoutMs'>,
): number | undefined {
  if (!options.wait && !options.follow) return undefined;
  return options.timeoutMs ?? (options.follow ? Infinity : WAIT_TIMEOUT_MS);
}

/** The TrainJob the flags describe (generateName `<runtime>-` unless `--name`). */
export function trainJobFromFlags(options: SubmitOptions, namespace: string): Record<string, unknown> {
  if (!options.runtime) throw new UsageError('submit needs -f FILE or --runtime NAME');
  const env = options.env.map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env must be NAME=VALUE, not "${pair}"`);
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
  const trainer: Record<string, unknown> = {
    ...(options.nodes !== undefined ? { numNodes: options.nodes } : {}),
    ...(options.image ? { image: options.image } : {}),
    ...(options.command.length > 0 ? { command: [...options.command] } : {}),
    ...(env.length > 0 ? { env } : {}),
    ...(options.gpus !== undefined
      ? { resourcesPerNode: { limits: { 'nvidia.com/gpu': String(options.gpus) } } }
      : {}),
  };
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    metadata: {
      ...(options.name ? { name: options.name } : { generateName: `${options.runtime}-` }),
      namespace,
    },
    spec: {
      runtimeRef: { name: options.runtime, kind: options.runtimeKind ?? Kinds.ClusterTrainingRuntime },
      ...(Object.keys(trainer).length > 0 ? { trainer } : {}),
    },
  };
}

const FLAG_FIELDS = ['runtime', 'nodes', 'gpus', 'image'] as const;

/** The TrainJobs of `-f` (each given the session's namespace when it names none). */
async function trainJobsFromFiles(options: SubmitOptions, session: Session, config: CliConfig) {
  const used = FLAG_FIELDS.filter((f) => options[f] !== undefined);
  if (used.length > 0 || options.env.length > 0 || options.command.length > 0)
    throw new UsageError(
      `-f cannot be combined with --${[...used, ...(options.env.length ? ['env'] : [])].join(', --') || 'a command'}`,
    );
  const docs = await loadAll(options.files, config.cwd, {
    maxBytes: options.maxBytes,
    stdin: config.stdin,
    recursive: options.recursive === true,
  });
  const jobs = docs.filter((d) => d.kind === Kinds.TrainJob);
  if (jobs.length === 0) throw new CliError(`no TrainJob in ${options.files.join(', ')}`);
  return jobs.map((d) => {
    const object = structuredClone(d.object) as { metadata?: Record<string, unknown> };
    object.metadata = { ...object.metadata, namespace: object.metadata?.namespace ?? session.namespace };
    return object as Record<string, unknown>;
  });
}

/**
 * Creates the TrainJobs, printing `trainjob.trainer.kubeflow.org/<name> created` for each; with
 * `wait` or `follow`, follows them (one progress view) until they finish: exit 0 when all are
 * Complete, 1 when one Failed or the time ran out, 130 when interrupted (the jobs keep running).
 */
export async function submitCommand(
  options: SubmitOptions,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const bodies =
    options.files.length > 0
      ? await trainJobsFromFiles(options, session, config)
      : [trainJobFromFlags(options, session.namespace)];
  const created: TrainJobObject[] = [];
  for (const body of bodies) {
    const namespace = (body.metadata as { namespace: string }).namespace;
    const job = (await session.client.create(Refs.TrainJob, body as never, { namespace })) as TrainJobObject;
    created.push(job);
    io.stdout(`trainjob.trainer.kubeflow.org/${escapeForTerminal(job.metadata.name ?? '')} created\n`);
  }
  const timeoutMs = waitTimeout(options);
  if (timeoutMs === undefined) return ExitCode.Ok;
  return waitForTrainJobs(
    created.map((job) => ({
      namespace: job.metadata.namespace ?? session.namespace,
      name: job.metadata.name ?? '',
    })),
    { state: undefined, timeoutMs, showFailure: options.follow === true },
    session,
    io,
    config,
  );
}
