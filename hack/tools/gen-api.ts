// SPDX-License-Identifier: Apache-2.0
// Writes the generated files of packages/api: the embedded JobSet schema fragments, then the CRDs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { format } from 'prettier';
import { extractJobSetSchemas, readJobSetCrd } from './gen-jobset-schema.js';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const GENERATED = join(ROOT, 'packages/api/src/schema/generated');

async function write(path: string, text: string, parser?: 'json' | 'typescript'): Promise<void> {
  const out = parser
    ? await format(text, { parser, singleQuote: true, printWidth: 110, trailingComma: 'all' })
    : text;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, out);
  console.log(`wrote ${path.slice(ROOT.length + 1)}`);
}

/** Regenerates the JobSet fragments from the pinned module. */
export async function generateJobSetFiles(): Promise<void> {
  const schemas = extractJobSetSchemas(readJobSetCrd());
  await write(join(GENERATED, 'jobset-schema.json'), JSON.stringify(schemas), 'json');
}
