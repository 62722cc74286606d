// SPDX-License-Identifier: Apache-2.0
// Fewer status writes: the reports of one TrainJob reach the API server at most once per interval,
// the latest report always wins and is never dropped, and each namespace has a write budget (a token
// bucket), so that one tenant's chatty jobs cannot spend the status server's client QPS. Memory is
// bounded: one pending value per job, a job's last-write time kept for one interval only, a
// namespace's bucket only while it is not full. The coalescer owns no timer: the server calls
// flush() at nextDueMs() (clock and writer injected, so tests drive it step by step).
import { FieldManagers } from '@kubetrain/api/core';
import { type ReportedTrainerStatus, storedTrainerStatus } from './payload.js';

/** The merge patch of `/status` that replaces `status.trainerStatus` as a whole. */
export type TrainerStatusPatch = { readonly status: { readonly trainerStatus: Record<string, unknown> } };

/** Writes one TrainJob's trainerStatus (merge patch of `/status`, field manager {@link STATUS_FIELD_MANAGER}). */
export interface TrainerStatusWriter {
  /** Resolves `notFound` when the TrainJob is gone; rejects on any other failure (the value is kept and retried). */
  /**
   * `rejected`: the API server refused the value itself (400, 422), which no retry can change
   * (reports are checked against the CRD before they are accepted, so this is rare).
   */
  patchStatus(
    namespace: string,
    name: string,
    patch: TrainerStatusPatch,
  ): Promise<'written' | 'notFound' | 'rejected'>;
}

/** Upstream's field manager for these writes. */
export const STATUS_FIELD_MANAGER = FieldManagers.TrainerStatus;

/** How often reports become writes. */
export interface CoalescerOptions {
  /** At most one write per job per this many ms. */
  readonly intervalMs: number;
  /** Writes per second a namespace may spend, on average. */
  readonly namespaceQps: number;
  /** Writes a namespace may spend at once. */
  readonly namespaceBurst: number;
}

/** Defaults: the SDK posts at most every 5 s, so a well-behaved trainer is never held back. */
export const DEFAULT_COALESCER_OPTIONS: CoalescerOptions = {
  intervalMs: 5_000,
  namespaceQps: 2,
  namespaceBurst: 10,
};

/** What one flush did. */
export interface FlushReport {
  written: number;
  /** Writes that failed; their values wait for the next flush (unless a newer report replaced them). */
  failed: number;
  /** Values dropped because their TrainJob is gone. */
  gone: number;
  /** Values dropped because the API server refused them (400, 422): never retried. */
  rejected: number; /** Values dropped because the stored status holds a newer report (another replica's). */
  superseded: number;
}

/**
 * Replaces the whole trainerStatus, as upstream's apply with ForceOwnership does: a field the report
 * omits is sent as null, so the merge patch removes what an earlier report set.
 */
export function trainerStatusPatch(status: ReportedTrainerStatus): TrainerStatusPatch {
  return {
    status: {
      trainerStatus: {
        progressPercentage: null,
        estimatedRemainingSeconds: null,
        metrics: null,
        ...storedTrainerStatus(status),
      },
    },
  };
}

interface Bucket {
  tokens: number;
  at: number;
}

