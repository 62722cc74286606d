// SPDX-License-Identifier: Apache-2.0
// The usage page: GPU-hours by namespace, Kueue queue and runtime over a period, the figures of
// `kubetrain usage` (computed by its code on the server). The period lives in the URL
// (`?period=24h|7d|30d`, or `?from=&to=`), so a link shares the view.

import { h, replaceChildren } from './dom.js';
import { getJson } from './fetch-json.js';
import { UsagePeriods, type UsageRowView, type UsageView } from './pages-types.js';
import { messageBox } from './parts.js';
import { tableSection } from './table.js';

/** The period parameters of the URL. */
function readPeriod(): Record<string, string> {
  const p = new URLSearchParams(location.search);
  const out: Record<string, string> = {};
  for (const k of ['period', 'from', 'to']) {
    const v = p.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** One table: a row per key, and the total when there is more than one. */
function table(
  title: string,
  column: string,
  rows: readonly UsageRowView[],
  total: UsageRowView,
): HTMLElement {
  const row = (r: UsageRowView, attrs: Record<string, string>) =>
    h(
      'tr',
      attrs,
      h('td', {}, r.key),
      h('td', { class: 'num' }, r.jobs),
      h('td', { class: 'num gpu-hours' }, r.gpuHours),
    );
  return tableSection(
    title,
    'usage',
    [column, 'Jobs', 'GPU-hours'],
    [
      ...rows.map((r) => row(r, { 'data-key': r.key })),
      ...(rows.length > 1 ? [row({ ...total, key: 'Total' }, { class: 'total' })] : []),
    ],
    rows.length === 0 && h('p', { class: 'muted' }, 'No TrainJob ran in this period.'),
  );
}

/** Mounts the page in `root`; returns its unmount function. */
export function usageView(root: HTMLElement): () => void {
  const left = new AbortController();
  const params = readPeriod();
  const custom = params.from !== undefined || params.to !== undefined;
  const chosen = params.period ?? (custom ? '' : '7d');
  const select = h(
    'select',
    { id: 'period', 'aria-label': 'Period' },
    custom ? h('option', { value: '', selected: true }, 'Custom (from the URL)') : false,
    UsagePeriods.map((p) => h('option', { value: p, selected: p === chosen }, `Last ${p}`)),
  );
  const content = h('div', { class: 'content' }, h('p', { class: 'muted' }, 'Reading the TrainJobs…'));
  const period = h('p', { class: 'muted period' });
  replaceChildren(root, h('div', { class: 'bar' }, h('h1', {}, 'GPU usage'), select), period, content);
  select.addEventListener('change', () => {
    const p = new URLSearchParams(location.search);
    for (const k of ['from', 'to']) p.delete(k);
    p.set('period', select.value);
    // The router reads the new URL: a fresh page for the chosen period.
    history.pushState(null, '', `${location.pathname}?${p.toString()}`);
    dispatchEvent(new PopStateEvent('popstate'));
  });
  void getJson<UsageView>('/api/usage', params, left.signal).then((got) => {
    if (left.signal.aborted) return;
    if (!got.ok) return replaceChildren(content, messageBox('error', got.error));
    const u = got.body;
    replaceChildren(
      period,
      `From ${u.since ?? 'the beginning'} to ${u.until}`,
      u.namespace ? ` · namespace ${u.namespace}` : ' · every namespace',
      ' · GPUs requested × hours running, as kubetrain usage computes them',
    );
    replaceChildren(
      content,
      u.notes.map((n) => messageBox('note', n)),
      table('By namespace', 'Namespace', u.namespaces, u.total),
      table('By Kueue queue', 'Queue', u.queues, u.total),
      table('By runtime', 'Runtime', u.runtimes, u.total),
    );
  });
  return () => left.abort();
}
