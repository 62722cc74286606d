// SPDX-License-Identifier: Apache-2.0
// Reading Kubernetes objects from YAML files and folders.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { CliError } from './io.js';

/** One object read from a file. */
export interface LoadedDocument {
  /** The file it came from, as given (or found in a folder). */
  readonly source: string;
  /** `kind`, or '' when the document has none. */
  readonly kind: string;
  /** `metadata.name`, or '' when the document has none. */
  readonly name: string;
  /** The object as parsed. */
  readonly object: Record<string, unknown>;
}

/** `<kind>/<name>` as the CLI names an object in messages. */
export function describeDocument(doc: Pick<LoadedDocument, 'kind' | 'name'>): string {
  return `${doc.kind || '<unknown kind>'}/${doc.name || '<unnamed>'}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses every YAML document of `text` (empty documents are skipped; a `kind: List` is flattened). */
export function parseDocuments(text: string, source: string): LoadedDocument[] {
  const out: LoadedDocument[] = [];
  for (const doc of parseAllDocuments(text)) {
    const error = doc.errors[0];
    if (error !== undefined) throw new CliError(`${source}: ${error.message}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isObject(value)) throw new CliError(`${source}: a document is not an object`);
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) {
      if (!isObject(item)) throw new CliError(`${source}: a List item is not an object`);
      const metadata = isObject(item.metadata) ? item.metadata : {};
      out.push({
        source,
        kind: typeof item.kind === 'string' ? item.kind : '',
        name: typeof metadata.name === 'string' ? metadata.name : '',
        object: item,
      });
    }
  }
  return out;
}

/** The YAML files of a folder and its subfolders, sorted by path (`kustomization.yaml` excluded). */
function yamlFilesIn(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...yamlFilesIn(path));
    else if (/\.ya?ml$/.test(entry.name) && entry.name !== 'kustomization.yaml') files.push(path);
  }
  return files.sort();
}

/** Reads the objects of a file, or of every YAML file under a folder; `path` is resolved against `cwd`. */
export function loadDocuments(path: string, cwd: string): LoadedDocument[] {
  const full = resolve(cwd, path);
  let isDir: boolean;
  try {
    isDir = statSync(full).isDirectory();
  } catch {
    throw new CliError(`${path}: no such file or folder`);
  }
  const files = isDir ? yamlFilesIn(full) : [full];
  return files.flatMap((file) => {
    const shown = file === full ? path : join(path, file.slice(full.length + 1));
    return parseDocuments(readFileSync(file, 'utf8'), shown);
  });
}
