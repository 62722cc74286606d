// SPDX-License-Identifier: Apache-2.0
// A job page's charts of the trainer's reports (trainer-history.ts): the progress, then one small
// chart per numeric metric, over time. The only module that uses uPlot (the chart library): it draws
// on a canvas, writes its legend's labels as text (textContent) and sets its sizes through the CSSOM
// (`element.style.width = ...`), which the page's CSP (`style-src 'self'`) allows; it makes no
// <style> element and parses no markup. Its own style sheet is bundled into app.css.

import uPlot from 'uplot';
import { h, replaceChildren } from './dom.js';
import type { TrainerReport } from './feed-types.js';
import { MAX_POINTS, type TrainerHistory } from './trainer-history.js';

const WIDTH = 380;
const HEIGHT = 170;

/** The pane of the charts. */
export interface ChartsPane {
  readonly element: HTMLElement;
  /** Adds the job's last report (the same one again is ignored) and draws what changed. */
  update(report: TrainerReport | undefined): void;
  close(): void;
}

interface Series {
  readonly name: string;
  readonly values: readonly (number | null)[];
  readonly percent: boolean;
}

function color(variable: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
}

function lastValue(values: readonly (number | null)[]): number | null {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null) return values[i]!;
  return null;
}

/** How many points the chart of `series` draws (for the tests and assistive tools: the canvas has no text). */
function points(series: Series): number {
  return series.values.reduce<number>((n, v) => (v === null ? n : n + 1), 0);
}

function caption(series: Series): string {
  const last = lastValue(series.values);
  if (last === null) return `${series.name}: no number yet`;
  return `${series.name}: ${last}${series.percent ? '%' : ''} (last)`;
}

function newChart(target: HTMLElement, series: Series, times: readonly number[]): uPlot {
  const fg = color('--fg', '#1a1a1a');
  const line = color('--line', '#d0d0d0');
  const axis = { stroke: fg, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
  return new uPlot(
    {
      width: WIDTH,
      height: HEIGHT,
      scales: { x: { time: true }, y: series.percent ? { range: [0, 100] } : {} },
      series: [
        {},
        {
          label: series.name,
          stroke: color('--accent', '#0b57d0'),
          width: 2,
          spanGaps: true,
        },
      ],
      axes: [axis, { ...axis, size: 60 }],
      legend: { show: true },
    },
    [times.slice(), series.values.slice()],
    target,
  );
}

/** The charts of `history` (kept by the caller across visits of the page). */
export function chartsPane(history: TrainerHistory): ChartsPane {
  const note = h('p', { class: 'muted' });
  const grid = h('div', { class: 'charts' });
  const element = h('section', { class: 'charts-pane' }, h('h2', {}, 'Progress and metrics'), note, grid);
  let charts: { name: string; chart: uPlot; figure: HTMLElement; caption: HTMLElement }[] = [];

  const seriesOf = (): Series[] => {
    const c = history.columns();
    const all: Series[] = c.progress.some((p) => p !== null)
      ? [{ name: 'progress', values: c.progress, percent: true }]
      : [];
    for (const [name, values] of c.metrics) all.push({ name, values, percent: false });
    return all;
  };

  const destroy = (): void => {
    for (const c of charts) c.chart.destroy();
    charts = [];
  };

  const draw = (): void => {
    const c = history.columns();
    const series = seriesOf();
    if (series.length === 0) {
      destroy();
      replaceChildren(
        note,
        history.size === 0
          ? 'No progress report yet: the trainer reports its progress and metrics through the status server (status.trainerStatus).'
          : 'The reports so far have no progress and no numeric metric.',
      );
      replaceChildren(grid);
      return;
    }
    const left = c.leftOut > 0 ? ` ${c.leftOut} more metrics are not charted (see the table above).` : '';
    replaceChildren(
      note,
      `${history.size} report${history.size === 1 ? '' : 's'} since this page first opened in this tab (the last ${MAX_POINTS} kept).${left}`,
    );
    const same = charts.length === series.length && charts.every((ch, i) => ch.name === series[i]!.name);
    if (!same) {
      destroy();
      replaceChildren(grid);
      for (const s of series) {
        const label = h('figcaption', {}, caption(s));
        const figure = h(
          'figure',
          { class: 'chart', 'aria-label': `chart of ${s.name}`, 'data-points': points(s) },
          label,
        );
        grid.appendChild(figure);
        charts.push({ name: s.name, chart: newChart(figure, s, c.times), figure, caption: label });
      }
      return;
    }
    for (const ch of charts) {
      const s = series.find((x) => x.name === ch.name)!;
      ch.chart.setData([c.times.slice(), s.values.slice()]);
      ch.figure.setAttribute('data-points', String(points(s)));
      replaceChildren(ch.caption, caption(s));
    }
  };

  draw();
  return {
    element,
    update(report) {
      if (history.add(report)) draw();
    },
    close: destroy,
  };
}
