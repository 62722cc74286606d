// SPDX-License-Identifier: Apache-2.0
// Part of build-image-tree.sh: replaces each workspace package's TypeScript sources in the image tree
// with the JavaScript tsc compiled, and points its package.json (exports, every subpath too, and bin) at
// `dist/`; the test support (`test/` and the exports into it) is left out.
//   node point-to-dist.mjs TREE COMPILED
// TREE is the `pnpm deploy` output of @kubetrain/controller; COMPILED holds `<package>/src/**.js`.
import { cpSync, existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [tree, compiled] = process.argv.slice(2);
if (!tree || !compiled) throw new Error('usage: point-to-dist.mjs TREE COMPILED');

/** `./src/x.ts` -> `./dist/x.js`. */
const toDist = (path) => path.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js');

const packages = {
  controller: tree,
  ...Object.fromEntries(
    ['api', 'kube', 'log', 'runtime'].map((p) => [p, realpathSync(join(tree, 'node_modules/@kubetrain', p))]),
  ),
};
for (const [name, dir] of Object.entries(packages)) {
  const out = join(compiled, name, 'src');
  if (!existsSync(out)) throw new Error(`tsc wrote nothing for ${name} (${out})`);
  // The test support (`test/`, exported as `./test-support`) is not shipped.
  rmSync(join(dir, 'src'), { recursive: true, force: true });
  rmSync(join(dir, 'test'), { recursive: true, force: true });
  cpSync(out, join(dir, 'dist'), { recursive: true });
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  pkg.exports = Object.fromEntries(
    Object.entries(pkg.exports ?? {})
      .filter(([, v]) => v.startsWith('./src/'))
      .map(([k, v]) => [k, toDist(v)]),
  );
  // Every entry point (such as @kubetrain/api's `./core`) must name a compiled file.
  for (const [k, v] of Object.entries(pkg.exports))
    if (!existsSync(join(dir, v))) throw new Error(`${name}: export ${k} -> ${v} was not compiled`);
  if (name === 'controller') {
    // The tsx loader of the workspace's bin is not in the image: the command is the compiled main.
    pkg.bin = { 'kubetrain-manager': './dist/main.js' };
    rmSync(join(dir, 'bin'), { recursive: true, force: true });
  }
  delete pkg.devDependencies;
  // A new file (unlink first): never write through a link into the checkout.
  rmSync(file);
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}
