// SPDX-License-Identifier: Apache-2.0
// Small pieces both pages use: a job's link, its state badge, its progress, messages, the empty state.

import { url } from './api.js';
import { h } from './dom.js';
import { TRAINJOB_KIND, type JobRow } from './feed-types.js';
import { since } from './time.js';

/** The in-page path of a job's page. */
export function jobPath(namespace: string, name: string): string {
  return `/jobs/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;
}

/** The query naming a job's kind: none for a TrainJob (its links as before v1 kinds), else `kind`. */
export function kindParams(kind: string): Record<string, string> {
  return kind === TRAINJOB_KIND ? {} : { kind };
}

/** A link to a job's page (followed without a reload by the router), a v1 job's with its kind. */
export function jobLink(namespace: string, name: string, kind: string = TRAINJOB_KIND): HTMLAnchorElement {
  return h(
    'a',
    { class: 'job', href: url(jobPath(namespace, name), kindParams(kind)), 'data-nav': true },
    name,
  );
}

/** A v1 job's kind as a badge beside its name; nothing for a TrainJob. */
export function kindBadge(kind: string): HTMLSpanElement | false {
  return kind !== TRAINJOB_KIND && h('span', { class: 'badge kind', title: `kubeflow.org/v1 ${kind}` }, kind);
}

/** The state as a badge; the class only ever takes one of a fixed set of names. */
export function stateBadge(state: string): HTMLSpanElement {
  const known = ['Complete', 'Failed', 'Running', 'Suspended', 'Created'];
  return h('span', { class: `badge state-${known.includes(state) ? state.toLowerCase() : 'other'}` }, state);
}

/** Progress and the first metrics: `42% · loss=0.31`. */
export function progressText(row: JobRow): string {
  const parts = row.progress >= 0 ? [`${row.progress}%`] : [];
  for (const m of row.metrics.slice(0, 2)) parts.push(`${m.name}=${m.value}`);
  return parts.join(' · ');
}

/** A message box: an error (role alert) or a note. */
export function messageBox(kind: 'error' | 'note', text: string): HTMLElement {
  return h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

/** The feed's connection state, as a badge. */
export function connectionBadge(state: 'live' | 'reconnecting' | 'dropped'): HTMLElement {
  const text = { live: '● live', reconnecting: '○ reconnecting…', dropped: '✕ stopped' }[state];
  return h('span', { class: `conn conn-${state}`, title: 'updates from the cluster' }, text);
}

/** What a new user sees when there is no TrainJob at all. */
export function emptyState(): HTMLElement {
  return h(
    'div',
    { class: 'empty' },
    h('h2', {}, 'No TrainJobs yet'),
    h('p', {}, 'Start a local cluster with a sample TrainJob, from a kubetrain checkout:'),
    h('pre', {}, h('code', {}, 'make run')),
    h('p', {}, 'or submit one to this cluster:'),
    h('pre', {}, h('code', {}, 'kubetrain submit -f trainjob.yaml')),
    h('p', { class: 'muted' }, 'It appears here as soon as it is created.'),
  );
}

/** A time as `3m12s ago`, the exact time in its tooltip; '' when unknown. */
export function timeAgo(time: string, nowMs: number): HTMLElement | string {
  if (!time) return '';
  return h('time', { datetime: time, title: time }, `${since(time, nowMs)} ago`);
}
