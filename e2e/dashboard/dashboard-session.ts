// SPDX-License-Identifier: Apache-2.0
// What the dashboard suites share: `kubetrain dashboard` (bin/kubetrain, a child process) started
// with the suite's arguments, its printed URL, and a page of headless Chromium; stopped afterwards.
import type { Browser, Page } from 'playwright-core';
import { startKubetrain, type RunningCli } from '../cli/kubetrain-cli.js';
import { launchChromium } from './browser.js';

/** A running dashboard and a browser page; set once the suite's beforeAll has run. */
export interface DashboardSession {
  dashboard: RunningCli;
  /** The printed URL, with its token. */
  url: URL;
  browser: Browser;
  page: Page;
}

/** Starts `kubetrain dashboard --no-open ...args` and resolves with the URL it prints. */
export async function startDashboard(args: readonly string[]): Promise<{ dashboard: RunningCli; url: URL }> {
  const dashboard = startKubetrain(['dashboard', '--no-open', ...args]);
  let printed = '';
  await dashboard.waitForOutput('the URL', ({ stdout }) => ((printed = stdout), /http:\/\/\S+/.test(stdout)));
  return { dashboard, url: new URL(/http:\/\/\S+/.exec(printed)![0]) };
}

/**
 * Registers, in the calling `describe`, a beforeAll that starts the dashboard with `args()` (read
 * then, once the suite's namespace is known) and a browser page, and an afterAll that stops both.
 */
export function useDashboard(args: () => readonly string[]): DashboardSession {
  const session = {} as DashboardSession;
  beforeAll(async () => {
    Object.assign(session, await startDashboard(args()));
    session.browser = await launchChromium();
    session.page = await session.browser.newPage();
  });
  afterAll(async () => {
    await session.browser?.close();
    session.dashboard?.interrupt();
    await session.dashboard?.done;
  });
  return session;
}
