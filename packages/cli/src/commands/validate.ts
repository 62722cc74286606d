// SPDX-License-Identifier: Apache-2.0
// `kubetrain validate`: the checks the API server and the admission webhooks would make, offline.

import { checkDocument } from '../check-document.js';
import { readCommandInput } from '../command-input.js';
import type { InputCommandOptions } from '../command-input.js';
import { describeDocument } from '../documents.js';
import type { LoadedDocument } from '../documents.js';
import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { isKindName, unservedKindMessage } from '../kinds.js';
import { reportError, reportErrors, reportWarnings } from '../report.js';
import type { RuntimeCatalog } from '../runtimes.js';

/** Options of {@link validateCommand}: the input options. */
export type ValidateCommandOptions = InputCommandOptions;

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
    reportError(io, who, unservedKindMessage(doc));
    return 1;
  }
  const verdict = checkDocument({ ...doc, kind }, catalog, namespace, config);
  reportWarnings(io, who, verdict.warnings);
  return reportErrors(io, who, verdict.errors);
}

/**
 * Validates every object of the input: the schema and CEL rules of its kind (as the API server
 * would), then the admission webhooks' checks (for a runtime, those of its kind as on create; for a
 * TrainJob, those against its runtime, which must be found). Each error is one line on stderr,
 * `<kind>/<name>: <field path>: <message>`, as are warnings; on success one confirmation line goes to
 * stdout. Returns 1 when there was any error; throws a CliError (exit code 2) for input that
 * cannot be used, including input without any object.
 */
export async function validateCommand(
  options: ValidateCommandOptions,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const { docs, loadCatalog } = await readCommandInput(options, config);
  if (docs.length === 0) throw new CliError(`no objects in ${options.files.join(', ')}`);
  const catalog = await loadCatalog();
  let errors = 0;
  let invalid = 0;
  for (const doc of docs) {
    const found = validateDocument(io, doc, catalog, options.namespace, config);
    errors += found;
    if (found > 0) invalid++;
  }
  if (errors > 0) {
    io.stderr(`${invalid} of ${docs.length} objects invalid (${errors} errors)\n`);
    return ExitCode.Invalid;
  }
  io.stdout(`${docs.length} ${docs.length === 1 ? 'object' : 'objects'} valid\n`);
  return ExitCode.Ok;
}
