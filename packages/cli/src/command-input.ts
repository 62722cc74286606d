// SPDX-License-Identifier: Apache-2.0
// What `render` and `validate` both read: the `-f` objects, and the runtimes a TrainJob may name.

import { loadAll } from './documents.js';
import { nameGeneratedDocuments } from './generate-name.js';
import type { InputOptions, LoadedDocument } from './documents.js';
import type { CliConfig } from './io.js';
import { loadRuntimeCatalog } from './runtimes.js';
import type { RuntimeCatalog } from './runtimes.js';

/** The options `render` and `validate` share. */
export interface InputCommandOptions {
  /** `-f` and the positional files: files, folders, or `-` for stdin. */
  readonly files: readonly string[];
  /** `-R`: read the subfolders of a `-f` folder too. */
  readonly recursive: boolean;
  /** `-r`: runtime files or folders; without them, the shipped runtimes folder. */
  readonly runtimes: readonly string[];
  /** `-n`: the namespace of objects that name none. */
  readonly namespace: string;
  /** `--max-bytes`: the largest object accepted, in bytes of JSON. */
  readonly maxBytes: number;
}

/** The objects of the input, and how to load the runtimes (only once the input is known to be usable). */
interface CommandInput {
  readonly docs: readonly LoadedDocument[];
  readonly loadCatalog: () => Promise<RuntimeCatalog>;
}

/**
 * Reads the `-f` objects (one with only a `generateName` named as the API server would name it,
 * deterministically: see generate-name.ts); the runtime catalog (`-r`, the shipped runtimes and the
 * input) loads on demand.
 */
export async function readCommandInput(
  options: InputCommandOptions,
  config: CliConfig,
): Promise<CommandInput> {
  const input: InputOptions = {
    maxBytes: options.maxBytes,
    stdin: config.stdin,
    recursive: options.recursive,
  };
  // The API server names an object that has only a generateName before it checks it.
  const docs = nameGeneratedDocuments(await loadAll(options.files, config.cwd, input));
  return {
    docs,
    loadCatalog: () => loadRuntimeCatalog(docs, options.runtimes, config, options.namespace, input),
  };
}
