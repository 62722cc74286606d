// SPDX-License-Identifier: Apache-2.0
// Upstream's shipped runtimes and example TrainJobs (v2.3.0) pass validateSchema() without errors or pruned fields.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { KindName } from '../constants/api.js';
import { KindDefinitions } from '../crd/definitions.js';
import { formatFieldError } from './field-error.js';
import { validateSchema } from './validate.js';

const UPSTREAM = fileURLToPath(
  new URL('../../../../../shared/reference/upstream/trainer-v2.3.0/', import.meta.url),
);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? yamlFiles(path) : path.endsWith('.yaml') ? [path] : [];
    })
    .sort();
}

const KINDS = new Set<string>(Object.keys(KindDefinitions));
const objects = ['runtimes', 'examples'].flatMap((sub) =>
  yamlFiles(join(UPSTREAM, sub)).flatMap((file) =>
    parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJS() as { kind?: string; metadata?: { name?: string } } | null)
      .filter((o): o is { kind: KindName; metadata?: { name?: string } } => !!o && KINDS.has(o.kind ?? ''))
      .map((o) => ({ file: file.slice(UPSTREAM.length), object: o })),
  ),
);

describe('upstream v2.3.0 runtimes and examples', () => {
  it('are found in the reference data', () => {
    expect(objects.length).toBeGreaterThanOrEqual(15);
  });
  for (const { file, object } of objects) {
    it(`${file}: ${object.kind} ${object.metadata?.name ?? ''} is valid, without unknown fields`, () => {
      const { errors, warnings } = validateSchema(object.kind, object);
      expect({ errors: errors.map(formatFieldError), warnings }).toEqual({ errors: [], warnings: [] });
    });
  }
});
