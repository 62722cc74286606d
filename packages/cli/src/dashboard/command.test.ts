// SPDX-License-Identifier: Apache-2.0
// `kubetrain dashboard` in process, against a kubeconfig whose cluster never answers (no page ever
// connects, so nothing is asked of it); an interrupt right after start stops it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeUnreachableKubeconfig } from '../../test/kubeconfig.js';
import { runInProcess } from '../../test/run-in-process.js';

const kubeconfig = writeUnreachableKubeconfig(mkdtempSync(join(tmpdir(), 'kubetrain-dashboard-')));
const config = {
  cwd: process.cwd(),
  runtimesDir: '/nonexistent',
  env: {},
  interrupts: {
    listen(handler: () => void) {
      const timer = setTimeout(handler, 20);
      return () => clearTimeout(timer);
    },
  },
};

describe('kubetrain dashboard', () => {
  it('prints its loopback URL with a token and stops on an interrupt, warning of nothing', async () => {
    const got = await runInProcess(['dashboard', '--no-open', '--kubeconfig', kubeconfig], config);
    expect(got.stdout).toMatch(
      /^kubetrain dashboard: http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}\n\(Ctrl-C to stop\)\n$/,
    );
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
  });

  it('warns when --address is not loopback', async () => {
    const got = await runInProcess(
      ['dashboard', '--no-open', '--address', '0.0.0.0', '--kubeconfig', kubeconfig],
      config,
    );
    expect(got.stderr).toBe(
      'warning: --address 0.0.0.0 is not a loopback address: whoever can reach it and holds the URL acts on the cluster with your credentials\n',
    );
    expect(got.code).toBe(0);
  });

  it.each([
    [['--address', 'example.com'], 'error: --address: example.com is not an IP address\n'],
    [['--port', '70000'], 'error: --port: must be at most 65535\n'],
  ])('refuses %j', async (flags, message) => {
    const got = await runInProcess(['dashboard', '--no-open', ...flags, '--kubeconfig', kubeconfig], config);
    expect(got.stderr).toBe(message);
    expect(got.code).toBe(2);
  });
});
