// SPDX-License-Identifier: Apache-2.0
// `kubetrain get [NAME...]`: TrainJobs as kubectl prints them; `--watch` follows them.

import type { Session } from '../cluster/connect.js';
import { follow } from '../cluster/follow.js';
import { formatObjects } from '../cluster/print-objects.js';
import type { OutputFormat } from '../cluster/print-objects.js';
import { plainProgress, terminalProgress } from '../cluster/progress.js';
import { listTrainJobs, readTrainJob, withSteps } from '../cluster/read-trainjobs.js';
import type { TrainJobWithSteps } from '../cluster/read-trainjobs.js';
import { formatTable } from '../cluster/table.js';
import { etaOf, lastReportText, percentText } from '../cluster/trainer-progress.js';
import { age, stateOf, stepsReady } from '../cluster/trainjob-view.js';
import { ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** Options of {@link getCommand}. */
interface GetOptions {
  readonly names: readonly string[];
  readonly output: OutputFormat;
  readonly watch: boolean;
  readonly allNamespaces: boolean;
}

/** `trainjob.trainer.kubeflow.org`, as `-o name` prints it. */
const TRAINJOB_RESOURCE = 'trainjob.trainer.kubeflow.org';

/**
 * The table columns, with the trainer's progress (PROGRESS, ETA: `-` without a report; the ETA
 * counts down from the last report, `-` once the job ended); `wide` adds the runtime kind, the image
 * and the time since the last report.
 */
export function trainJobTable(
  items: readonly TrainJobWithSteps[],
  wide: boolean,
  withNamespace: boolean,
  now: Date,
): string {
  const header = [
    ...(withNamespace ? ['NAMESPACE'] : []),
    'NAME',
    'STATE',
    'RUNTIME',
    'NODES',
    'STEPS-READY',
    'PROGRESS',
    'ETA',
    'AGE',
    ...(wide ? ['RUNTIME-KIND', 'IMAGE', 'LAST-REPORT'] : []),
  ];
  const rows = items.map(({ job, steps }) => {
    const state = stateOf(job, steps);
    const trainer = job.status?.trainerStatus;
    return [
      ...(withNamespace ? [job.metadata.namespace ?? ''] : []),
      job.metadata.name ?? '',
      state,
      job.spec?.runtimeRef?.name ?? '',
      String(job.spec?.trainer?.numNodes ?? (steps.filter((s) => s.job === 'node').length || '-')),
      stepsReady(job, steps),
      percentText(trainer?.progressPercentage),
      etaOf(trainer, state, now),
      age(job.metadata.creationTimestamp, now),
      ...(wide
        ? [
            job.spec?.runtimeRef?.kind ?? '',
            job.spec?.trainer?.image ?? '<runtime>',
            lastReportText(trainer, now),
          ]
        : []),
    ];
  });
  return formatTable(header, rows);
}

/** Prints the TrainJobs named (or all of the namespace); with `watch` keeps following them. */
export async function getCommand(
  options: GetOptions,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const now = config.now ?? (() => new Date());
  const read = async (): Promise<TrainJobWithSteps[]> => {
    const jobs =
      options.names.length > 0
        ? await Promise.all(options.names.map((n) => readTrainJob(session, n)))
        : await listTrainJobs(session);
    return withSteps(session, jobs);
  };
  if (options.watch) {
    const sink = config.stdoutIsTTY
      ? terminalProgress(io.stdout, config.terminalColumns, now)
      : plainProgress(io.stdout, now);
    let first = true;
    await follow(read, sink, (items) => {
      if (first && items.length === 0)
        io.stderr(
          `No resources found in ${escapeForTerminal(session.listNamespace ?? 'any')} namespace; watching.\n`,
        );
      first = false;
      return undefined;
    });
    return ExitCode.Ok;
  }
  const items = await read();
  if (options.output === 'table' || options.output === 'wide') {
    if (items.length === 0) {
      io.stderr(`No resources found in ${escapeForTerminal(session.listNamespace ?? 'any')} namespace.\n`);
      return ExitCode.Ok;
    }
    io.stdout(trainJobTable(items, options.output === 'wide', options.allNamespaces, now()));
  } else {
    io.stdout(
      formatObjects(
        options.output,
        items.map((i) => i.job),
        options.names.length === 1,
        TRAINJOB_RESOURCE,
      ),
    );
  }
  return ExitCode.Ok;
}
