// SPDX-License-Identifier: Apache-2.0
// Writes manifests/crds from the API schemas of packages/api.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderCrdFiles } from '../../packages/api/src/crd/index.js';

/** Regenerates manifests/crds under `root`, removing files that are no longer generated. */
export function generateCrds(root: string): void {
  const dir = join(root, 'manifests/crds');
  mkdirSync(dir, { recursive: true });
  const files = renderCrdFiles();
  for (const name of readdirSync(dir)) if (!(name in files)) rmSync(join(dir, name));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    console.log(`wrote manifests/crds/${name}`);
  }
}
