// SPDX-License-Identifier: Apache-2.0
// The runtimes page: the ClusterTrainingRuntimes and TrainingRuntimes the user may list (or
// "forbidden: ..."), each with its framework, ML policy, nodes and image, and on demand a preview of
// what a default TrainJob on it would create (the engine's render, done by the server), as YAML.

import { h, replaceChildren } from './dom.js';
import { getJson } from './fetch-json.js';
import type { RuntimeGroup, RuntimePreview, RuntimeRow, RuntimesView } from './pages-types.js';
import { messageBox } from './parts.js';
import { tableSection } from './table.js';

const COLUMNS = ['Name', 'Namespace', 'Framework', 'ML policy', 'Nodes', 'Image', 'Preview'];

/** The key of a runtime, for its row's data attribute. */
const keyOf = (r: RuntimeRow): string =>
  r.namespace ? `${r.kind}/${r.namespace}/${r.name}` : `${r.kind}/${r.name}`;

/** The preview of `row`, fetched when its details are first opened. */
function previewCell(row: RuntimeRow, signal: AbortSignal): HTMLElement {
  const body = h('div', { class: 'preview' }, h('p', { class: 'muted' }, 'Rendering…'));
  const details = h('details', {}, h('summary', {}, 'What a TrainJob creates'), body);
  let loaded = false;
  details.addEventListener('toggle', () => {
    if (!details.open || loaded) return;
    loaded = true;
    const params: Record<string, string> = { kind: row.kind, name: row.name };
    if (row.namespace) params.namespace = row.namespace;
    void getJson<RuntimePreview>('/api/runtimes/preview', params, signal).then((got) => {
      if (signal.aborted) return;
      if (!got.ok) {
        // A refusal of the render (422) has its errors in the body; others, one line.
        replaceChildren(body, messageBox('error', got.error));
        return;
      }
      const p = got.body;
      replaceChildren(
        body,
        p.errors.length > 0
          ? h(
              'ul',
              { class: 'message error', role: 'alert' },
              p.errors.map((e) => h('li', {}, e)),
            )
          : [
              h(
                'p',
                { class: 'muted' },
                `A TrainJob without overrides on it creates: ${p.objects.join(', ')}`,
              ),
              h('pre', { class: 'yaml', tabindex: 0, 'aria-label': `Render of ${row.name}` }, p.yaml),
            ],
      );
    });
  });
  return details;
}

/** The table of one kind, its notes, or its error. */
function groupSection(title: string, group: RuntimeGroup, signal: AbortSignal): HTMLElement {
  const rows = group.items.map((r) =>
    h(
      'tr',
      { 'data-runtime': keyOf(r) },
      h('td', {}, r.name),
      h('td', {}, r.namespace || '—'),
      h('td', {}, r.framework),
      h('td', {}, r.policy),
      h('td', { class: 'num' }, r.nodes),
      h('td', { class: 'image' }, r.image),
      h('td', {}, previewCell(r, signal)),
    ),
  );
  const instead =
    group.error !== undefined
      ? messageBox('error', group.error)
      : rows.length === 0 && h('p', { class: 'muted' }, 'None.');
  return tableSection(
    title,
    'runtimes',
    COLUMNS,
    rows,
    instead,
    group.notes.map((n) => messageBox('note', n)),
  );
}

/** Mounts the page in `root`; returns its unmount function. */
export function runtimesView(root: HTMLElement): () => void {
  const left = new AbortController();
  const content = h('div', { class: 'content' }, h('p', { class: 'muted' }, 'Loading runtimes…'));
  replaceChildren(root, h('h1', {}, 'Runtimes'), content);
  void getJson<RuntimesView>('/api/runtimes', {}, left.signal).then((got) => {
    if (left.signal.aborted) return;
    if (!got.ok) return replaceChildren(content, messageBox('error', got.error));
    replaceChildren(
      content,
      groupSection('ClusterTrainingRuntimes', got.body.cluster, left.signal),
      groupSection('TrainingRuntimes', got.body.namespaced, left.signal),
    );
  });
  return () => left.abort();
}
