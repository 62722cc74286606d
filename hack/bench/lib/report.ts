// SPDX-License-Identifier: Apache-2.0
// The controller benchmark's report: one Markdown table per N, a column per manager (and the
// ceiling), each figure followed by its ratio against the upstream baseline of the same run.
import type { CeilingResult } from './ceiling-run.js';
import type { RunResult } from './manager-run.js';
import type { MemoryResult } from './memory-check.js';
import { sum, type RequestCounts } from './request-counts.js';
import { ratio } from './stats.js';

/** Everything measured at one N. */
export interface NResults {
  n: number;
  ceiling?: CeilingResult;
  runs: RunResult[];
}

type Cell = number | undefined;
interface Row {
  label: string;
  ceiling?: Cell;
  value: (r: RunResult) => Cell;
  digits?: number;
}

function fmt(v: Cell, digits = 1): string {
  if (v === undefined || Number.isNaN(v)) return '–';
  return v.toFixed(digits);
}

function withRatio(v: Cell, base: Cell, digits?: number): string {
  const r = ratio(v, base);
  return Number.isNaN(r) ? fmt(v, digits) : `${fmt(v, digits)} (${r.toFixed(2)}×)`;
}

const perJob = (counts: RequestCounts | undefined, n: number, key?: string): Cell =>
  counts === undefined ? undefined : (key === undefined ? sum(counts) : (counts.get(key) ?? 0)) / n;

/** The request rows (verb resource) that appear in any run's manager counts, sorted. */
function requestKeys(runs: RunResult[], pick: (r: RunResult) => RequestCounts | undefined): string[] {
  const keys = new Set<string>();
  for (const r of runs) for (const k of pick(r)?.keys() ?? []) keys.add(k);
  return [...keys].sort();
}

