// SPDX-License-Identifier: Apache-2.0
// A job's logs pane: the trainer pods' lines live, each prefixed with its step (`[node-0] `, as
// `kubetrain logs` prints them), a rank filter, and two downloads: the lines shown (from the page)
// and the full logs (the server's `/api/logs`, with the token). The page keeps the last MAX_LINES
// lines only; a step whose log cannot be read shows the API server's answer (`forbidden: ...`).

import { openFeed, url } from './api.js';
import { h, replaceChildren } from './dom.js';
import { FeedEvents, type LogFailure, type LogLines } from './feed-types.js';
import { messageBox } from './parts.js';

/** The lines the page keeps (older ones are dropped; the full logs are a download away). */
export const MAX_LINES = 2000;

interface Line {
  readonly step: string;
  readonly text: string;
}

/** A mounted pane: its element and its closer (ends the feed). */
export interface LogsPane {
  readonly element: HTMLElement;
  close(): void;
}

/** The logs pane of `namespace/name`, its feed open. */
export function logsPane(namespace: string, name: string): LogsPane {
  const lines: Line[] = [];
  const failures = new Map<string, string>();
  const steps = new Set<string>();
  let shown = '';
  let frame = 0;
  let problem = '';

  const filter = h(
    'select',
    { 'aria-label': 'Rank', onchange: () => render() },
    h('option', { value: '' }, 'All ranks'),
  );
  const output = h('pre', { class: 'logs', tabindex: 0, 'aria-label': 'Logs', 'aria-live': 'off' });
  const errors = h('div', { class: 'log-errors' });
  const full = h('a', { class: 'button', download: `${name}.log` }, 'Download full logs');
  const visible = (): Line[] => (filter.value ? lines.filter((l) => l.step === filter.value) : lines);

  const download = (): void => {
    const link = h('a', {
      href: URL.createObjectURL(new Blob([shown], { type: 'text/plain' })),
      download: `${name}-shown.log`,
    });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  function render(): void {
    frame = 0;
    for (const step of [...steps].sort())
      if (![...filter.options].some((o) => o.value === step))
        filter.append(h('option', { value: step }, step));
    const rank = /^node-(\d+)$/.exec(filter.value)?.[1];
    full.href = url(
      `/api/logs/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
      rank ? { rank } : {},
    );
    shown = visible()
      .map((l) => `[${l.step}] ${l.text}\n`)
      .join('');
    replaceChildren(
      output,
      shown || (problem || failures.size > 0 ? '' : 'Waiting for log lines of the started trainer pods…'),
    );
    replaceChildren(
      errors,
      problem ? messageBox('error', problem) : false,
      [...failures].map(([step, error]) => messageBox('error', step ? `${step}: ${error}` : error)),
    );
  }
  const later = (): void => {
    frame ||= requestAnimationFrame(render);
  };

  const close = openFeed(`/api/events/logs/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`, {
    // Each (re)connection sends the logs from their start again: start over.
    connection: (state) => {
      if (state !== 'live') return;
      lines.length = 0;
      failures.clear();
      later();
    },
    events: {
      [FeedEvents.LogLines]: (data) => {
        const batch = data as LogLines;
        steps.add(batch.step);
        for (const text of batch.lines) lines.push({ step: batch.step, text });
        if (lines.length > MAX_LINES) lines.splice(0, lines.length - MAX_LINES);
        later();
      },
      [FeedEvents.LogFailed]: (data) => {
        const failure = data as LogFailure;
        failures.set(failure.step, failure.error);
        later();
      },
      [FeedEvents.Dropped]: (data) => {
        problem = (data as { message: string }).message;
        later();
      },
    },
  });

  const element = h(
    'section',
    { class: 'logs-pane', 'aria-labelledby': 'logs-title' },
    h('h2', { id: 'logs-title' }, 'Logs'),
    h(
      'div',
      { class: 'filters' },
      h('label', {}, 'Rank ', filter),
      h('button', { type: 'button', onclick: download }, 'Download shown'),
      full,
    ),
    h(
      'p',
      { class: 'muted' },
      `Live; the page keeps the last ${MAX_LINES.toLocaleString('en')} lines. The full logs are a download away.`,
    ),
    errors,
    output,
  );
  render();
  return {
    element,
    close: () => {
      close();
      if (frame) cancelAnimationFrame(frame);
    },
  };
}
