// SPDX-License-Identifier: Apache-2.0
// `kubetrain usage`: GPU-hours and job counts per namespace, Kueue queue or runtime over a period,
// computed from the TrainJobs themselves (@kubetrain/runtime's gpuUsage: GPUs requested × the time
// running, from status.startTime and completionTime), the same figures the manager's
// kubetrain_trainjob_gpu_seconds gives. `-o table|json|csv`; every value escaped.

import { Kinds } from '@kubetrain/api';
import { ForbiddenError, isNotFound } from '@kubetrain/kube';
import {
  gpuUsage,
  kueueQueueOf,
  runInterval,
  runtimeKeyOf,
  type UsageRuntimeSpec,
  type UsageTrainJob,
  type UsageWindow,
} from '@kubetrain/runtime';
import type { Session } from '../cluster/connect.js';
import { Refs } from '../cluster/refs.js';
import { formatTable } from '../cluster/table.js';
import { ExitCode, UsageError } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { toJson } from '../output.js';
import { escapeForTerminal } from '../terminal-text.js';

/** What the usage is grouped by. */
export const UsageGroupings = ['namespace', 'queue', 'runtime'] as const;
export type UsageGrouping = (typeof UsageGroupings)[number];

/** The output formats of `usage`. */
export const UsageFormats = ['table', 'json', 'csv'] as const;
export type UsageFormat = (typeof UsageFormats)[number];

/** A TrainJob as `usage` reads it. */
export type UsageJob = UsageTrainJob & { readonly metadata?: UsageTrainJob['metadata'] & { name?: string } };

/** One row: a namespace, queue or runtime, the jobs that ran in the period, their GPU-hours. */
export interface UsageRow {
  readonly key: string;
  readonly jobs: number;
  readonly gpuHours: number;
}

/** The key of `job` under `by` (`<none>` for a job without a queue). */
function keyOf(job: UsageJob, by: UsageGrouping): string {
  if (by === 'namespace') return job.metadata?.namespace ?? '';
  if (by === 'queue') return kueueQueueOf(job) || '<none>';
  const { kind, name } = runtimeKeyOf(job);
  return kind === Kinds.TrainingRuntime ? `${job.metadata?.namespace ?? ''}/${name}` : name;
}

/** Whether `job` ran in `window`: its running interval overlaps it (a job not started never did). */
function ranIn(job: UsageJob, nowMs: number, window: UsageWindow): boolean {
  const interval = runInterval(job, nowMs);
  if (interval === undefined) return false;
  const from = window.fromMs ?? -Infinity;
  const to = window.toMs ?? Infinity;
  return interval.startMs < to && (interval.endMs > from || interval.startMs >= from);
}

/**
 * Sums the usage of TrainJobs at `nowMs` within `window`, grouped `by`: per key the jobs that ran in
 * the period and their GPU-hours (GPUs requested × hours running within the period), the runtime of
 * each job from `runtimeOf` (for the GPUs of a job that sets no resourcesPerNode). Jobs are added
 * page by page: the memory is one entry per key, not per job.
 */
export class UsageSums {
  private readonly sums = new Map<string, { jobs: number; gpuSeconds: number }>();

  constructor(
    private readonly runtimeOf: (job: UsageJob) => UsageRuntimeSpec | undefined,
    private readonly by: UsageGrouping,
    private readonly nowMs: number,
    private readonly window: UsageWindow,
  ) {}

  add(jobs: readonly UsageJob[]): void {
    for (const job of jobs) {
      if (!ranIn(job, this.nowMs, this.window)) continue;
      const key = keyOf(job, this.by);
      const sum = this.sums.get(key) ?? { jobs: 0, gpuSeconds: 0 };
      sum.jobs += 1;
      sum.gpuSeconds += gpuUsage(job, this.runtimeOf(job), this.nowMs, this.window).gpuSeconds;
      this.sums.set(key, sum);
    }
  }

  /** The rows, sorted by key. */
  rows(): UsageRow[] {
    return [...this.sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, r]) => ({ key, jobs: r.jobs, gpuHours: r.gpuSeconds / 3600 }));
  }
}

/** The rows of `jobs` ({@link UsageSums} of one page). */
export function usageRows(
  jobs: readonly UsageJob[],
  runtimeOf: (job: UsageJob) => UsageRuntimeSpec | undefined,
  by: UsageGrouping,
  nowMs: number,
  window: UsageWindow,
): UsageRow[] {
  const sums = new UsageSums(runtimeOf, by, nowMs, window);
  sums.add(jobs);
  return sums.rows();
}

