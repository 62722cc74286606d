// SPDX-License-Identifier: Apache-2.0
// The scale benchmark's report: Markdown tables (each figure with its ratio against the baseline
// manager of the same run), the memory slope per settled TrainJob, and the two plots.
import type { BacklogResult } from './backlog-run.js';
import type { MachineWindow } from './machine.js';
import type { RunResult } from './manager-run.js';
import type { PairCeilingResult } from './pair-ceiling.js';
import type { RelistResult } from './relist-run.js';
import { sum, type RequestCounts } from './request-counts.js';
import { ratio } from './stats.js';
import type { SteadyResult } from './steady-load.js';
import { linePlot } from './svg-plot.js';
import { shareOfCeiling, summarizeShares, type ThroughputPair } from './throughput-rounds.js';

/** Everything one scale run measured (also its JSON file). */
export interface ScaleResults {
  date: string;
  managers: string[];
  baseline: string;
  /** Seconds the plain client took to grow the population to each N. */
  populationSeconds: Record<string, number>;
  ceiling?: PairCeilingResult;
  bursts: RunResult[];
  /**
   * Each manager started on a backlog of as many TrainJobs as the burst (backlog-run.ts), against
   * the one ceiling above (runs saved before the rounds; newer runs fill `throughputRounds`).
   */
  backlogs: BacklogResult[];
  /** Pair ceilings each followed by a backlog, in rounds (throughput-rounds.ts). */
  throughputRounds?: ThroughputPair[];
  relists: RelistResult[];
  steady: SteadyResult[];
}

/** Least-squares slope of `points` (y per unit of x); NaN with fewer than 2 distinct x. */
export function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** KiB per TrainJob: the slope of a MiB figure over N. */
export function kibPerJob(
  relists: RelistResult[],
  manager: string,
  pick: (r: RelistResult) => number,
): number {
  return 1024 * slope(relists.filter((r) => r.manager === manager).map((r) => [r.n, pick(r)] as const));
}

type Cell = number | undefined;

function fmt(v: Cell, digits: number): string {
  return v === undefined || !Number.isFinite(v)
    ? '–'
    : v.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
}

/** `value (ratio×)` against `base`, or the value alone for the baseline itself. */
function cell(v: Cell, base: Cell, isBase: boolean, digits: number): string {
  const r = ratio(v, base);
  return isBase || Number.isNaN(r) ? fmt(v, digits) : `${fmt(v, digits)} (${r.toFixed(2)}×)`;
}

/** A table with one column per manager; ratios against `baseline`. */
function managerTable<T extends { manager: string }>(
  first: string,
  rows: readonly { label: string; value: (r: T) => Cell; digits?: number }[],
  results: readonly T[],
  managers: readonly string[],
  baseline: string,
): string {
  const by = new Map(results.map((r) => [r.manager, r]));
  const present = managers.filter((m) => by.has(m));
  const lines = [
    `| ${[first, ...present].join(' | ')} |`,
    `|${['---', ...present.map(() => '---:')].join('|')}|`,
  ];
  const base = by.get(baseline);
  for (const row of rows) {
    const b = base ? row.value(base) : undefined;
    const cells = present.map((m) => cell(row.value(by.get(m)!), b, m === baseline, row.digits ?? 1));
    lines.push(`| ${[row.label, ...cells].join(' | ')} |`);
  }
  return lines.join('\n');
}

const reads = (c: RequestCounts, verb: string) =>
  sum(new Map([...c].filter(([k]) => k.startsWith(`${verb} `))));
const writes = (c: RequestCounts) => sum(new Map([...c].filter(([k]) => !/^(GET|LIST|WATCH) /.test(k))));

