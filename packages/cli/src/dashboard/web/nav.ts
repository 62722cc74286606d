// SPDX-License-Identifier: Apache-2.0
// The small header linking the pages: Jobs, Runtimes, Usage (followed without a reload by the
// router; the current page marked with aria-current).

import { url } from './api.js';
import { h } from './dom.js';

const PAGES = [
  ['/', 'Jobs'],
  ['/runtimes', 'Runtimes'],
  ['/usage', 'Usage'],
] as const;

/** The header for the page at `path` (a job's page counts as Jobs). */
export function navHeader(path: string): HTMLElement {
  const current = PAGES.find(([p]) => p !== '/' && path === p)?.[0] ?? '/';
  return h(
    'header',
    { class: 'nav' },
    h('span', { class: 'brand' }, 'kubetrain'),
    h(
      'nav',
      { 'aria-label': 'Pages' },
      PAGES.map(([p, label]) =>
        h('a', { href: url(p), 'data-nav': true, 'aria-current': p === current ? 'page' : undefined }, label),
      ),
    ),
  );
}
