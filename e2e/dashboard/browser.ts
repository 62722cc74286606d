// SPDX-License-Identifier: Apache-2.0
// Headless Chromium for the dashboard suite: Debian's `chromium` package (hack/tools/ensure-chromium.sh
// installs it when missing), driven by playwright-core, which downloads no browser of its own.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const ENSURE = fileURLToPath(new URL('../../hack/tools/ensure-chromium.sh', import.meta.url));

/** Where the suite's screenshots go (a test artifact of `make test`). */
export const SCREENSHOTS = fileURLToPath(new URL('../../.test-results/dashboard/', import.meta.url));

/** Starts headless Chromium (the sandbox off: the suites run as root in CI containers). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = execFileSync(ENSURE, { encoding: 'utf8' }).trim();
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}
