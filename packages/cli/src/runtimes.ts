// SPDX-License-Identifier: Apache-2.0
// The runtimes a command can resolve a TrainJob's runtimeRef against: those of the given files, or
// the shipped runtimes folder.

import { existsSync } from 'node:fs';
import { Kinds } from '@kubetrain/api';
import type { RuntimeInput, RuntimeLookup } from '@kubetrain/runtime';
import type { InputOptions, LoadedDocument } from './documents.js';
import { loadAll, loadDocuments } from './documents.js';
import type { CliConfig } from './io.js';

/** The namespace of objects that name none, as kubectl's default context would give them. */
export const DEFAULT_NAMESPACE = 'default';

/** The namespace of `doc`, or `fallback`. */
export function namespaceOf(doc: LoadedDocument, fallback: string): string {
  const metadata = doc.object.metadata as { namespace?: unknown } | undefined;
  return typeof metadata?.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : fallback;
}

/** Runtimes by kind and name, with where they came from. */
export class RuntimeCatalog implements RuntimeLookup {
  private readonly training = new Map<string, RuntimeInput>();
  private readonly cluster = new Map<string, RuntimeInput>();

  /**
   * @param note Added to "not found" messages, saying where runtimes were looked for.
   */
  constructor(
    readonly note: string,
    readonly namespace: string,
  ) {}

  /** Adds the TrainingRuntimes and ClusterTrainingRuntimes among `docs` (a later one of the same name wins). */
  add(docs: readonly LoadedDocument[]): this {
    for (const doc of docs) {
      if (doc.kind === Kinds.TrainingRuntime) {
        this.training.set(
          `${namespaceOf(doc, this.namespace)}/${doc.name}`,
          doc.object as unknown as RuntimeInput,
        );
      } else if (doc.kind === Kinds.ClusterTrainingRuntime) {
        this.cluster.set(doc.name, doc.object as unknown as RuntimeInput);
      }
    }
    return this;
  }

  /** The TrainingRuntime `<namespace>/<name>` (one without a namespace counts as in the default namespace). */
  getTrainingRuntime(namespace: string, name: string): RuntimeInput | undefined {
    return this.training.get(`${namespace}/${name}`);
  }

  /** The ClusterTrainingRuntime `<name>`. */
  getClusterTrainingRuntime(name: string): RuntimeInput | undefined {
    return this.cluster.get(name);
  }
}

/**
 * The runtimes of the `-r` paths (files or folders) or, without `-r`, of the shipped runtimes folder
 * when it exists; then those of the `-f` documents, which win over a runtime of the same name. The
 * catalog's note says where it looked, for "not found" errors.
 */
export async function loadRuntimeCatalog(
  inputs: readonly LoadedDocument[],
  runtimePaths: readonly string[],
  config: CliConfig,
  namespace: string,
  input: InputOptions,
): Promise<RuntimeCatalog> {
  if (runtimePaths.length > 0) {
    const catalog = new RuntimeCatalog(`looked in the input and in ${runtimePaths.join(', ')}`, namespace);
    catalog.add(await loadAll(runtimePaths, config.cwd, input));
    return catalog.add(inputs);
  }
  if (!existsSync(config.runtimesDir)) {
    const note = `looked in the input only: no -r given and the shipped runtimes folder ${config.runtimesDir} does not exist; pass -r FILE or -r FOLDER`;
    return new RuntimeCatalog(note, namespace).add(inputs);
  }
  const catalog = new RuntimeCatalog(`looked in the input and in ${config.runtimesDir}`, namespace);
  catalog.add(await loadDocuments(config.runtimesDir, config.cwd, input));
  return catalog.add(inputs);
}
