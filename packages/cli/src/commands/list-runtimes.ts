// SPDX-License-Identifier: Apache-2.0
// `kubetrain runtimes`: the TrainingRuntimes of the namespace and the ClusterTrainingRuntimes; with
// `--offline`, the shipped ClusterTrainingRuntimes, from the folder `render` reads them from.

import { existsSync } from 'node:fs';
import { Kinds, Labels, MAX_OBJECT_BYTES } from '@kubetrain/api';
import { isNotFound } from '@kubetrain/kube';
import type { Session } from '../cluster/connect.js';
import { formatObjects } from '../cluster/print-objects.js';
import type { OutputFormat } from '../cluster/print-objects.js';
import { Refs } from '../cluster/refs.js';
import { formatTable } from '../cluster/table.js';
import { age } from '../cluster/trainjob-view.js';
import { loadDocuments } from '../documents.js';
import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** The parts of a runtime the table reads. */
export interface RuntimeObject {
  kind?: string;
  metadata: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    creationTimestamp?: string;
  };
  spec?: {
    mlPolicy?: { numNodes?: number };
    template?: {
      spec?: {
        replicatedJobs?: {
          template?: {
            metadata?: { labels?: Record<string, string> };
            spec?: { template?: { spec?: { containers?: { name: string; image?: string }[] } } };
          };
        }[];
      };
    };
  };
}

/** The trainer image: the `node` container of the job labelled as the trainer step (as the SDK finds it). */
function trainerImage(runtime: RuntimeObject): string {
  for (const job of runtime.spec?.template?.spec?.replicatedJobs ?? []) {
    if (job.template?.metadata?.labels?.[Labels.TrainJobAncestor] === undefined) continue;
    const node = job.template.spec?.template?.spec?.containers?.find((c) => c.name === 'node');
    if (node?.image) return node.image;
  }
  return '<none>';
}

/** What the table (and the dashboard's runtimes page) shows of a runtime. */
export interface RuntimeSummary {
  readonly name: string;
  /** `TrainingRuntime` or `ClusterTrainingRuntime`. */
  readonly kind: string;
  /** The namespace of a TrainingRuntime; '' for a ClusterTrainingRuntime. */
  readonly namespace: string;
  /** The `trainer.kubeflow.org/framework` label, or `<none>`. */
  readonly framework: string;
  /** `spec.mlPolicy.numNodes` (1 when unset). */
  readonly nodes: number;
  /** The trainer's image, or `<none>`. */
  readonly image: string;
}

/** The summary of `runtime` (its kind given, as a list's items have none). */
export function runtimeSummary(runtime: RuntimeObject, kind: string): RuntimeSummary {
  return {
    name: runtime.metadata.name ?? '',
    kind,
    namespace: kind === 'TrainingRuntime' ? (runtime.metadata.namespace ?? '') : '',
    framework: runtime.metadata.labels?.[Labels.Framework] ?? '<none>',
    nodes: runtime.spec?.mlPolicy?.numNodes ?? 1,
    image: trainerImage(runtime),
  };
}

/** Prints the runtimes as `output` asks; the table has an AGE column when `now` is given. */
function printRuntimes(all: readonly RuntimeObject[], output: OutputFormat, io: Io, now?: Date): void {
  if (output === 'name') {
    io.stdout(
      all
        .map(
          (r) =>
            `${(r.kind ?? '').toLowerCase()}.trainer.kubeflow.org/${escapeForTerminal(r.metadata.name ?? '')}\n`,
        )
        .join(''),
    );
    return;
  }
  if (output === 'json' || output === 'yaml') {
    io.stdout(formatObjects(output, all, false, ''));
    return;
  }
  const rows = all.map((r) => {
    const summary = runtimeSummary(r, r.kind ?? '');
    return [
      summary.name,
      r.kind === 'TrainingRuntime' ? `TrainingRuntime (${r.metadata.namespace})` : 'ClusterTrainingRuntime',
      summary.framework,
      String(summary.nodes),
      summary.image,
      ...(now !== undefined ? [age(r.metadata.creationTimestamp, now)] : []),
    ];
  });
  const header = ['NAME', 'KIND', 'FRAMEWORK', 'NODES', 'IMAGE', ...(now !== undefined ? ['AGE'] : [])];
  io.stdout(formatTable(header, rows));
}

/** Prints the namespaced runtimes (first, as the SDK lists them) and the cluster ones. */
export async function runtimesCommand(
  output: OutputFormat,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const namespaced = await session.client
    .list(Refs.TrainingRuntime, { namespace: session.listNamespace })
    .then((l) => l.items.map((i) => ({ ...i, kind: 'TrainingRuntime' }) as RuntimeObject))
    .catch((e: unknown) => {
      if (isNotFound(e)) return [];
      throw e;
    });
  const cluster = (await session.client.list(Refs.ClusterTrainingRuntime)).items.map(
    (i) => ({ ...i, kind: 'ClusterTrainingRuntime' }) as RuntimeObject,
  );
  printRuntimes([...namespaced, ...cluster], output, io, (config.now ?? (() => new Date()))());
  return ExitCode.Ok;
}

/**
 * `runtimes --offline`: the shipped ClusterTrainingRuntimes, read from the folder `render` resolves
 * runtimes in without `-r` (`manifests/runtimes/`, or `$KUBETRAIN_RUNTIMES_DIR`), with its
 * subfolders, as they are written there, by name (no cluster, so no AGE column).
 */
export async function offlineRuntimesCommand(
  output: OutputFormat,
  io: Io,
  config: CliConfig,
): Promise<number> {
  if (!existsSync(config.runtimesDir))
    throw new CliError(
      `the shipped runtimes folder ${config.runtimesDir} does not exist (set KUBETRAIN_RUNTIMES_DIR)`,
    );
  const docs = await loadDocuments(config.runtimesDir, config.cwd, {
    maxBytes: MAX_OBJECT_BYTES,
    recursive: true,
  });
  const shipped = docs
    .filter((d) => d.kind === Kinds.ClusterTrainingRuntime)
    .map((d) => d.object as unknown as RuntimeObject)
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  printRuntimes(shipped, output, io);
  return ExitCode.Ok;
}
