// SPDX-License-Identifier: Apache-2.0
// `kubetrain describe NAME`: spec summary (with the run times and the TTL left), conditions, jobs,
// the trainer's progress (percentage, ETA, last report, metrics), steps with their pods, the failing container of a failed job (pod, container, exit code, last log
// lines) and recent events.

import { findFailedContainer, type RunPolicyTtlView } from '@kubetrain/api';
import type { Session } from '../cluster/connect.js';
import { failureLog, failureText } from '../cluster/failure.js';
import { podsOf, readTrainJob } from '../cluster/read-trainjobs.js';
import { Refs } from '../cluster/refs.js';
import { progressSection } from '../cluster/progress-section.js';
import { readRunPolicy, runTimeRows } from '../cluster/run-times.js';
import { formatTable } from '../cluster/table.js';
import { age, stateOf, stepsOf } from '../cluster/trainjob-view.js';
import type { PodObject, Step, TrainJobObject } from '../cluster/trainjob-view.js';
import { ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

interface EventObject {
  type?: string;
  reason?: string;
  message?: string;
  firstTimestamp?: string;
  lastTimestamp?: string;
  eventTime?: string;
  involvedObject?: { kind?: string; name?: string };
  metadata: { creationTimestamp?: string };
}

function indent(text: string): string {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `  ${l}\n`)
    .join('');
}

function summary(
  job: TrainJobObject,
  steps: readonly Step[],
  now: Date,
  runPolicy: RunPolicyTtlView | undefined,
): string {
  const spec = job.spec;
  const rows: [string, string][] = [
    ['Name', job.metadata.name ?? ''],
    ['Namespace', job.metadata.namespace ?? ''],
    ['Runtime', `${spec?.runtimeRef?.kind ?? 'ClusterTrainingRuntime'}/${spec?.runtimeRef?.name ?? ''}`],
    ['State', stateOf(job, steps)],
    ['Nodes', String(spec?.trainer?.numNodes ?? '<runtime>')],
    ['Image', spec?.trainer?.image ?? '<runtime>'],
    ['Suspend', String(spec?.suspend ?? false)],
    ['Created', `${job.metadata.creationTimestamp ?? ''} (${age(job.metadata.creationTimestamp, now)} ago)`],
    ...runTimeRows(job, runPolicy, now),
  ];
  return rows.map(([k, v]) => `${`${k}:`.padEnd(12)}${escapeForTerminal(v)}\n`).join('');
}

/** The events about the TrainJob and its JobSet (same name), and its pods; newest last. */
async function eventsOf(session: Session, name: string, pods: readonly PodObject[]): Promise<EventObject[]> {
  const list = await session.client.list(Refs.Event, { namespace: session.namespace });
  const names = new Set([name, ...pods.map((p) => p.metadata.name)]);
  const when = (e: EventObject): string =>
    e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata.creationTimestamp ?? '';
  return (list.items as unknown as EventObject[])
    .filter((e) => names.has(e.involvedObject?.name))
    .sort((a, b) => when(a).localeCompare(when(b)))
    .slice(-20);
}

/** Prints the description of the TrainJob `name`. */
/**
 * The failure policy's restarts (KEP-4162, docs/failure-policy.md), only for a job that restarted:
 * how many, how many counted towards maxRestarts, and the last ones with their causes.
 */
export function restartsText(job: TrainJobObject, now: Date): string {
  const restarts = job.status?.restarts ?? 0;
  if (restarts <= 0) return '';
  const counted = job.status?.restartsCountTowardsMax ?? 0;
  let out = `Restarts:   ${restarts} (${counted} counted towards maxRestarts)\n`;
  const history = job.status?.restartHistory ?? [];
  if (history.length > 0) {
    out += indent(
      formatTable(
        ['AGE', 'REASON', 'COUNTED', 'MESSAGE'],
        history.map((r) => [
          age(r.time, now),
          r.reason ?? '',
          r.countsTowardsMax === true ? 'yes' : 'no',
          (r.message ?? '').split('\n')[0] ?? '',
        ]),
      ),
    );
  }
  return out;
}

export async function describeCommand(
  name: string,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const now = (config.now ?? (() => new Date()))();
  const job = await readTrainJob(session, name);
  const pods = await podsOf(session, session.namespace, name);
  const steps = stepsOf(pods);
  let out = summary(job, steps, now, await readRunPolicy(session, job));
  const conditions = job.status?.conditions ?? [];
  out += 'Conditions:\n';
  out += conditions.length
    ? indent(
        formatTable(
          ['TYPE', 'STATUS', 'REASON', 'MESSAGE'],
          conditions.map((c) => [c.type, c.status, c.reason ?? '', c.message ?? '']),
        ),
      )
    : '  <none>\n';
  const jobs = job.status?.jobsStatus ?? [];
  out += 'Jobs:\n';
  out += jobs.length
    ? indent(
        formatTable(
          ['NAME', 'ACTIVE', 'READY', 'SUCCEEDED', 'FAILED', 'SUSPENDED'],
          jobs.map((j) =>
            [j.name, j.active, j.ready, j.succeeded, j.failed, j.suspended].map((v) => String(v ?? 0)),
          ),
        ),
      )
    : '  <none>\n';
  out += restartsText(job, now);
  out += progressSection(job, stateOf(job, steps), now);
  out += 'Steps:\n';
  out += steps.length
    ? indent(
        formatTable(
          ['STEP', 'PHASE', 'POD'],
          steps.map((s) => [s.name, s.phase, s.pod]),
        ),
      )
    : '  <none>\n';
  const failure = stateOf(job, steps) === 'Failed' ? findFailedContainer(pods) : undefined;
  if (failure) {
    out += failureText('Failure:', failure, await failureLog(session, session.namespace, failure));
  }
  const events = await eventsOf(session, name, pods);
  out += 'Events:\n';
  out += events.length
    ? indent(
        formatTable(
          ['AGE', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'],
          events.map((e) => [
            age(e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata.creationTimestamp, now),
            e.type ?? '',
            e.reason ?? '',
            `${e.involvedObject?.kind ?? ''}/${e.involvedObject?.name ?? ''}`,
            (e.message ?? '').split('\n')[0] ?? '',
          ]),
        ),
      )
    : '  <none>\n';
  io.stdout(out);
  return ExitCode.Ok;
}