/** See the module comment. */
export class TrainerStatusCoalescer {
  /** Latest unwritten report per job key (`ns/name`), in the order the jobs became pending. */
  private readonly pending = new Map<
    string,
    { namespace: string; name: string; status: ReportedTrainerStatus }
  >();
  private readonly lastWrite = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly writer: TrainerStatusWriter,
    private readonly now: () => number,
    private readonly options: CoalescerOptions = DEFAULT_COALESCER_OPTIONS,
    /**
     * The `lastUpdatedTime` the job's stored status holds (the manager's cache). With several
     * replicas each holds its own pending reports: a value older than the stored one (another
     * replica wrote a newer report meanwhile) is dropped, not written over the newer one.
     */
    private readonly storedTime: (namespace: string, name: string) => string | undefined = () => undefined,
  ) {}

  /** Records a report; it replaces the job's unwritten one. */
  offer(namespace: string, name: string, status: ReportedTrainerStatus): void {
    this.pending.set(`${namespace}/${name}`, { namespace, name, status });
  }

  /** How many jobs have an unwritten report. */
  get pendingJobs(): number {
    return this.pending.size;
  }

  /** How many jobs and namespaces the coalescer remembers anything about (for the bound). */
  get rememberedEntries(): number {
    return this.pending.size + this.lastWrite.size + this.buckets.size;
  }

  /** When flush() has something to write (ms since the epoch), or undefined when nothing is pending. */
  nextDueMs(): number | undefined {
    const now = this.now();
    let due: number | undefined;
    for (const [key, { namespace }] of this.pending) {
      if (this.inFlight.has(key)) continue;
      const jobDue = (this.lastWrite.get(key) ?? -Infinity) + this.options.intervalMs;
      const tokens = this.tokens(namespace, now);
      const budgetDue = tokens >= 1 ? now : now + ((1 - tokens) / this.options.namespaceQps) * 1000;
      const at = Math.max(now, jobDue, budgetDue);
      if (due === undefined || at < due) due = at;
    }
    return due;
  }

  /**
   * Writes every pending report whose job's interval has passed and whose namespace has budget, in
   * the order the jobs became pending (a written job that reports again goes to the back).
   */
  async flush(): Promise<FlushReport> {
    return this.writePending(false);
  }

  /**
   * At shutdown: writes every pending report now, whatever the job's interval and the namespace's
   * budget (at most one write per pending job; the writer's client limit still applies), so that a
   * stopping replica does not drop the latest reports. The caller bounds it in time.
   */
  async drain(): Promise<FlushReport> {
    return this.writePending(true);
  }

  private async writePending(all: boolean): Promise<FlushReport> {
    const now = this.now();
    this.forgetOld(now);
    const writes: Promise<void>[] = [];
    const report: FlushReport = { written: 0, failed: 0, gone: 0, rejected: 0, superseded: 0 };
    for (const [key, entry] of this.pending) {
      if (this.inFlight.has(key)) continue;
      if (!all && (this.lastWrite.get(key) ?? -Infinity) + this.options.intervalMs > now) continue;
      if (!all && !this.take(entry.namespace, now)) continue;
      this.pending.delete(key);
      if (isOlder(entry.status.lastUpdatedTime, this.storedTime(entry.namespace, entry.name))) {
        report.superseded++;
        continue;
      }
      this.inFlight.add(key);
      this.lastWrite.set(key, now);
      writes.push(this.write(key, entry, report));
    }
    await Promise.all(writes);
    return report;
  }

  private async write(
    key: string,
    entry: { namespace: string; name: string; status: ReportedTrainerStatus },
    report: FlushReport,
  ): Promise<void> {
    try {
      const outcome = await this.writer.patchStatus(
        entry.namespace,
        entry.name,
        trainerStatusPatch(entry.status),
      );
      if (outcome === 'written') report.written++;
      else if (outcome === 'rejected') report.rejected++;
      else {
        report.gone++;
        // Reports that arrived during the write are for a job that is gone too.
        this.pending.delete(key);
      }
    } catch {
      report.failed++;
      // Never lost: the failed value waits again, unless a newer report arrived meanwhile.
      if (!this.pending.has(key)) this.pending.set(key, entry);
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** The namespace's tokens at `now` (a full bucket is not stored). */
  private tokens(namespace: string, now: number): number {
    const bucket = this.buckets.get(namespace);
    if (bucket === undefined) return this.options.namespaceBurst;
    return Math.min(
      this.options.namespaceBurst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.options.namespaceQps,
    );
  }

  private take(namespace: string, now: number): boolean {
    const tokens = this.tokens(namespace, now);
    if (tokens < 1) return false;
    this.buckets.set(namespace, { tokens: tokens - 1, at: now });
    return true;
  }

  /** Drops last-write times older than one interval and buckets that have refilled. */
  private forgetOld(now: number): void {
    for (const [key, at] of this.lastWrite)
      if (at + this.options.intervalMs <= now && !this.inFlight.has(key)) this.lastWrite.delete(key);
    for (const namespace of this.buckets.keys())
      if (this.tokens(namespace, now) >= this.options.namespaceBurst) this.buckets.delete(namespace);
  }
}

/** Whether RFC 3339 time `a` is strictly before `b` (false when either is absent or unreadable). */
function isOlder(a: string | null | undefined, b: string | undefined): boolean {
  if (a === undefined || a === null || b === undefined) return false;
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  return Number.isFinite(ta) && Number.isFinite(tb) && ta < tb;
}
