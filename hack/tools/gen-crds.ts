// SPDX-License-Identifier: Apache-2.0
// Writes manifests/crds (the v2 kinds) and manifests/crds-v1 (the Training Operator v1 kinds) from the API
// schemas of packages/api, and the schemas' defaults that applyDefaults reads (packages/api/src/defaults).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_SCHEMAS_FILE,
  renderCrdFiles,
  renderDefaultSchemas,
  renderV1CrdFiles,
  V1_CRD_DIR,
} from '@kubetrain/api';

/** Writes `files` into `dir` under `root`, removing the files there that are no longer generated. */
function writeFolder(root: string, dir: string, files: Record<string, string>): void {
  const path = join(root, dir);
  mkdirSync(path, { recursive: true });
  for (const name of readdirSync(path)) if (!(name in files)) rmSync(join(path, name));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(path, name), text);
    console.log(`wrote ${dir}/${name}`);
  }
}

/** Regenerates manifests/crds, manifests/crds-v1 and the CRD defaults of packages/api under `root`. */
export function generateCrds(root: string): void {
  writeFolder(root, 'manifests/crds', renderCrdFiles());
  writeFolder(root, V1_CRD_DIR, renderV1CrdFiles());
  writeFileSync(join(root, DEFAULT_SCHEMAS_FILE), renderDefaultSchemas());
  console.log(`wrote ${DEFAULT_SCHEMAS_FILE}`);
}