/** The Markdown table of one N. `baseline` names the manager the ratios are against. */
export function nTable(results: NResults, baseline = 'upstream'): string {
  const { n, runs, ceiling } = results;
  const base = runs.find((r) => r.manager === baseline) ?? runs[0];
  const rows: Row[] = [
    {
      label: 'time to create the N TrainJobs, harness (s)',
      value: (r) => r.createSeconds,
    },
    {
      label: 'time until every TrainJob has a JobSet (s)',
      ceiling: ceiling?.seconds,
      value: (r) => r.jobSetSeconds,
    },
    {
      label: 'TrainJobs/s (ceiling: JobSets/s)',
      ceiling: ceiling?.jobSetsPerSecond,
      value: (r) => r.trainJobsPerSecond,
    },
    {
      label: 'create→JobSet p50 (ms; ceiling: apply p50)',
      ceiling: ceiling?.applyP50Ms,
      value: (r) => r.latencyP50Ms,
      digits: 0,
    },
    {
      label: 'create→JobSet p99 (ms; ceiling: apply p99)',
      ceiling: ceiling?.applyP99Ms,
      value: (r) => r.latencyP99Ms,
      digits: 0,
    },
    {
      label: 'manager requests / TrainJob up to the JobSet',
      value: (r) => perJob(r.toJobSet.manager, n),
      digits: 2,
    },
    ...requestKeys(runs, (r) => r.toJobSet.manager).map((k): Row => ({
      label: `  ${k}`,
      value: (r) => perJob(r.toJobSet.manager, n, k),
      digits: 2,
    })),
    {
      label: 'manager requests / TrainJob, whole lifecycle',
      value: (r) => perJob(r.lifecycle?.manager, n),
      digits: 2,
    },
    ...requestKeys(runs, (r) => r.lifecycle?.manager).map((k): Row => ({
      label: `  ${k}`,
      value: (r) => perJob(r.lifecycle?.manager, n, k),
      digits: 2,
    })),
    {
      label: 'manager client-side requests / TrainJob, lifecycle (rest_client_requests_total)',
      value: (r) => (r.lifecycle && r.lifecycle.client.size ? perJob(r.lifecycle.client, n) : undefined),
      digits: 2,
    },
    {
      label: 'all clients but the harness: requests / TrainJob, lifecycle',
      value: (r) => perJob(r.lifecycle?.all, n),
      digits: 1,
    },
    { label: 'TrainJob reconciles up to the JobSet', value: (r) => r.toJobSet.reconciles, digits: 0 },
    { label: 'reconcile errors up to the JobSet', value: (r) => r.toJobSet.reconcileErrors, digits: 0 },
    { label: 'TrainJob reconciles, lifecycle', value: (r) => r.lifecycle?.reconciles, digits: 0 },
    { label: 'reconcile errors, lifecycle', value: (r) => r.lifecycle?.reconcileErrors, digits: 0 },
    { label: 'manager CPU s up to the JobSet', value: (r) => r.toJobSet.cpuSeconds, digits: 2 },
    { label: 'manager CPU s, lifecycle', value: (r) => r.lifecycle?.cpuSeconds, digits: 2 },
    { label: 'lifecycle: first create → last TrainJob finished (s)', value: (r) => r.lifecycle?.seconds },
    { label: 'manager peak RSS (MiB)', value: (r) => r.peakRssMiB },
    {
      label: 'manager peak anonymous RSS (MiB; RssAnon, sampled every 100 ms)',
      value: (r) => r.peakAnonRssMiB,
    },
    {
      label: 'kube-apiserver + etcd CPU s, lifecycle (or to the JobSets)',
      value: (r) => (r.lifecycle ?? r.toJobSet).machine.controlPlaneCpuSeconds,
      digits: 1,
    },
    {
      label: 'machine busy (% of 2 cores, all processes), same window',
      value: (r) => 100 * (r.lifecycle ?? r.toJobSet).machine.busyShare,
      digits: 0,
    },
  ];
  const header = ['figure', ...(ceiling ? ['ceiling'] : []), ...runs.map((r) => r.manager)];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const b = base ? row.value(base) : undefined;
    const cells = [
      row.label,
      ...(ceiling ? [row.ceiling === undefined ? '' : withRatio(row.ceiling, b, row.digits)] : []),
      ...runs.map((r) =>
        r === base ? fmt(row.value(r), row.digits) : withRatio(row.value(r), b, row.digits),
      ),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const notes = runs
    .filter(
      (r) =>
        r.withJobSet < n ||
        (r.lifecycle && r.lifecycle.complete + r.lifecycle.failed < n) ||
        r.lifecycle?.failed,
    )
    .map(
      (r) =>
        `- ${r.manager}: ${r.withJobSet}/${n} JobSets` +
        (r.lifecycle ? `, ${r.lifecycle.complete} Complete, ${r.lifecycle.failed} Failed` : ''),
    );
  for (const r of runs) {
    if (r.foreignNamespaces.length) {
      notes.push(
        `- ${r.manager}: TrainJobs of other work were in the cluster (${r.foreignNamespaces.join(', ')}); ` +
          'upstream reconciles them too, and their requests may be in the window',
      );
    }
  }
  return [`### N = ${n}`, '', ...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** The Markdown table of the memory check. */
export function memoryTable(results: MemoryResult[], baseline = 'upstream'): string {
  const base = results.find((r) => r.manager === baseline) ?? results[0];
  const lines = [
    '| manager | peak RSS, settled (MiB) | with the ConfigMaps (MiB) | growth (MiB) |',
    '|---|---|---|---|',
  ];
  for (const r of results) {
    const cell = (v: number, b: number | undefined) => (r === base ? fmt(v) : withRatio(v, b));
    lines.push(
      `| ${r.manager} | ${cell(r.withoutMiB, base?.withoutMiB)} | ${cell(r.withMiB, base?.withMiB)} | ${cell(r.growthMiB, base?.growthMiB)} |`,
    );
  }
  return lines.join('\n');
}