/** One table per N of the relist figures. */
export function relistTables(res: ScaleResults): string {
  const ns = [...new Set(res.relists.map((r) => r.n))].sort((a, b) => a - b);
  return ns
    .map((n) => {
      const at = res.relists.filter((r) => r.n === n);
      const table = managerTable<RelistResult>(
        'figure',
        [
          { label: 'start → ready (s)', value: (r) => r.readySeconds, digits: 2 },
          {
            label: 'start → JobSet of a TrainJob created when ready (s)',
            value: (r) => r.firstReconcileSeconds,
            digits: 2,
          },
          { label: 'start → reconciles settled (s)', value: (r) => r.settledSeconds },
          { label: 'peak RSS, VmHWM (MiB)', value: (r) => r.peakRssMiB },
          { label: 'peak RssAnon, sampled after ready (MiB)', value: (r) => r.peakAnonRssMiB },
          { label: 'settled RSS (MiB)', value: (r) => r.settledRssMiB },
          { label: 'settled RssAnon (MiB)', value: (r) => r.settledAnonRssMiB },
          { label: 'settled heap in use, V8 / Go (MiB)', value: (r) => r.settledHeapMiB },
          { label: 'CPU s, start → settled', value: (r) => r.cpuSeconds, digits: 2 },
          { label: 'TrainJob reconciles', value: (r) => r.reconciles, digits: 0 },
          { label: 'reconcile errors', value: (r) => r.reconcileErrors, digits: 0 },
          { label: 'API server: LIST requests', value: (r) => reads(r.requests, 'LIST'), digits: 0 },
          { label: 'API server: GET requests', value: (r) => reads(r.requests, 'GET'), digits: 0 },
          { label: 'API server: WATCH requests', value: (r) => reads(r.requests, 'WATCH'), digits: 0 },
          {
            label: 'API server: writes (all clients but the harness)',
            value: (r) => writes(r.requests),
            digits: 0,
          },
        ],
        at,
        res.managers,
        res.baseline,
      );
      return `#### N = ${n.toLocaleString('en-US')}\n\n${table}`;
    })
    .join('\n\n');
}

/** The memory slope per settled TrainJob, KiB, for each manager. */
export function slopeTable(res: ScaleResults): string {
  const rows = [
    { label: 'settled RSS', pick: (r: RelistResult) => r.settledRssMiB },
    { label: 'settled RssAnon', pick: (r: RelistResult) => r.settledAnonRssMiB },
    { label: 'settled heap in use', pick: (r: RelistResult) => r.settledHeapMiB },
    { label: 'peak RSS', pick: (r: RelistResult) => r.peakRssMiB },
  ];
  const slopes = res.managers.map((m) => ({ manager: m }));
  return managerTable<{ manager: string }>(
    'KiB per settled TrainJob (slope over N)',
    rows.map((row) => ({
      label: row.label,
      value: (r) => kibPerJob(res.relists, r.manager, row.pick),
      digits: 1,
    })),
    slopes,
    res.managers,
    res.baseline,
  );
}

