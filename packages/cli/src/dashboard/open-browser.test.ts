// SPDX-License-Identifier: Apache-2.0
import { isLoopback } from './command.js';
import { openerFor } from './open-browser.js';

describe('openerFor', () => {
  const url = 'http://127.0.0.1:1234/?token=t';
  it.each<[string, NodeJS.Platform, Record<string, string>, [string, string[]] | undefined]>([
    ['$BROWSER first', 'linux', { BROWSER: 'firefox', DISPLAY: ':0' }, ['firefox', [url]]],
    ['xdg-open on a Linux desktop', 'linux', { DISPLAY: ':0' }, ['xdg-open', [url]]],
    ['xdg-open on Wayland', 'linux', { WAYLAND_DISPLAY: 'wayland-0' }, ['xdg-open', [url]]],
    ['nothing on a Linux machine without a display (ssh, CI)', 'linux', {}, undefined],
    ['open on macOS', 'darwin', {}, ['open', [url]]],
    ['start on Windows', 'win32', {}, ['cmd', ['/c', 'start', '""', url]]],
  ])('%s', (_what, platform, env, opener) => {
    expect(openerFor(url, platform, env)).toEqual(opener);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
  ])('%s: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
