// SPDX-License-Identifier: Apache-2.0
// `kubetrain validate`: the checks the API server and the admission webhooks would make, offline.

import { formatFieldError, Kinds } from '@kubetrain/api';
import type { FieldError } from '@kubetrain/api';
import {
  RuntimeNotFoundError,
  UnsupportedRuntimeError,
  resolveRuntime,
  validate as validateTrainJob,
  validateTrainingRuntime,
} from '@kubetrain/runtime';
import type { TrainingRuntime, TrainJobInput } from '@kubetrain/runtime';
import { admit, isKindName } from '../admission.js';
import { describeDocument, loadDocuments } from '../documents.js';
import type { LoadedDocument } from '../documents.js';
import { ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { loadRuntimeCatalog } from '../runtimes.js';
import type { RuntimeCatalog } from '../runtimes.js';

/** Options of {@link validateCommand}. */
export interface ValidateCommandOptions {
  /** `-f`: the files (or folders) to validate. */
  readonly files: readonly string[];
  /** `-r`: runtime files or folders for the TrainJob checks; without them, the shipped runtimes folder. */
  readonly runtimes: readonly string[];
  /** `-n`: the namespace of objects that name none. */
  readonly namespace: string;
}

/** Prints `errors` as `<kind>/<name>: <field path>: <message>` lines; returns how many. */
function printErrors(io: Io, who: string, errors: readonly FieldError[]): number {
  for (const error of errors) io.stdout(`${who}: ${formatFieldError(error)}\n`);
  return errors.length;
}

/** The webhook's TrainJob checks against the runtime the TrainJob names, when the catalog has it. */
function checkAgainstRuntime(
  io: Io,
  who: string,
  trainJob: TrainJobInput,
  catalog: RuntimeCatalog,
  config: CliConfig,
): number {
  let runtime;
  try {
    runtime = resolveRuntime(trainJob, catalog).runtime;
  } catch (e) {
    if (e instanceof UnsupportedRuntimeError) {
      io.stdout(`${who}: spec.runtimeRef: ${e.message}\n`);
      return 1;
    }
    if (e instanceof RuntimeNotFoundError) {
      io.stderr(`Note: ${who}: runtime checks skipped: ${e.message} (${catalog.note})\n`);
      return 0;
    }
    throw e;
  }
  const result = (config.validateTrainJob ?? validateTrainJob)(undefined, trainJob, runtime);
  for (const warning of result.warnings) io.stderr(`Warning: ${who}: ${warning}\n`);
  return printErrors(io, who, result.errors);
}

/** Validates one document; returns its number of errors. */
function validateDocument(
  io: Io,
  doc: LoadedDocument,
  catalog: RuntimeCatalog,
  namespace: string,
  config: CliConfig,
): number {
  const who = describeDocument(doc);
  const kind = doc.kind;
  if (!isKindName(kind)) {
    const supported = Object.values(Kinds)
      .map((k) => JSON.stringify(k))
      .join(', ');
    io.stdout(`${who}: kind: Unsupported value: ${JSON.stringify(kind)}: supported values: ${supported}\n`);
    return 1;
  }
  const admission = admit({ ...doc, kind }, namespace);
  for (const warning of admission.warnings) io.stderr(`Warning: ${who}: ${warning}\n`);
  const errors = printErrors(io, who, admission.errors);
  if (errors > 0) return errors;
  if (kind === Kinds.TrainJob) {
    return checkAgainstRuntime(io, who, admission.object as unknown as TrainJobInput, catalog, config);
  }
  // The runtime webhooks' checks, as on create.
  const result = validateTrainingRuntime(undefined, admission.object as unknown as TrainingRuntime);
  for (const warning of result.warnings) io.stderr(`Warning: ${who}: ${warning}\n`);
  return printErrors(io, who, result.errors);
}

/**
 * Validates every document of the input: the schema and CEL rules of its kind (as the API server
 * would), then the admission webhooks' checks: for a runtime, those of its kind (as on create); for a
 * TrainJob whose runtime is known (from the input, `-r`, or the shipped runtimes), those against that
 * runtime. Prints each error on stdout as
 * `<kind>/<name>: <field path>: <message>`, warnings and notes on stderr, and returns 1 when there
 * was any error.
 */
export function validateCommand(options: ValidateCommandOptions, io: Io, config: CliConfig): number {
  const docs = options.files.flatMap((file) => loadDocuments(file, config.cwd));
  const catalog = loadRuntimeCatalog(docs, options.runtimes, config, options.namespace);
  let errors = 0;
  for (const doc of docs) errors += validateDocument(io, doc, catalog, options.namespace, config);
  return errors > 0 ? ExitCode.Invalid : ExitCode.Ok;
}
