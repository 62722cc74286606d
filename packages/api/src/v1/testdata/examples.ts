// SPDX-License-Identifier: Apache-2.0
// The v1 examples of Training Operator v1.9.4 (one or more per kind), read in place from the reference data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { V1KindNames } from '../kind-names.js';
import type { V1KindName } from '../kind-names.js';

/** The folder of upstream's v1 examples. */
export const V1_EXAMPLES_DIR = fileURLToPath(
  new URL('../../../../../../shared/reference/upstream/training-operator-v1.9.4/examples/', import.meta.url),
);

/** One example object, with the file it comes from (relative to {@link V1_EXAMPLES_DIR}). */
export interface V1Example {
  file: string;
  kind: V1KindName;
  object: Record<string, unknown>;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
}

const KINDS = new Set<string>(Object.values(V1KindNames));

/** Every v1 object of the examples folder, in file order. Throws on an object of another kind. */
export function readV1Examples(): V1Example[] {
  return yamlFiles(V1_EXAMPLES_DIR).flatMap((path) =>
    parseAllDocuments(readFileSync(path, 'utf8'))
      .map((doc) => doc.toJS() as Record<string, unknown> | null)
      .filter((object): object is Record<string, unknown> => object !== null)
      .map((object) => {
        const kind = String(object.kind);
        if (!KINDS.has(kind)) throw new Error(`${path}: ${kind} is no v1 kind`);
        return { file: relative(V1_EXAMPLES_DIR, path), kind: kind as V1KindName, object };
      }),
  );
}
