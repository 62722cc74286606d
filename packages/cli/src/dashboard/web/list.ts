// SPDX-License-Identifier: Apache-2.0
// The jobs list: live rows from the jobs feed, filtered and searched by the URL's query (so a link
// shares a view), sorted newest first, one page of PAGE_SIZE rows in the DOM at a time.

import { openFeed } from './api.js';
import { h, replaceChildren } from './dom.js';
import { FeedEvents, jobKey, type JobChanges, type JobRow, type JobsSnapshot } from './feed-types.js';
import {
  connectionBadge,
  emptyState,
  jobLink,
  kindBadge,
  messageBox,
  progressText,
  stateBadge,
} from './parts.js';
import { runDuration, since } from './time.js';

/** Rows per page: the DOM holds one page, whatever the number of jobs. */
export const PAGE_SIZE = 50;

/** The list's filters, as the URL's query holds them. */
interface Filters {
  q: string;
  kind: string;
  ns: string;
  state: string;
  page: number;
}

function readFilters(): Filters {
  const p = new URLSearchParams(location.search);
  return {
    q: p.get('q') ?? '',
    kind: p.get('kind') ?? '',
    ns: p.get('ns') ?? '',
    state: p.get('state') ?? '',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

function writeFilters(f: Filters): void {
  const p = new URLSearchParams(location.search);
  for (const [k, v] of [
    ['q', f.q],
    ['kind', f.kind],
    ['ns', f.ns],
    ['state', f.state],
    ['page', f.page > 1 ? String(f.page) : ''],
  ] as const) {
    if (v) p.set(k, v);
    else p.delete(k);
  }
  history.replaceState(null, '', `${location.pathname}?${p.toString()}`);
}

const key = jobKey;

function matches(row: JobRow, f: Filters): boolean {
  if (f.kind && row.kind !== f.kind) return false;
  if (f.ns && row.namespace !== f.ns) return false;
  if (f.state && row.state !== f.state) return false;
  if (!f.q) return true;
  const q = f.q.toLowerCase();
  return [row.name, row.namespace, row.runtime, row.queue, row.kind].some((v) => v.toLowerCase().includes(q));
}

const COLUMNS = [
  'Name',
  'Namespace',
  'State',
  'Runtime',
  'Nodes',
  'GPUs',
  'Queue',
  'Age',
  'Duration',
  'Progress',
  'Restarts',
];

function rowElement(r: JobRow, now: number): HTMLTableRowElement {
  return h(
    'tr',
    { 'data-job': key(r) },
    h('td', {}, jobLink(r.namespace, r.name, r.kind), kindBadge(r.kind)),
    h('td', {}, r.namespace),
    h('td', {}, stateBadge(r.state)),
    h('td', {}, r.runtime),
    h('td', { class: 'num' }, r.nodes),
    h('td', { class: 'num' }, r.gpus),
    h('td', {}, r.queue),
    h('td', {}, since(r.created, now)),
    h('td', {}, runDuration(r.started, r.finished, now)),
    h('td', {}, progressText(r)),
    h('td', { class: 'num' }, r.restarts),
  );
}

/** Mounts the list in `root`; returns its unmount function. */
export function listView(root: HTMLElement): () => void {
  const rows = new Map<string, JobRow>();
  let snapshot: JobsSnapshot | undefined;
  let failure = '';
  let filters = readFilters();
  let scheduled = false;

  const connection = h('span', { class: 'connection' });
  const notice = h('div', { class: 'notice', role: 'status' });
  const search = h('input', {
    type: 'search',
    id: 'search',
    placeholder: 'Search name, namespace, runtime, queue, kind  ( / )',
    'aria-label': 'Search',
    value: filters.q,
  });
  const kindSelect = h('select', { 'aria-label': 'Kind', id: 'filter-kind' });
  const nsSelect = h('select', { 'aria-label': 'Namespace', id: 'filter-ns' });
  const stateSelect = h('select', { 'aria-label': 'State', id: 'filter-state' });
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'jobs', 'aria-label': 'TrainJobs' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        COLUMNS.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    body,
  );
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages' });
  const content = h('div', { class: 'content' });

  const update = (change: Partial<Filters>): void => {
    filters = { ...filters, ...change };
    writeFilters(filters);
    schedule();
  };
  search.addEventListener('input', () => update({ q: search.value, page: 1 }));
  kindSelect.addEventListener('change', () => update({ kind: kindSelect.value, page: 1 }));
  nsSelect.addEventListener('change', () => update({ ns: nsSelect.value, page: 1 }));
  stateSelect.addEventListener('change', () => update({ state: stateSelect.value, page: 1 }));

  const options = (select: HTMLSelectElement, label: string, values: string[], chosen: string): void => {
    const all = [...new Set([...values, ...(chosen ? [chosen] : [])])].sort();
    replaceChildren(
      select,
      h('option', { value: '' }, label),
      all.map((v) => h('option', { value: v, selected: v === chosen }, v)),
    );
  };

  const render = (): void => {
    scheduled = false;
    const now = Date.now();
    replaceChildren(notice, snapshot?.notice || false);
    if (failure) {
      replaceChildren(content, messageBox('error', failure));
      return;
    }
    if (!snapshot) {
      replaceChildren(content, h('p', { class: 'muted' }, 'Loading TrainJobs…'));
      return;
    }
    const all = [...rows.values()];
    options(
      kindSelect,
      'All kinds',
      all.map((r) => r.kind),
      filters.kind,
    );
    options(
      nsSelect,
      'All namespaces',
      all.map((r) => r.namespace),
      filters.ns,
    );
    options(
      stateSelect,
      'All states',
      all.map((r) => r.state),
      filters.state,
    );
    if (all.length === 0) {
      replaceChildren(content, emptyState());
      return;
    }
    const shown = all
      .filter((r) => matches(r, filters))
      .sort((a, b) => b.created.localeCompare(a.created) || key(a).localeCompare(key(b)));
    const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
    const page = Math.min(filters.page, pages);
    const first = (page - 1) * PAGE_SIZE;
    replaceChildren(
      body,
      shown.slice(first, first + PAGE_SIZE).map((r) => rowElement(r, now)),
    );
    replaceChildren(
      pager,
      h(
        'button',
        { type: 'button', disabled: page <= 1, onclick: () => update({ page: page - 1 }) },
        '← Previous',
      ),
      h(
        'span',
        { class: 'count' },
        shown.length === 0
          ? '0 jobs'
          : `${first + 1}–${Math.min(first + PAGE_SIZE, shown.length)} of ${shown.length}`,
        shown.length < all.length ? ` (${all.length} in all)` : '',
      ),
      h(
        'button',
        { type: 'button', disabled: page >= pages, onclick: () => update({ page: page + 1 }) },
        'Next →',
      ),
    );
    replaceChildren(
      content,
      shown.length === 0
        ? h(
            'div',
            { class: 'empty' },
            h('p', {}, 'No TrainJob matches these filters.'),
            h(
              'button',
              {
                type: 'button',
                onclick: () => ((search.value = ''), update({ q: '', kind: '', ns: '', state: '', page: 1 })),
              },
              'Clear filters',
            ),
          )
        : [table, pager],
    );
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(render);
  };

  replaceChildren(
    root,
    h('header', { class: 'bar' }, h('h1', {}, 'TrainJobs'), connection),
    notice,
    h('div', { class: 'filters' }, search, kindSelect, nsSelect, stateSelect),
    content,
  );
  render();

  const close = openFeed('/api/events/jobs', {
    connection: (state) => replaceChildren(connection, connectionBadge(state)),
    events: {
      [FeedEvents.Snapshot]: (data) => {
        snapshot = data as JobsSnapshot;
        failure = '';
        rows.clear();
        for (const r of snapshot.rows) rows.set(key(r), r);
        schedule();
      },
      [FeedEvents.Changes]: (data) => {
        const changes = data as JobChanges;
        for (const r of changes.upserts) rows.set(key(r), r);
        for (const r of changes.removes) rows.delete(key(r));
        schedule();
      },
      [FeedEvents.Failed]: (data) => {
        failure = (data as { message: string }).message;
        schedule();
      },
      [FeedEvents.Dropped]: (data) => {
        failure = (data as { message: string }).message;
        replaceChildren(connection, connectionBadge('dropped'));
        schedule();
      },
    },
  });
  // Ages and durations move on by themselves.
  const tick = setInterval(schedule, 5000);

  const keys = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement | null;
    const typing = target?.tagName === 'INPUT' || target?.tagName === 'SELECT';
    if (event.key === '/' && !typing) {
      event.preventDefault();
      search.focus();
      return;
    }
    if (typing && event.key !== 'ArrowDown') return;
    const links = [...body.querySelectorAll<HTMLAnchorElement>('a.job')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const move =
      event.key === 'ArrowDown' || event.key === 'j'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'k'
          ? -1
          : 0;
    if (move === 0 || links.length === 0) return;
    event.preventDefault();
    links[Math.min(links.length - 1, Math.max(0, at + move))]?.focus();
  };
  document.addEventListener('keydown', keys);
  return () => {
    close();
    clearInterval(tick);
    document.removeEventListener('keydown', keys);
  };
}
