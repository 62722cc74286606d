// SPDX-License-Identifier: Apache-2.0
// The Progress section of `kubetrain describe`: the trainer's last report (status.trainerStatus):
// percentage, ETA, the time since the report (stale when old) and the metrics, at most
// MAX_METRICS_SHOWN of them. Every value is escaped: names and values come from the trainer's pods.

import type { TrainJobState } from '@kubetrain/api';
import { formatTable } from './table.js';
import {
  etaOf,
  isStale,
  lastReportText,
  MAX_METRICS_SHOWN,
  NO_VALUE,
  percentBar,
  percentText,
  shownMetrics,
  STALE_AFTER_MS,
} from './trainer-progress.js';
import { durationText, type TrainJobObject } from './trainjob-view.js';
import { escapeForTerminal } from '../terminal-text.js';

const BAR_WIDTH = 20;

/** `  Label:       value\n`, the value escaped. */
function row(label: string, value: string): string {
  return `  ${`${label}:`.padEnd(14)}${escapeForTerminal(value)}\n`;
}

/** The section, from `Progress:` to its last line; `  <none>` when the trainer never reported. */
export function progressSection(
  job: TrainJobObject,
  state: TrainJobState,
  now: Date,
  maxMetrics = MAX_METRICS_SHOWN,
): string {
  const status = job.status?.trainerStatus;
  if (status === undefined) return 'Progress:\n  <none>\n';
  let out = 'Progress:\n';
  const percent = status.progressPercentage;
  out += row(
    'Percent',
    percent === undefined ? NO_VALUE : `${percentText(percent)}  ${percentBar(percent, BAR_WIDTH)}`,
  );
  out += row('ETA', etaOf(status, state, now));
  if (status.lastUpdatedTime !== undefined) {
    const stale = isStale(status, state, now)
      ? `; stale: no report for over ${durationText(STALE_AFTER_MS)}, the trainer may be stuck or gone`
      : '';
    out += row('Last report', `${status.lastUpdatedTime} (${lastReportText(status, now)} ago${stale})`);
  }
  const { shown, more } = shownMetrics(status, maxMetrics);
  if (shown.length === 0) return `${out}  Metrics:      <none>\n`;
  out += '  Metrics:\n';
  out += formatTable(['NAME', 'VALUE'], shown)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `    ${l}\n`)
    .join('');
  if (more > 0) {
    const name = escapeForTerminal(job.metadata.name ?? '');
    const namespace = escapeForTerminal(job.metadata.namespace ?? '');
    out += `    ... and ${more} more (all of them: kubetrain get ${name} -n ${namespace} -o yaml)\n`;
  }
  return out;
}
