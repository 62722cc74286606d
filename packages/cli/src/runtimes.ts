// SPDX-License-Identifier: Apache-2.0
// The runtimes a command can resolve a TrainJob's runtimeRef against: those of the given files, or
// the shipped runtimes folder.

import { existsSync } from 'node:fs';
import { Kinds } from '@kubetrain/api';
import type { RuntimeInput, RuntimeLookup } from '@kubetrain/runtime';
import { admit, namespaceOf } from './admission.js';
import type { InputOptions, LoadedDocument } from './documents.js';
import { describeDocument, loadAll, loadDocuments } from './documents.js';
import type { CliConfig } from './io.js';

export { DEFAULT_NAMESPACE } from './default-namespace.js';

/**
 * The runtime as the engine reads it: a runtime stored without `spec`, `spec.template` or
 * `spec.template.spec` has Go's zero values there, empty objects (the engine expects them; the API
 * server accepts a runtime without them).
 */
export function asEngineRuntime(object: Record<string, unknown>): RuntimeInput {
  const plain = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const spec = plain(object.spec);
  const template = plain(spec.template);
  return {
    ...object,
    spec: { ...spec, template: { ...template, spec: plain(template.spec) } },
  } as unknown as RuntimeInput;
}

/**
 * Runtimes by kind and name, as a cluster would hold them: each admitted (pruned, defaulted, checked
 * against the schema) when a TrainJob first names it, so that a file of thousands of runtimes costs
 * only the ones used; one the API server would refuse is not found, and named in the "not found" note.
 */
export class RuntimeCatalog implements RuntimeLookup {
  /** The documents by key (`<namespace>/<name>` or the cluster runtime's name); a later one wins. */
  private readonly training = new Map<string, LoadedDocument>();
  private readonly cluster = new Map<string, LoadedDocument>();
  /** The admitted runtime of each document looked up, or null when admission refused it. */
  private readonly admitted = new Map<LoadedDocument, RuntimeInput | null>();
  private readonly refused: string[] = [];

  /**
   * @param where Said in "not found" messages: where runtimes were looked for.
   */
  constructor(
    private readonly where: string,
    readonly namespace: string,
  ) {}

  /** Where runtimes were looked for, and those looked up but left out as invalid. */
  get note(): string {
    if (this.refused.length === 0) return this.where;
    return `${this.where}; left out as invalid (see kubetrain validate): ${this.refused.join(', ')}`;
  }

  /** Adds the TrainingRuntimes and ClusterTrainingRuntimes among `docs` (a later one of the same name wins). */
  add(docs: readonly LoadedDocument[]): this {
    for (const doc of docs) {
      if (doc.kind === Kinds.TrainingRuntime)
        this.training.set(`${namespaceOf(doc, this.namespace)}/${doc.name}`, doc);
      else if (doc.kind === Kinds.ClusterTrainingRuntime) this.cluster.set(doc.name, doc);
    }
    return this;
  }

  /** The TrainingRuntime `<namespace>/<name>` (one without a namespace counts as in the default namespace). */
  getTrainingRuntime(namespace: string, name: string): RuntimeInput | undefined {
    return this.admittedRuntime(this.training.get(`${namespace}/${name}`), Kinds.TrainingRuntime);
  }

  /** The ClusterTrainingRuntime `<name>`. */
  getClusterTrainingRuntime(name: string): RuntimeInput | undefined {
    return this.admittedRuntime(this.cluster.get(name), Kinds.ClusterTrainingRuntime);
  }

  /** `doc` admitted as the API server would (once); undefined when there is none or it is refused. */
  private admittedRuntime(
    doc: LoadedDocument | undefined,
    kind: typeof Kinds.TrainingRuntime | typeof Kinds.ClusterTrainingRuntime,
  ): RuntimeInput | undefined {
    if (doc === undefined) return undefined;
    let runtime = this.admitted.get(doc);
    if (runtime === undefined) {
      const admission = admit({ ...doc, kind }, this.namespace);
      runtime = admission.errors.length > 0 ? null : asEngineRuntime(admission.object);
      if (runtime === null) this.refused.push(`${describeDocument(doc)} (${doc.source})`);
      this.admitted.set(doc, runtime);
    }
    return runtime ?? undefined;
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
  // Runtime folders are read with their subfolders (the shipped folder holds data-cache/).
  const runtimeInput: InputOptions = { ...input, recursive: true };
  if (runtimePaths.length > 0) {
    const catalog = new RuntimeCatalog(`looked in the input and in ${runtimePaths.join(', ')}`, namespace);
    catalog.add(await loadAll(runtimePaths, config.cwd, runtimeInput));
    return catalog.add(inputs);
  }
  if (!existsSync(config.runtimesDir)) {
    const note = `looked in the input only: no -r given and the shipped runtimes folder ${config.runtimesDir} does not exist; pass -r FILE or -r FOLDER`;
    return new RuntimeCatalog(note, namespace).add(inputs);
  }
  const catalog = new RuntimeCatalog(`looked in the input and in ${config.runtimesDir}`, namespace);
  catalog.add(await loadDocuments(config.runtimesDir, config.cwd, runtimeInput));
  return catalog.add(inputs);
}