/** TrainJobs listed per page of this many. */
export const USAGE_PAGE_SIZE = 500;

/** GPU-hours as printed: at most 3 decimals, no trailing zeros (`12.5`, `0.333`). */
export function formatGpuHours(hours: number): string {
  return String(Math.round(hours * 1000) / 1000);
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; escaped for a terminal. */
function csvField(value: string): string {
  const text = escapeForTerminal(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The period as printed: RFC 3339 bounds, absent when open. */
export interface UsagePeriod {
  readonly since?: string;
  readonly until: string;
}

/** The rows as `format` asks. */
export function formatUsage(
  rows: readonly UsageRow[],
  by: UsageGrouping,
  format: UsageFormat,
  period: UsagePeriod,
): string {
  if (format === 'json')
    return toJson(
      {
        ...(period.since !== undefined ? { since: period.since } : {}),
        until: period.until,
        by,
        items: rows.map((r) => ({ [by]: r.key, jobs: r.jobs, gpuHours: Number(formatGpuHours(r.gpuHours)) })),
      },
      2,
    );
  if (format === 'csv')
    return [
      `${by},jobs,gpu_hours`,
      ...rows.map((r) => [csvField(r.key), r.jobs, formatGpuHours(r.gpuHours)].join(',')),
    ]
      .map((line) => `${line}\n`)
      .join('');
  const total = rows.reduce((sum, r) => ({ jobs: sum.jobs + r.jobs, gpuHours: sum.gpuHours + r.gpuHours }), {
    jobs: 0,
    gpuHours: 0,
  });
  return formatTable(
    [by.toUpperCase(), 'JOBS', 'GPU-HOURS'],
    [
      ...rows.map((r) => [r.key, String(r.jobs), formatGpuHours(r.gpuHours)]),
      ...(rows.length > 1 ? [['TOTAL', String(total.jobs), formatGpuHours(total.gpuHours)]] : []),
    ],
  );
}

/** A time bound: RFC 3339 (`2026-01-02T03:04:05Z`) or a date (`2026-01-02`, midnight UTC); epoch ms. */
export function parseTimeBound(flag: string, value: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? Date.parse(`${value}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value)
      ? Date.parse(value)
      : NaN;
  if (Number.isNaN(ms))
    throw new UsageError(
      `${flag} "${escapeForTerminal(value)}": use an RFC 3339 time or a date (2026-01-02)`,
    );
  return ms;
}

/** A period length: `90m`, `24h`, `7d`; milliseconds. */
export function parsePeriod(value: string): number {
  const m = /^(\d+)(m|h|d)$/.exec(value);
  if (!m || Number(m[1]) === 0)
    throw new UsageError(`--period "${escapeForTerminal(value)}": use e.g. 90m, 24h, 7d`);
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

/** The flags of `usage`. */
export interface UsageOptions {
  readonly by: UsageGrouping;
  readonly output: UsageFormat;
  readonly since?: string;
  readonly until?: string;
  readonly period?: string;
}

/** The window of the flags at `nowMs`: `--period` back from `--until` (or now), else `--since`. */
export function usageWindow(options: UsageOptions, nowMs: number): { fromMs?: number; toMs: number } {
  if (options.period !== undefined && options.since !== undefined)
    throw new UsageError('--period and --since cannot be used together');
  const toMs = options.until !== undefined ? parseTimeBound('--until', options.until) : nowMs;
  const fromMs =
    options.period !== undefined
      ? toMs - parsePeriod(options.period)
      : options.since !== undefined
        ? parseTimeBound('--since', options.since)
        : undefined;
  if (fromMs !== undefined && fromMs >= toMs) throw new UsageError('the period ends before it starts');
  return { ...(fromMs !== undefined ? { fromMs } : {}), toMs };
}

/** A time as the output prints it: RFC 3339 in UTC, whole seconds. */
export const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A runtime as usage reads it: its key and its spec (the GPUs of a job that sets none). */
export interface UsageRuntime {
  readonly metadata?: { name?: string; namespace?: string };
  readonly spec?: UsageRuntimeSpec;
}

/** One page of TrainJobs, and the continue token of the next (absent on the last). */
export interface UsageJobPage {
  readonly items: readonly UsageJob[];
  readonly continue?: string | undefined;
}

/**
 * Where the usage is read from, with the reader's own credentials: the runtimes of a kind (those of
 * the namespace read, or of all), and the TrainJobs page by page. A refusal rejects with its ApiError.
 */
export interface UsageSource {
  listRuntimes(
    kind: typeof Kinds.TrainingRuntime | typeof Kinds.ClusterTrainingRuntime,
  ): Promise<readonly UsageRuntime[]>;
  listTrainJobs(limit: number, continueToken: string | undefined): Promise<UsageJobPage>;
}

/** The runtimes of `kind`; none when the user cannot list them (they only supply GPUs by default). */
async function runtimesOf(source: UsageSource, kind: Parameters<UsageSource['listRuntimes']>[0]) {
  try {
    return await source.listRuntimes(kind);
  } catch (e) {
    if (isNotFound(e) || e instanceof ForbiddenError) return [];
    throw e;
  }
}

/**
 * The usage rows under each of `groupings` at `nowMs` within `window`: the one computation of
 * `kubetrain usage` and the dashboard's usage page. Reads the runtimes (for the GPUs of jobs that set
 * no resourcesPerNode), then the TrainJobs in pages of {@link USAGE_PAGE_SIZE}; the memory is one
 * entry per key and grouping. A refusal to list the TrainJobs rejects with its ApiError.
 */
export async function readUsage(
  source: UsageSource,
  groupings: readonly UsageGrouping[],
  nowMs: number,
  window: UsageWindow,
): Promise<Map<UsageGrouping, UsageRow[]>> {
  const runtimes = new Map<string, UsageRuntimeSpec | undefined>();
  for (const r of await runtimesOf(source, Kinds.TrainingRuntime))
    runtimes.set(`${Kinds.TrainingRuntime}/${r.metadata?.namespace ?? ''}/${r.metadata?.name ?? ''}`, r.spec);
  for (const r of await runtimesOf(source, Kinds.ClusterTrainingRuntime))
    runtimes.set(`${Kinds.ClusterTrainingRuntime}//${r.metadata?.name ?? ''}`, r.spec);
  const runtimeOf = (job: UsageJob) => {
    const { kind, name } = runtimeKeyOf(job);
    const ns = kind === Kinds.TrainingRuntime ? (job.metadata?.namespace ?? '') : '';
    return runtimes.get(`${kind}/${ns}/${name}`);
  };
  const sums = groupings.map((by) => [by, new UsageSums(runtimeOf, by, nowMs, window)] as const);
  let next: string | undefined;
  do {
    const page = await source.listTrainJobs(USAGE_PAGE_SIZE, next);
    for (const [, s] of sums) s.add(page.items);
    next = page.continue || undefined;
  } while (next !== undefined);
  return new Map(sums.map(([by, s]) => [by, s.rows()]));
}

/** The usage source of a CLI session: its namespace, or every namespace with `-A`. */
export function sessionUsageSource(session: Session): UsageSource {
  const namespace = session.listNamespace;
  return {
    async listRuntimes(kind) {
      const list =
        kind === Kinds.TrainingRuntime
          ? await session.client.list(Refs.TrainingRuntime, { namespace })
          : await session.client.list(Refs.ClusterTrainingRuntime);
      return list.items as UsageRuntime[];
    },
    async listTrainJobs(limit, continueToken) {
      const page = await session.client.list(Refs.TrainJob, {
        namespace,
        limit,
        ...(continueToken !== undefined ? { continue: continueToken } : {}),
      });
      return { items: page.items as UsageJob[], continue: page.metadata?.continue };
    },
  };
}

/** `kubetrain usage`: reads the TrainJobs (and runtimes) of the namespace, or of all with `-A`. */
export async function usageCommand(
  options: UsageOptions,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const nowMs = (config.now ?? (() => new Date()))().getTime();
  const window = usageWindow(options, nowMs);
  const usage = await readUsage(sessionUsageSource(session), [options.by], nowMs, window);
  const rows = usage.get(options.by) ?? [];
  io.stdout(
    formatUsage(rows, options.by, options.output, {
      ...(window.fromMs !== undefined ? { since: rfc3339(window.fromMs) } : {}),
      until: rfc3339(window.toMs),
    }),
  );
  return ExitCode.Ok;
}
