// SPDX-License-Identifier: Apache-2.0
// The CLI's version: the `version` of its package.json, as `kubetrain --version` and `kubetrain
// version` print it.

import { readFileSync } from 'node:fs';

/** `kubetrain <version>`, the line `--version` and `version` print. */
export function versionLine(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return `kubetrain ${pkg.version}`;
}
