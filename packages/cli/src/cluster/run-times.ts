// SPDX-License-Identifier: Apache-2.0
// What `kubetrain describe` shows of a TrainJob's run times (KEP-2899): when it started, when it
// finished, and its TTL after finished with the time left before the manager deletes it. The TTL
// rule is @kubetrain/api's, the one the manager enforces.
import { Kinds, ttlAfterFinished, type RunPolicyTtlView } from '@kubetrain/api';
import type { Session } from './connect.js';
import { Refs } from './refs.js';
import { age, durationText, type TrainJobObject } from './trainjob-view.js';

/**
 * The summary rows (label, unescaped value) of `job`'s run times at `now`, `runPolicy` being its
 * runtime's: `Started` and `Completed` when the status has them; `TTL` when the job or its runtime
 * sets one (the runtime's marked as the default), with the time left once the job has finished.
 */
export function runTimeRows(
  job: TrainJobObject,
  runPolicy: RunPolicyTtlView | undefined,
  now: Date,
): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const { startTime, completionTime } = job.status ?? {};
  if (startTime !== undefined) rows.push(['Started', `${startTime} (${age(startTime, now)} ago)`]);
  if (completionTime !== undefined)
    rows.push(['Completed', `${completionTime} (${age(completionTime, now)} ago)`]);
  const own = job.spec?.ttlSecondsAfterFinished;
  const seconds = own ?? runPolicy?.ttlSecondsAfterFinished;
  if (seconds === undefined) return rows;
  let ttl = `${seconds}s after finishing${own === undefined ? ' (runtime default)' : ''}`;
  const running = ttlAfterFinished(job, runPolicy);
  if (running !== undefined) {
    const leftMs = running.expiresAtMs - now.getTime();
    ttl += leftMs > 0 ? `; deleted in ${durationText(leftMs)}` : '; due for deletion';
  }
  rows.push(['TTL', ttl]);
  return rows;
}

/**
 * The run policy of `job`'s runtime, read only when the job sets no TTL of its own; undefined when
 * the runtime cannot be read (gone, or not readable by the user: describe shows what it can).
 */
export async function readRunPolicy(
  session: Session,
  job: TrainJobObject,
): Promise<RunPolicyTtlView | undefined> {
  const ref = job.spec?.runtimeRef;
  if (job.spec?.ttlSecondsAfterFinished !== undefined || ref?.name === undefined) return undefined;
  const cluster = (ref.kind ?? Kinds.ClusterTrainingRuntime) === Kinds.ClusterTrainingRuntime;
  try {
    const runtime = (await session.client.get(
      cluster ? Refs.ClusterTrainingRuntime : Refs.TrainingRuntime,
      ref.name,
      cluster ? {} : { namespace: job.metadata.namespace ?? session.namespace },
    )) as { spec?: { runPolicy?: RunPolicyTtlView } };
    return runtime.spec?.runPolicy;
  } catch {
    return undefined;
  }
}
