// SPDX-License-Identifier: Apache-2.0
// Opening the dashboard in the user's browser, when the machine has one: `$BROWSER`, else the
// platform's opener (xdg-open on a Linux desktop, open on macOS, start on Windows). Best effort:
// a failure is silent, the URL is printed anyway.

import { spawn } from 'node:child_process';

/** The command that would open `url`, or undefined when there is no browser to open. */
export function openerFor(
  url: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): [string, string[]] | undefined {
  if (env.BROWSER) return [env.BROWSER, [url]];
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return ['xdg-open', [url]];
}

/** Starts the browser on `url` (detached, its output ignored); false when there is none. */
export function openBrowser(url: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const opener = openerFor(url, process.platform, env);
  if (!opener) return false;
  try {
    const child = spawn(opener[0], opener[1], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
