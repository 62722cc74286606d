// SPDX-License-Identifier: Apache-2.0
// A job's page: summary, the failing container, the progress and metrics charts (charts.ts), the
// conditions as a timeline, the pods, the events, labels and annotations, the TrainJob, its workload
// and its runtime snapshot as YAML (yaml-panes.ts), the live logs (logs.ts); suspend, resume and
// delete, each confirmed first.

import { act, openFeed, url } from './api.js';
import { chartsPane } from './charts.js';
import { h, replaceChildren } from './dom.js';
import { logsPane } from './logs.js';
import { FeedEvents, TRAINJOB_KIND, type JobDetail, type JobObjects } from './feed-types.js';
import { HistoryCache } from './trainer-history.js';
import { renderYamlPanes } from './yaml-panes.js';
import {
  connectionBadge,
  kindBadge,
  kindParams,
  messageBox,
  progressText,
  stateBadge,
  timeAgo,
} from './parts.js';
import { runDuration, since } from './time.js';

function table(
  label: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | Node)[])[],
): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'muted' }, `No ${label.toLowerCase()}.`);
  return h(
    'table',
    { 'aria-label': label },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        header.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          {},
          r.map((v) => h('td', {}, v)),
        ),
      ),
    ),
  );
}

function pairs(values: Readonly<Record<string, string>>): HTMLElement {
  const entries = Object.entries(values).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return h('p', { class: 'muted' }, 'None.');
  return h(
    'dl',
    { class: 'pairs' },
    entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

/** The trainer's reports seen by this tab, per job (the last 20 jobs opened). */
const histories = new HistoryCache();

function section(title: string, ...children: (Node | string)[]): HTMLElement {
  return h('section', {}, h('h2', {}, title), ...children);
}

/**
 * Mounts the page of `namespace/name` in `root`, a TrainJob or a job of a Training Operator v1 `kind`
 * (no logs pane); returns its unmount function.
 */
export function jobView(
  root: HTMLElement,
  namespace: string,
  name: string,
  back: () => void,
  kind: string = TRAINJOB_KIND,
): () => void {
  const params = kindParams(kind);
  let detail: JobDetail | undefined;
  let problem = '';
  const connection = h('span', { class: 'connection' });
  const status = h('div', { class: 'action-status', role: 'status', 'aria-live': 'polite' });
  const content = h('div', { class: 'content' });
  const more = h('div', { class: 'content' });
  const dialog = h('dialog', { class: 'confirm', 'aria-labelledby': 'confirm-title' });
  // A TrainJob's page has its logs, charts and objects' YAML; a v1 job's has none of them.
  const isTrainJob = kind === TRAINJOB_KIND;
  const logs = isTrainJob ? logsPane(namespace, name) : undefined;
  const charts = isTrainJob ? chartsPane(histories.of(namespace, name)) : undefined;
  const objects = h('div', { class: 'content' });

  const confirmAction = (action: 'suspend' | 'resume' | 'delete'): void => {
    const verb = action[0]!.toUpperCase() + action.slice(1);
    const run = async (): Promise<void> => {
      dialog.close();
      replaceChildren(status, `${verb} ${namespace}/${name}…`);
      const error = await act(namespace, name, action, params);
      replaceChildren(status, error ? messageBox('error', `${verb} failed: ${error}`) : `${verb}: done.`);
    };
    replaceChildren(
      dialog,
      h('h2', { id: 'confirm-title' }, `${verb} ${kind} ${namespace}/${name}?`),
      h(
        'p',
        {},
        action === 'delete'
          ? `Its ${kind === TRAINJOB_KIND ? 'JobSet and pods' : 'pods and Services'} are deleted too. This cannot be undone.`
          : action === 'suspend'
            ? 'Its pods are stopped; resume it to start them again.'
            : 'Its pods are created again.',
      ),
      h(
        'div',
        { class: 'buttons' },
        h('button', { type: 'button', class: 'secondary', onclick: () => dialog.close() }, 'Cancel'),
        h(
          'button',
          {
            type: 'button',
            class: action === 'delete' ? 'danger' : 'primary',
            id: 'confirm',
            onclick: () => void run(),
          },
          verb,
        ),
      ),
    );
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('#confirm')?.focus();
  };

  const render = (): void => {
    if (problem) {
      replaceChildren(content, messageBox('error', problem));
      replaceChildren(more);
      return;
    }
    if (!detail) {
      replaceChildren(content, h('p', { class: 'muted' }, 'Loading…'));
      replaceChildren(more);
      return;
    }
    const d = detail;
    const r = d.row;
    const now = Date.now();
    const finished = r.state === 'Complete' || r.state === 'Failed';
    replaceChildren(
      content,
      h(
        'div',
        { class: 'actions' },
        r.suspended
          ? h('button', { type: 'button', id: 'resume', onclick: () => confirmAction('resume') }, 'Resume')
          : h(
              'button',
              { type: 'button', id: 'suspend', disabled: finished, onclick: () => confirmAction('suspend') },
              'Suspend',
            ),
        h(
          'button',
          { type: 'button', id: 'delete', class: 'danger', onclick: () => confirmAction('delete') },
          'Delete',
        ),
      ),
      status,
      d.failure
        ? h(
            'div',
            { class: 'message error failure', role: 'alert' },
            h('strong', {}, 'Failed: '),
            `pod ${d.failure.pod}, container ${d.failure.container}, exit code ${d.failure.exitCode}`,
            d.failure.reason ? ` (${d.failure.reason})` : '',
            d.failureLog === undefined
              ? h('p', { class: 'muted' }, 'Reading the last lines of its log…')
              : 'error' in d.failureLog
                ? h('p', { class: 'failure-log' }, `Its log: ${d.failureLog.error}`)
                : h(
                    'pre',
                    { class: 'failure-log', 'aria-label': 'the last lines of its log' },
                    d.failureLog.lines.length > 0 ? d.failureLog.lines.join('\n') : '(empty log)',
                  ),
          )
        : false,
      h(
        'dl',
        { class: 'summary' },
        [
          ['State', stateBadge(r.state)],
          ['Runtime', r.runtime || '—'],
          ['Nodes', String(r.nodes)],
          ['GPUs', String(r.gpus)],
          ['Queue', r.queue || '—'],
          ['Age', since(r.created, now)],
          ['Duration', runDuration(r.started, r.finished, now) || '—'],
          ['Progress', progressText(r) || '—'],
          ['Restarts', String(r.restarts)],
        ].flatMap(([k, v]) => [h('dt', {}, k as string), h('dd', {}, v as Node | string)]),
      ),
      r.metrics.length > 0
        ? section(
            'Metrics',
            table(
              'Metrics',
              ['Name', 'Value'],
              r.metrics.map((m) => [m.name, m.value]),
            ),
          )
        : '',
      section(
        'Conditions',
        d.conditions.length === 0
          ? h('p', { class: 'muted' }, 'No conditions yet.')
          : h(
              'ol',
              { class: 'timeline' },
              d.conditions.map((c) =>
                h(
                  'li',
                  { class: c.status === 'True' ? 'on' : 'off' },
                  timeAgo(c.time, now),
                  h('strong', {}, ` ${c.type}=${c.status}`),
                  c.reason ? ` ${c.reason}` : '',
                  c.message ? h('div', { class: 'muted' }, c.message) : '',
                ),
              ),
            ),
      ),
      section(
        'Pods',
        table(
          'Pods',
          ['Step', 'Pod', 'Phase', 'Node', 'Restarts', 'Exit codes'],
          d.pods.map((p) => [p.step, p.name, p.phase, p.node, p.restarts, p.exitCodes.join(', ')]),
        ),
      ),
    );
    // the logs pane (which keeps its own state) sits between the pods and the events
    replaceChildren(
      more,
      section(
        'Events',
        table(
          'Events',
          ['Time', 'Type', 'Reason', 'Object', 'Message'],
          d.events.map((e) => [
            timeAgo(e.time, now),
            e.type,
            e.reason,
            e.object,
            e.count > 1 ? `${e.message} (×${e.count})` : e.message,
          ]),
        ),
      ),
      section('Labels', pairs(d.labels)),
      section('Annotations', pairs(d.annotations)),
      section(kind, h('pre', { class: 'yaml', tabindex: 0, 'aria-label': `${kind} YAML` }, d.yaml)),
    );
  };

  replaceChildren(
    root,
    h(
      'header',
      { class: 'bar' },
      h(
        'a',
        {
          href: url('/'),
          'data-nav': true,
          class: 'back',
          onclick: (e: Event) => (e.preventDefault(), back()),
        },
        '← TrainJobs',
      ),
      h('h1', {}, name, kindBadge(kind), h('span', { class: 'muted' }, ` in ${namespace}`)),
      connection,
    ),
    content,
    charts?.element ?? '',
    logs?.element ?? '',
    more,
    objects,
    dialog,
  );
  render();
  if (isTrainJob) renderYamlPanes(objects, undefined);
  const feed = `/api/events/job/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;
  const close = openFeed(
    feed,
    {
      connection: (state) => replaceChildren(connection, connectionBadge(state)),
      events: {
        [FeedEvents.Detail]: (data) => {
          detail = data as JobDetail;
          problem = '';
          render();
          charts?.update(detail.report);
        },
        [FeedEvents.Objects]: (data) => renderYamlPanes(objects, data as JobObjects),
        [FeedEvents.Gone]: (data) => {
          problem = (data as { message: string }).message;
          render();
        },
        [FeedEvents.Failed]: (data) => {
          problem = (data as { message: string }).message;
          render();
        },
        [FeedEvents.Dropped]: (data) => {
          problem = (data as { message: string }).message;
          replaceChildren(connection, connectionBadge('dropped'));
          render();
        },
      },
    },
    params,
  );
  const tick = setInterval(() => {
    if (!dialog.open) render();
  }, 5000);
  return () => {
    close();
    logs?.close();
    charts?.close();
    clearInterval(tick);
  };
}
