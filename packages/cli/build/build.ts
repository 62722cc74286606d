// SPDX-License-Identifier: Apache-2.0
// Builds the `kubetrain` CLI ahead of time into packages/cli/dist (gitignored): one ESM bundle of
// src/main.ts for Node 24 made by esbuild, split at every dynamic import() so that a command's modules
// load only when that command runs. bin/kubetrain.js runs dist/main.js; packages/cli/build/ensure.sh
// calls this script only when an input changed.
//   node --import tsx packages/cli/build/build.ts
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${cliDir}dist`;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: cliDir,
  entryPoints: ['src/main.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // The chunks stay beside main.js: the modules that resolve files against import.meta.url (the
  // shipped runtimes, package.json) sit at the same depth in dist/ as in src/.
  chunkNames: '[name]-[hash]',
  // Some bundled CommonJS packages call require(); ESM output has none unless it is made here.
  banner: {
    js: "import { createRequire as __kubetrainRequire } from 'node:module'; const require = __kubetrainRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
