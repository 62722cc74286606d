// SPDX-License-Identifier: Apache-2.0
// Builds the `kubetrain` CLI ahead of time into packages/cli/dist (gitignored): one ESM bundle of
// src/main.ts for Node 24 made by esbuild, split at every dynamic import() so that a command's modules
// load only when that command runs. bin/kubetrain.js runs dist/main.js; packages/cli/build/ensure.sh
// calls this script only when an input changed.
//   node --import tsx packages/cli/build/build.ts [OUTDIR]   (default packages/cli/dist)
import { renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompiledValidatorsModule } from '@kubetrain/api/standalone-validators';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
// ensure.sh builds into a new folder beside dist and then points dist at it.
const outdir = process.argv[2] ?? `${cliDir}dist`;

const validationDir = fileURLToPath(new URL('../../api/src/validation/', import.meta.url));
const compileValidator = `${validationDir}compile-validator.js`;

/**
 * Puts the validators generated ahead of time (ajv's standalone code) in the place of
 * packages/api/src/validation/compile-validator.ts, which compiles the schemas at run time: the CLI
 * never loads ajv's compiler.
 */
const precompiledValidators: Plugin = {
  name: 'precompiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/compile-validator\.js$/ }, (args) => {
      if (join(args.resolveDir, args.path) !== compileValidator) return undefined;
      return { path: `${validationDir}precompiled-validators.generated.js`, namespace: 'precompiled' };
    });
    b.onLoad({ filter: /.*/, namespace: 'precompiled' }, (args) => ({
      contents: precompiledValidatorsModule(),
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: cliDir,
  // The YAML worker (src/input/yaml-worker.ts) beside the chunks, where parse-yaml.ts looks for it.
  entryPoints: { main: 'src/main.ts', 'yaml-worker': 'src/input/yaml-worker.ts' },
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
  plugins: [precompiledValidators],
  metafile: true,
});
// The dashboard's page (src/dashboard/web), for the browser: one script and one style sheet beside
// the chunks, where src/dashboard/command.ts reads them; nothing is fetched at run time.
await build({
  absWorkingDir: cliDir,
  entryPoints: { app: 'src/dashboard/web/app.ts', 'app-style': 'src/dashboard/web/app.css' },
  outdir: join(outdir, 'dashboard-web'),
  entryNames: '[name]',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120', 'firefox120', 'safari17'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
renameSync(join(outdir, 'dashboard-web', 'app-style.css'), join(outdir, 'dashboard-web', 'app.css'));
// The run-time schema compiler must not have crept back in (through another import of ajv).
const compiler = Object.keys(result.metafile.inputs).filter((input) => /\bajv\/dist\/core\.js$/.test(input));
if (compiler.length > 0)
  throw new Error(`the CLI bundle includes ajv's schema compiler (${compiler.join(', ')})`);
