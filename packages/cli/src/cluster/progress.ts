// SPDX-License-Identifier: Apache-2.0
// Live progress of TrainJobs where a person waits: without a terminal one plain line per change; on
// a terminal a view redrawn in place (its cursor and erase sequences from ansi-escapes), one bar per
// step.

import ansiEscapes from 'ansi-escapes';
import type { TrainJobWithSteps } from './read-trainjobs.js';
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

/** The lines of the terminal view: per job its state, then one bar per replicated job (names escaped). */
export function progressView(jobs: readonly TrainJobWithSteps[]): string[] {
  const lines: string[] = [];
  for (const item of jobs) {
    lines.push(escapeForTerminal(`${item.job.metadata.name ?? ''}  ${stateOf(item.job, item.steps)}`));
    for (const [job, c] of phaseCounts(item.steps))
      lines.push(`  ${escapeForTerminal(job).padEnd(18)} [${progressBar(c)}] ${countsText('', c).slice(2)}`);
  }
  return lines;
}

function clock(now: Date): string {
  return now.toISOString().slice(11, 19);
}

/** One line per job whose line changed, prefixed with the time. */
export function plainProgress(write: (text: string) => void, now: () => Date): ProgressSink {
  const last = new Map<string, string>();
  return {
    update(jobs) {
      for (const item of jobs) {
        const line = progressLine(item);
        const key = `${item.job.metadata.namespace}/${item.job.metadata.name}`;
        if (last.get(key) === line) continue;
        last.set(key, line);
        write(`${clock(now())}  ${line}\n`);
      }
    },
  };
}

/** `line` cut to fit a terminal `columns` wide without wrapping (one column spare). */
export function fitLine(line: string, columns: number | undefined): string {
  return columns !== undefined && columns > 1 && line.length >= columns ? line.slice(0, columns - 1) : line;
}

/**
 * The view redrawn in place: cursor up over the previous drawing, erase, draw. Each line is cut to
 * the terminal's width (`columns`, read at each drawing), so that none wraps and the cursor moves
 * up over exactly the lines drawn.
 */
export function terminalProgress(
  write: (text: string) => void,
  columns: () => number | undefined = () => undefined,
): ProgressSink {
  let drawn = 0;
  let previous = '';
  return {
    update(jobs) {
      const width = columns();
      const text = progressView(jobs)
        .map((line) => fitLine(line, width))
        .join('\n');
      if (text === previous) return;
      previous = text;
      const up = drawn > 0 ? ansiEscapes.cursorUp(drawn) : '';
      write(`${up}${ansiEscapes.cursorLeft}${ansiEscapes.eraseDown}${text}\n`);
      drawn = text.split('\n').length;
    },
  };
}
