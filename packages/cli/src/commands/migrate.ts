// SPDX-License-Identifier: Apache-2.0
// `kubetrain migrate`: Training Operator v1 jobs in, TrainJobs (and TrainingRuntimes) out, each
// checked as `kubetrain validate` checks objects; never contacts a cluster.

import { existsSync } from 'node:fs';
import { Kinds } from '@kubetrain/api';
import { StorageLimits, stringifyJson } from '@kubetrain/api/core';
import type { KindName } from '@kubetrain/api';
import { checkDocument } from '../check-document.js';
import { describeDocument, loadAll, loadDocuments } from '../documents.js';
import type { InputOptions, LoadedDocument } from '../documents.js';
import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { isTrainingOperatorV1, TRAINING_OPERATOR_V1_API_VERSION } from '../kinds.js';
export { MIGRATE_HELP } from './migrate-help.js';
import { convertV1Job, formatWarning, isV1KindName, MigrationError } from '../migrate/index.js';
import type { ShippedRuntimes } from '../migrate/index.js';
import { formatObjectList } from '../output.js';
import type { ObjectFormat } from './option-parsers.js';
import { reportError, reportErrors, reportWarnings } from '../report.js';
import { DEFAULT_NAMESPACE, RuntimeCatalog } from '../runtimes.js';

/** Options of {@link migrateCommand}. */
interface MigrateCommandOptions {
  /** `-f` and the positional files: files, folders, or `-` for stdin. */
  readonly files: readonly string[];
  /** `-R`: read the subfolders of a `-f` folder too. */
  readonly recursive: boolean;
  /** `-o`: a YAML stream, one JSON `List`, or the objects' names. */
  readonly output: ObjectFormat;
  /** `--strict`: a warning (something not carried over, or that behaves otherwise) makes the exit code 1. */
  readonly strict: boolean;
  /** `--max-bytes`: the largest object accepted, in bytes of JSON. */
  readonly maxBytes: number;
}

/** The shipped ClusterTrainingRuntimes as their files hold them (none when the folder is missing). */
async function loadShipped(config: CliConfig, input: InputOptions): Promise<LoadedDocument[]> {
  if (!existsSync(config.runtimesDir)) return [];
  const docs = await loadDocuments(config.runtimesDir, config.cwd, { ...input, recursive: true });
  return docs.filter((d) => d.kind === Kinds.ClusterTrainingRuntime);
}

/** An output object as an input document, for the checks. */
function asDocument(object: Record<string, unknown>): LoadedDocument & { kind: KindName } {
  const metadata = object.metadata as { name: string };
  return {
    source: '<migrated>',
    kind: object.kind as KindName,
    apiVersion: String(object.apiVersion),
    name: metadata.name,
    object,
  };
}

/** The v2 objects of one converted v1 job. */
interface Converted {
  readonly objects: readonly Record<string, unknown>[];
}

/** Counts of one run. */
interface Tally {
  jobs: number;
  failed: number;
  warnings: number;
  converted: Converted[];
}

/** Converts one input document; reports what it finds and adds the objects to `tally`. */
function migrateDocument(io: Io, doc: LoadedDocument, shipped: ShippedRuntimes, tally: Tally): void {
  const who = describeDocument(doc);
  if (!isTrainingOperatorV1(doc) || !isV1KindName(doc.kind)) {
    reportWarnings(io, who, [
      `not a Training Operator v1 job (${TRAINING_OPERATOR_V1_API_VERSION} PyTorchJob, TFJob, MPIJob, XGBoostJob, PaddleJob, JAXJob); left out`,
    ]);
    tally.warnings++;
    return;
  }
  tally.jobs++;
  try {
    const conversion = convertV1Job(doc.kind, doc.object, shipped);
    if ('errors' in conversion) {
      reportErrors(io, who, conversion.errors);
      tally.failed++;
      return;
    }
    reportWarnings(io, who, conversion.warnings.map(formatWarning));
    tally.warnings += conversion.warnings.length;
    tally.converted.push({ objects: conversion.objects });
  } catch (e) {
    if (!(e instanceof MigrationError)) throw e;
    reportError(io, who, e.message);
    tally.failed++;
  }
}

