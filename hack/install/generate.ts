// SPDX-License-Identifier: Apache-2.0
// Writes the generated install files (manifests.ts): `node --import tsx hack/install/generate.ts`,
// part of `make generate`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './manifests.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
for (const [path, text] of Object.entries(generatedFiles())) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  console.log(`wrote ${path}`);
}
