// SPDX-License-Identifier: Apache-2.0
// The objects of the input paths: read (files, folders, stdin), parsed as kubectl parses them, and
// named as messages name them.

import { MAX_NESTING_DEPTH } from '@kubetrain/api';
import { MAX_ALIAS_COUNT, readObjects } from './input/parse-yaml.js';
import { readPath, readStdin } from './input/read-source.js';
import type { SourceText } from './input/read-source.js';

/** One object read from the input. */
export interface LoadedDocument {
  /** The file it came from, as given (or found in a folder); `<stdin>` for `-f -`. */
  readonly source: string;
  /** `kind`, or '' when the document has none. */
  readonly kind: string;
  /** `apiVersion`, or '' when the document has none. */
  readonly apiVersion: string;
  /** `metadata.name`, or '' when the document has none. */
  readonly name: string;
  /** The object as parsed. */
  readonly object: Record<string, unknown>;
}

/** How the input is read: the object size limit and standard input. */
export interface InputOptions {
  /** The largest object, in bytes of JSON; a file may hold 16 times as much. */
  readonly maxBytes: number;
  /** What `-f -` reads. */
  readonly stdin?: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
  /** `-R`: read the subfolders of a folder too (default: its own files only, as kubectl reads it). */
  readonly recursive?: boolean;
}

/** How many objects' worth of bytes one file may hold. */
const OBJECTS_PER_FILE = 16;

/** `<kind>/<name>` as the CLI names an object in messages. */
export function describeDocument(doc: Pick<LoadedDocument, 'kind' | 'name'>): string {
  return `${doc.kind || '<unknown kind>'}/${doc.name || '<unnamed>'}`;
}

function toDocument(source: string, object: Record<string, unknown>): LoadedDocument {
  const metadata = object.metadata;
  const name =
    typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
      ? (metadata as Record<string, unknown>).name
      : undefined;
  return {
    source,
    kind: typeof object.kind === 'string' ? object.kind : '',
    apiVersion: typeof object.apiVersion === 'string' ? object.apiVersion : '',
    name: typeof name === 'string' ? name : '',
    object,
  };
}

/**
 * Reads the objects of a path (resolved against `cwd`): a file, the YAML and JSON files of a folder
 * (and of its subfolders with `options.recursive`), or standard input for `-`. Throws a CliError when the input cannot be used.
 */
export async function loadDocuments(
  path: string,
  cwd: string,
  options: InputOptions,
): Promise<LoadedDocument[]> {
  const readLimits = {
    maxFileBytes: options.maxBytes * OBJECTS_PER_FILE,
    recursive: options.recursive === true,
  };
  const texts: SourceText[] =
    path === '-' ? [await readStdin(options.stdin, readLimits)] : readPath(path, cwd, readLimits);
  const limits = { maxBytes: options.maxBytes, maxDepth: MAX_NESTING_DEPTH, maxAliasCount: MAX_ALIAS_COUNT };
  const out: LoadedDocument[] = [];
  for (const text of texts)
    for (const p of await readObjects(text, limits)) out.push(toDocument(p.source, p.object));
  return out;
}

/** Reads the objects of every path, in order. */
export async function loadAll(
  paths: readonly string[],
  cwd: string,
  options: InputOptions,
): Promise<LoadedDocument[]> {
  const out: LoadedDocument[] = [];
  for (const path of paths) out.push(...(await loadDocuments(path, cwd, options)));
  return out;
}