/** `<kind> <namespace>/<name>` of an output object: two with the same key would overwrite each other. */
function objectKey(doc: LoadedDocument): string {
  const namespace = (doc.object.metadata as { namespace?: string }).namespace ?? DEFAULT_NAMESPACE;
  return `${doc.kind} ${namespace}/${doc.name}`;
}

/** Reports the first object of `job` that `validate` would refuse (and its errors); true when none. */
function acceptOutput(
  io: Io,
  job: readonly (LoadedDocument & { kind: KindName })[],
  catalog: RuntimeCatalog,
  seen: Set<string>,
  config: CliConfig,
): boolean {
  for (const doc of job) {
    const who = `${describeDocument(doc)} (migrated)`;
    if (seen.has(objectKey(doc))) {
      reportError(io, who, 'written twice: two v1 jobs of the input have the same name and namespace');
      return false;
    }
    seen.add(objectKey(doc));
    // What the v1 job carries over verbatim (a huge env, a long command) can make an object etcd
    // refuses; the input may be larger than it, up to --max-bytes.
    const bytes = Buffer.byteLength(stringifyJson(doc.object));
    if (bytes > StorageLimits.ObjectBytes) {
      reportError(
        io,
        who,
        `the object would be ${bytes} bytes of JSON, over the ${StorageLimits.ObjectBytes} bytes the API server stores in one object`,
      );
      return false;
    }
    const verdict = checkDocument(doc, catalog, DEFAULT_NAMESPACE, config);
    reportWarnings(io, who, verdict.warnings);
    // The objects after a refused one (its TrainJob, after its runtime) would only repeat it.
    if (reportErrors(io, who, verdict.errors) > 0) return false;
  }
  return true;
}

/**
 * Checks the objects of each converted job as `validate` would; returns the objects of the jobs
 * whose every object passes, and how many jobs were refused (each reported: nothing of theirs is
 * printed).
 */
function checkOutput(
  io: Io,
  converted: readonly Converted[],
  shipped: readonly LoadedDocument[],
  config: CliConfig,
): { printable: Record<string, unknown>[]; refused: number } {
  const jobs = converted.map((c) => c.objects.map(asDocument));
  const catalog = new RuntimeCatalog('the shipped runtimes and the migrated ones', DEFAULT_NAMESPACE)
    .add(shipped)
    .add(jobs.flat());
  const seen = new Set<string>();
  const printable: Record<string, unknown>[] = [];
  let refused = 0;
  for (const [i, job] of jobs.entries()) {
    if (acceptOutput(io, job, catalog, seen, config)) printable.push(...(converted[i]?.objects ?? []));
    else refused++;
  }
  return { printable, refused };
}

/**
 * Converts every Training Operator v1 job of the input into v2 objects (see {@link MIGRATE_HELP})
 * and prints them on stdout, in input order; warnings, errors and a summary line go to stderr.
 * A job that cannot be converted, or one of whose objects would be refused, prints nothing and
 * makes the exit code 1; so does any warning with `strict`. Throws a CliError (exit 2) for input
 * that cannot be used.
 */
export async function migrateCommand(
  options: MigrateCommandOptions,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const input: InputOptions = {
    maxBytes: options.maxBytes,
    stdin: config.stdin,
    recursive: options.recursive,
  };
  const docs = await loadAll(options.files, config.cwd, input);
  if (docs.length === 0) throw new CliError(`no objects in ${options.files.join(', ')}`);
  const shippedDocs = await loadShipped(config, input);
  const shipped: ShippedRuntimes = new Map(shippedDocs.map((d) => [d.name, d.object]));
  const tally: Tally = { jobs: 0, failed: 0, warnings: 0, converted: [] };
  for (const doc of docs) migrateDocument(io, doc, shipped, tally);
  const { printable, refused } = checkOutput(io, tally.converted, shippedDocs, config);
  if (printable.length > 0) io.stdout(formatObjectList(options.output, printable));
  const migrated = tally.jobs - tally.failed - refused;
  io.stderr(
    `migrated ${migrated} of ${tally.jobs} v1 jobs into ${printable.length} objects (${tally.warnings} ${tally.warnings === 1 ? 'warning' : 'warnings'})\n`,
  );
  if (tally.failed > 0 || refused > 0) return ExitCode.Invalid;
  return tally.warnings > 0 && options.strict ? ExitCode.Invalid : ExitCode.Ok;
}
