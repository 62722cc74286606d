// SPDX-License-Identifier: Apache-2.0
// Throughput as a share of the pair ceiling, measured in rounds. On this shared 2-core machine the
// rates drifted by up to ±15% between runs of the same tree within an hour (issue 26: ceilings of
// 210 and 250 pairs/s, backlogs of 152, 177 and 207 TrainJobs/s), so a ceiling measured once,
// minutes before a backlog, is a weak measure of it. Each round therefore measures, for each
// manager, a pair ceiling immediately followed by a backlog of the same size, and the share is the
// backlog's rate over the ceiling just before it. The managers' order rotates from round to round
// so that none always runs first. The figure a manager is judged by is its median share over the
// rounds that drained completely; the table shows every round.
import { runBacklog, type BacklogResult } from './backlog-run.js';
import type { KubeClient, KubeObject } from './kube-client.js';
import type { ManagerLauncher } from './manager.js';
import { runPairCeiling, type PairCeilingResult } from './pair-ceiling.js';
import { waitQuiet } from './quiet.js';
import type { JobTemplate } from './scale-template.js';
import { median } from './stats.js';

/** A pair ceiling and the backlog drained right after it, on the same control plane. */
export interface ThroughputPair {
  /** 0-based round number. */
  round: number;
  ceiling: PairCeilingResult;
  backlog: BacklogResult;
}

/** How one round is run. */
export interface RoundsOptions {
  rounds: number;
  n: number;
  concurrency: number;
  template: JobTemplate;
  trainJob: (name: string) => KubeObject;
  /** Called with each pair as soon as it is measured (to keep and save it). */
  onPair: (pair: ThroughputPair) => void;
}

/** `items` rotated left by `by` (the order of the managers in round `by`). */
export function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Runs `options.rounds` rounds of (ceiling, backlog) per launcher, handing each pair to `onPair`. */
export async function runThroughputRounds(
  client: KubeClient,
  launchers: readonly ManagerLauncher[],
  options: RoundsOptions,
): Promise<void> {
  for (let round = 0; round < options.rounds; round++) {
    for (const launcher of rotate(launchers, round)) {
      await waitQuiet(client);
      const ceiling = await runPairCeiling(client, options.template, options.n, options.concurrency);
      await waitQuiet(client);
      const backlog = await runBacklog(client, launcher, options.n, options.concurrency, options.trainJob);
      options.onPair({ round, ceiling, backlog });
    }
  }
}

/** The backlog's rate over the ceiling measured just before it; NaN when either is no rate. */
export function shareOfCeiling(pair: ThroughputPair): number {
  const rate = pair.backlog.trainJobsPerSecond;
  const ceiling = pair.ceiling.pairsPerSecond;
  return typeof rate === 'number' && Number.isFinite(rate) && ceiling > 0 ? rate / ceiling : NaN;
}

/** One manager's shares over the rounds. */
export interface ShareSummary {
  manager: string;
  /** Rounds whose backlog drained completely: the median, least and greatest are over these. */
  rounds: number;
  /** Rounds left out: the backlog timed out before every JobSet came, or gave no rate. */
  partial: number;
  median: number;
  min: number;
  max: number;
}

/** Per manager (in the order of `managers`), the median, least and greatest share over its rounds. */
export function summarizeShares(
  pairs: readonly ThroughputPair[],
  managers: readonly string[],
): ShareSummary[] {
  return managers
    .map((manager) => {
      const own = pairs.filter((p) => p.backlog.manager === manager);
      const shares = own
        .filter((p) => p.backlog.withJobSet >= p.backlog.n)
        .map(shareOfCeiling)
        .filter(Number.isFinite);
      return {
        manager,
        rounds: shares.length,
        partial: own.length - shares.length,
        median: median(shares),
        min: shares.length ? Math.min(...shares) : NaN,
        max: shares.length ? Math.max(...shares) : NaN,
      };
    })
    .filter((s) => s.rounds + s.partial > 0);
}
