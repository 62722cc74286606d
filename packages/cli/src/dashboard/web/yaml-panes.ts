// SPDX-License-Identifier: Apache-2.0
// A job page's YAML panes of its workload (JobSet or LeaderWorkerSet) and its runtime snapshot, as
// the server reads them (object-panes.ts): the YAML, or why there is none.

import { h, replaceChildren } from './dom.js';
import type { JobObjects, ObjectPane } from './feed-types.js';
import { messageBox } from './parts.js';

function pane(title: string, label: string, p: ObjectPane | undefined): HTMLElement {
  if (!p) return h('section', {}, h('h2', {}, title), h('p', { class: 'muted' }, 'Reading…'));
  const heading = h('h2', {}, `${title}: ${p.kind} `, h('code', {}, p.name));
  if (p.state === 'refused') return h('section', {}, heading, messageBox('error', p.note));
  if (p.state === 'absent') return h('section', {}, heading, h('p', { class: 'muted' }, p.note));
  return h(
    'section',
    {},
    heading,
    p.note ? messageBox('note', p.note) : '',
    h('pre', { class: 'yaml', tabindex: 0, 'aria-label': label }, p.yaml),
  );
}

/** Shows `objects` (undefined: not read yet) in `parent`. */
export function renderYamlPanes(parent: HTMLElement, objects: JobObjects | undefined): void {
  replaceChildren(
    parent,
    pane('Workload', 'workload YAML', objects?.workload),
    pane('Runtime snapshot', 'runtime snapshot YAML', objects?.snapshot),
  );
}
