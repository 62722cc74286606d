// SPDX-License-Identifier: Apache-2.0
// Live progress of TrainJobs where a person waits: without a terminal one plain line per change (a
// change of the trainer's reported percentage counts only when it enters another 10% step, so that
// logs stay small); on a terminal a view redrawn in place (its cursor and erase sequences from
// ansi-escapes): the trainer's progress bar with its ETA, then one bar per replicated job.

import ansiEscapes from 'ansi-escapes';
import type { TrainJobWithSteps } from './read-trainjobs.js';
import { etaOf, percentBar, percentStep, percentText, progressSummary } from './trainer-progress.js';
import { phaseCounts, stateOf } from './trainjob-view.js';
import type { PhaseCounts } from './trainjob-view.js';
import { escapeForTerminal } from '../terminal-text.js';

/** Where progress goes. */
export interface ProgressSink {
  /** Shows the current snapshot of the jobs. */
  update(jobs: readonly TrainJobWithSteps[]): void;
}

const BAR_WIDTH = 20;

function countsText(job: string, c: PhaseCounts): string {
  return `${job}: pending ${c.pending}, running ${c.running}, succeeded ${c.succeeded}, failed ${c.failed}`;
}

/** The plain line of one job (without the time): `<name>  <State>  [node: pending 0, ...]`. */
function progressLine(item: TrainJobWithSteps): string {
  const counts = [...phaseCounts(item.steps)].map(([job, c]) => countsText(job, c));
  const line = `${item.job.metadata.name ?? ''}  ${stateOf(item.job, item.steps).padEnd(9)}  [${counts.join('; ') || 'no pods'}]`;
  return escapeForTerminal(line);
}

/** The plain line with the trainer's progress when it reported: `...]  progress 42%, ETA 1h05m`. */
function progressLineAt(item: TrainJobWithSteps, now: Date): string {
  const summary = progressSummary(item.job.status?.trainerStatus, stateOf(item.job, item.steps), now);
  return summary === '' ? progressLine(item) : `${progressLine(item)}  ${escapeForTerminal(summary)}`;
}

/** A bar of `width` cells: `=` succeeded, `>` running, `x` failed, `.` pending. */
export function progressBar(c: PhaseCounts, width = BAR_WIDTH): string {
  const total = c.pending + c.running + c.succeeded + c.failed;
  if (total === 0) return '.'.repeat(width);
  const cells = (n: number): number => Math.round((n / total) * width);
  const s = cells(c.succeeded);
  const r = Math.min(width - s, cells(c.running));
  const f = Math.min(width - s - r, cells(c.failed));
  return '='.repeat(s) + '>'.repeat(r) + 'x'.repeat(f) + '.'.repeat(width - s - r - f);
}

/** The trainer's bar line: `  progress           [=======>............] 42%  ETA 1h05m`; none without a percentage. */
function trainerBarLine(item: TrainJobWithSteps, now: Date): string[] {
  const status = item.job.status?.trainerStatus;
  const percent = status?.progressPercentage;
  if (percent === undefined) return [];
  const eta = etaOf(status, stateOf(item.job, item.steps), now);
  const tail = `${percentText(percent)}${eta === '-' ? '' : `  ETA ${eta}`}`;
  return [`  ${'progress'.padEnd(18)} ${percentBar(percent, BAR_WIDTH)} ${escapeForTerminal(tail)}`];
}

/**
 * The lines of the terminal view: per job its state, the trainer's progress bar when it reported a
 * percentage, then one bar per replicated job (names escaped).
 */
export function progressView(jobs: readonly TrainJobWithSteps[], now: Date = new Date()): string[] {
  const lines: string[] = [];
  for (const item of jobs) {
    lines.push(escapeForTerminal(`${item.job.metadata.name ?? ''}  ${stateOf(item.job, item.steps)}`));
    lines.push(...trainerBarLine(item, now));
    for (const [job, c] of phaseCounts(item.steps))
      lines.push(`  ${escapeForTerminal(job).padEnd(18)} [${progressBar(c)}] ${countsText('', c).slice(2)}`);
  }
  return lines;
}

function clock(now: Date): string {
  return now.toISOString().slice(11, 19);
}

/**
 * One line per job whose line changed, prefixed with the time: its state or pods changed, or the
 * trainer's percentage entered another step (a new ETA alone writes nothing).
 */
export function plainProgress(write: (text: string) => void, now: () => Date): ProgressSink {
  const last = new Map<string, string>();
  return {
    update(jobs) {
      for (const item of jobs) {
        const at = now();
        const changeKey = `${progressLine(item)}\0${percentStep(item.job.status?.trainerStatus?.progressPercentage)}`;
        const key = `${item.job.metadata.namespace}/${item.job.metadata.name}`;
        if (last.get(key) === changeKey) continue;
        last.set(key, changeKey);
        write(`${clock(at)}  ${progressLineAt(item, at)}\n`);
      }
    },
  };
}

/** `line` cut to fit a terminal `columns` wide without wrapping (one column spare). */
export function fitLine(line: string, columns: number | undefined): string {
  return columns !== undefined && columns > 1 && line.length >= columns ? line.slice(0, columns - 1) : line;
}

/**
 * The rows `lines` (each ending in a line break) take on a terminal `columns` wide: a line longer
 * than the width takes more than one row once a terminal narrowed since it was drawn (terminals
 * reflow their lines on a resize).
 */
export function rowsTaken(lines: readonly string[], columns: number | undefined): number {
  if (columns === undefined || columns < 1) return lines.length;
  return lines.reduce((rows, line) => rows + Math.max(1, Math.ceil(line.length / columns)), 0);
}

/**
 * The view redrawn in place: cursor up over the previous drawing, erase, draw. Each line is cut to
 * the terminal's width (`columns`, read at each drawing), so that none wraps; the cursor moves up
 * over the rows the previous drawing takes at the current width, so a terminal resized between two
 * drawings is redrawn over the right rows.
 */
export function terminalProgress(
  write: (text: string) => void,
  columns: () => number | undefined = () => undefined,
  now: () => Date = () => new Date(),
): ProgressSink {
  let drawn: string[] = [];
  let previous = '';
  return {
    update(jobs) {
      const width = columns();
      const lines = progressView(jobs, now()).map((line) => fitLine(line, width));
      const text = lines.join('\n');
      if (text === previous) return;
      previous = text;
      const rows = rowsTaken(drawn, width);
      const up = rows > 0 ? ansiEscapes.cursorUp(rows) : '';
      write(`${up}${ansiEscapes.cursorLeft}${ansiEscapes.eraseDown}${text}\n`);
      drawn = lines;
    },
  };
}
