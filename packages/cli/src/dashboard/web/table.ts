// SPDX-License-Identifier: Apache-2.0
// A titled section holding one table (the runtimes and usage pages), or what to say instead of it.

import { h, type Child } from './dom.js';

/** A section titled `title`: `before` (notes), then the table of `columns` and `rows`, or `instead`. */
export function tableSection(
  title: string,
  tableClass: string,
  columns: readonly string[],
  rows: readonly HTMLTableRowElement[],
  instead: Child,
  before: readonly Child[] = [],
): HTMLElement {
  return h(
    'section',
    { 'aria-label': title },
    h('h2', {}, title),
    before,
    rows.length === 0 || instead
      ? instead
      : h(
          'table',
          { class: tableClass, 'aria-label': title },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              columns.map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          h('tbody', {}, rows),
        ),
  );
}
