// SPDX-License-Identifier: Apache-2.0
// The page's entry: routes `/` to the jobs list, `/jobs/NAMESPACE/NAME` to a job's page (a v1 job's
// with `?kind=PyTorchJob`), `/runtimes` and `/usage` to theirs (under the nav header), following
// in-page links without a reload (history API); the token stays in the URL's query.

import { url } from './api.js';
import { h, replaceChildren } from './dom.js';
import { TRAINJOB_KIND } from './feed-types.js';
import { jobView } from './job.js';
import { listView } from './list.js';
import { navHeader } from './nav.js';
import { runtimesView } from './runtimes.js';
import { usageView } from './usage.js';

const app = document.getElementById('app')!;
let unmount: () => void = () => undefined;
/** The list's last URL (its filters), to go back to. */
let lastList = url('/');

function route(): void {
  unmount();
  const main = h('main', { id: 'main' });
  replaceChildren(
    app,
    h('a', { href: '#main', class: 'skip' }, 'Skip to content'),
    navHeader(location.pathname),
    main,
  );
  const job = /^\/jobs\/([^/]+)\/([^/]+)$/.exec(location.pathname);
  if (job) {
    document.title = `${decodeURIComponent(job[2]!)} · kubetrain`;
    const kind = new URLSearchParams(location.search).get('kind') || TRAINJOB_KIND;
    unmount = jobView(
      main,
      decodeURIComponent(job[1]!),
      decodeURIComponent(job[2]!),
      () => navigate(lastList),
      kind,
    );
  } else if (location.pathname === '/runtimes') {
    document.title = 'Runtimes · kubetrain';
    unmount = runtimesView(main);
  } else if (location.pathname === '/usage') {
    document.title = 'GPU usage · kubetrain';
    unmount = usageView(main);
  } else {
    document.title = 'TrainJobs · kubetrain';
    unmount = listView(main);
  }
}

function navigate(to: string): void {
  if (location.pathname === '/') lastList = location.pathname + location.search;
  history.pushState(null, '', to);
  route();
  window.scrollTo(0, 0);
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-nav]');
  if (!link) return;
  event.preventDefault();
  navigate(link.getAttribute('href') ?? url('/'));
});
window.addEventListener('popstate', route);
route();
