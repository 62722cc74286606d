// SPDX-License-Identifier: Apache-2.0
// Writes the generated schema fragments of packages/api: JobSet's (v2 kinds) and core Kubernetes' (v1 kinds).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { format } from 'prettier';
import { extractJobSetSchemas, readJobSetCrd } from './gen-jobset-schema.js';
import { extractK8sOpenApiSchemas, readKubernetesOpenApi } from './gen-k8s-openapi-schema.js';

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

/** Regenerates the core fragments of the Training Operator v1 kinds from the pinned Kubernetes module. */
export async function generateV1Files(): Promise<void> {
  const schemas = extractK8sOpenApiSchemas(readKubernetesOpenApi());
  await write(join(ROOT, 'packages/api/src/v1/generated/k8s-schema.json'), JSON.stringify(schemas), 'json');
}