/** The steady-load table: one row per manager and rate. */
export function steadyTable(res: ScaleResults): string {
  const lines = [
    '| manager | rate (/s) | created/s | create errors | p50 (ms) | p99 (ms) | max (ms) | backlog at end | left after 30 s | kept up |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of res.steady) {
    lines.push(
      `| ${s.manager} | ${s.rate} | ${fmt(s.createdPerSecond, 1)} | ${s.createErrors} | ${fmt(s.p50Ms, 0)} | ${fmt(s.p99Ms, 0)} | ${fmt(s.maxMs, 0)} | ${s.backlogAtEnd} | ${s.missingAfterGrace} | ${s.keptUp ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

/** A run that timed out says how many JobSets it saw: its rate is over those alone. */
const partial = (r: { n: number; withJobSet: number }) =>
  r.withJobSet < r.n ? `, only ${r.withJobSet} with a JobSet` : '';

/**
 * Where the CPU went, per 1,000 TrainJobs: how busy the machine was, the API server and etcd,
 * the writer (the manager, or the plain client of a ceiling). Runs saved before it was measured show –.
 */
function cpuCells(n: number, machine: MachineWindow | undefined, writerCpu: number | undefined): string[] {
  return [
    machine !== undefined && Number.isFinite(machine.busyShare) ? `${fmt(100 * machine.busyShare, 0)}%` : '–',
    fmt(machine === undefined ? undefined : (1000 * machine.controlPlaneCpuSeconds) / n, 1),
    fmt(writerCpu === undefined ? undefined : (1000 * writerCpu) / n, 1),
  ];
}

const cpu = (n: number, machine: MachineWindow | undefined, writerCpu: number | undefined) =>
  cpuCells(n, machine, writerCpu).join(' | ');

/** A share as a whole percentage; – for no share. */
const percent = (share: number) => (Number.isFinite(share) ? `${fmt(100 * share, 0)}%` : '–');

/**
 * The throughput rounds: every ceiling and the backlog right after it, then per manager the median
 * share of the ceiling with its range. Empty for runs saved before the rounds.
 */
export function roundsTable(res: ScaleResults): string {
  const pairs = res.throughputRounds ?? [];
  if (pairs.length === 0) return '';
  const lines = [
    '| round | manager | ceiling (pairs/s) | backlog (TrainJobs/s) | share | machine busy, ceiling / backlog | API server + etcd CPU s per 1,000, ceiling / backlog | client / manager CPU s per 1,000 | reconcile errors |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const p of pairs) {
    const [cBusy, cCp, cClient] = cpuCells(p.ceiling.n, p.ceiling.machine, p.ceiling.clientCpuSeconds);
    const [bBusy, bCp, bManager] = cpuCells(p.backlog.n, p.backlog.machine, p.backlog.managerCpuSeconds);
    lines.push(
      `| ${p.round + 1} | ${p.backlog.manager}${partial(p.backlog)} | ${fmt(p.ceiling.pairsPerSecond, 1)} | ${fmt(p.backlog.trainJobsPerSecond, 1)} | ${percent(shareOfCeiling(p))} | ${cBusy} / ${bBusy} | ${cCp} / ${bCp} | ${cClient} / ${bManager} | ${p.backlog.reconcileErrors} |`,
    );
  }
  lines.push(
    '',
    '| manager | rounds drained | median share of the ceiling | least | greatest |',
    '|---|---:|---:|---:|---:|',
  );
  for (const s of summarizeShares(pairs, res.managers))
    lines.push(
      `| ${s.manager} | ${s.rounds}${s.partial ? ` (${s.partial} partial, left out)` : ''} | ${percent(s.median)} | ${percent(s.min)} | ${percent(s.max)} |`,
    );
  return lines.join('\n');
}

/** The pair ceiling and each manager's burst and backlog throughput as a share of it. */
export function ceilingTable(res: ScaleResults): string {
  const c = res.ceiling;
  // A rate saved as null (NaN in JSON) is no rate, not 0%.
  const share = (perSecond: number | null) =>
    percent(c && typeof perSecond === 'number' ? perSecond / c.pairsPerSecond : NaN);
  const lines = [
    '| | TrainJobs/s (ceiling: pairs/s) | share of the ceiling | p99 (ms) | machine busy | API server + etcd CPU s per 1,000 | manager (ceiling: client) CPU s per 1,000 |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  if (c)
    lines.push(
      `| pair ceiling (ConfigMap + JobSet apply) | ${fmt(c.pairsPerSecond, 1)} | 100% | ${fmt(c.pairP99Ms, 0)} | ${cpu(c.n, c.machine, c.clientCpuSeconds)} |`,
    );
  for (const b of res.bursts)
    lines.push(
      `| ${b.manager}, burst of ${b.n} (TrainJobs created meanwhile${partial(b)}) | ${fmt(b.trainJobsPerSecond, 1)} | ${share(b.trainJobsPerSecond)} | ${fmt(b.latencyP99Ms, 0)} | ${cpu(b.n, b.toJobSet.machine, b.toJobSet.cpuSeconds)} |`,
    );
  for (const b of res.backlogs)
    lines.push(
      `| ${b.manager}, backlog of ${b.n} (TrainJobs created before the start${partial(b)}) | ${fmt(b.trainJobsPerSecond, 1)} | ${share(b.trainJobsPerSecond)} | – | ${cpu(b.n, b.machine, b.managerCpuSeconds)} |`,
    );
  return lines.join('\n');
}

/** One colour per manager, in the order of `managers`. */
const MANAGER_COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e'];

/** The two plots: memory against N, and create→JobSet latency against the steady rate. */
export function scalePlots(res: ScaleResults): { memory: string; latency: string } {
  const color = (m: string) => MANAGER_COLORS[res.managers.indexOf(m) % MANAGER_COLORS.length];
  const memory = linePlot({
    title: 'Manager memory after a restart on N TrainJobs',
    xLabel: 'TrainJobs in the cluster (N; 2 pods each, 10% running)',
    yLabel: 'MiB',
    series: res.managers.flatMap((m) => {
      const rs = res.relists.filter((r) => r.manager === m).sort((a, b) => a.n - b.n);
      return [
        { name: `${m}: peak RSS`, points: rs.map((r) => [r.n, r.peakRssMiB] as const), color: color(m) },
        {
          name: `${m}: settled RssAnon`,
          points: rs.map((r) => [r.n, r.settledAnonRssMiB] as const),
          color: color(m),
          dashed: true,
        },
      ];
    }),
  });
  const latency = linePlot({
    title: `Create → JobSet under steady load (on ${Math.max(0, ...res.relists.map((r) => r.n)).toLocaleString('en-US')} TrainJobs)`,
    xLabel: 'TrainJobs created per second',
    yLabel: 'ms',
    series: res.managers.flatMap((m) => {
      const ss = res.steady.filter((s) => s.manager === m).sort((a, b) => a.rate - b.rate);
      return [
        { name: `${m}: p99`, points: ss.map((s) => [s.rate, s.p99Ms] as const), color: color(m) },
        {
          name: `${m}: p50`,
          points: ss.map((s) => [s.rate, s.p50Ms] as const),
          color: color(m),
          dashed: true,
        },
      ];
    }),
  });
  return { memory, latency };
}
