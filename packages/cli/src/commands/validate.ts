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
import { formatObjectList } from '../output.js';
import { reportError, reportErrors, reportWarnings } from '../report.js';
import type { ObjectFormat } from './option-parsers.js';
import type { RuntimeCatalog } from '../runtimes.js';

/** Options of {@link validateCommand}: the input options and `-o`. */
export interface ValidateCommandOptions extends InputCommandOptions {
  /** `-o`: print the valid objects as the API server would store them; default: a count. */
  readonly output?: ObjectFormat | undefined;
}

/** Validates one document; returns its number of errors and the object as it would be stored. */
function validateDocument(
  io: Io,
  doc: LoadedDocument,
  catalog: RuntimeCatalog,
  namespace: string,
  config: CliConfig,
): { errors: number; object: Record<string, unknown> } {
  const who = describeDocument(doc);
  const kind = doc.kind;
  if (!isKindName(kind)) {
    reportError(io, who, unservedKindMessage(doc));
    return { errors: 1, object: doc.object };
  }
  const verdict = checkDocument({ ...doc, kind }, catalog, namespace, config);
  reportWarnings(io, who, verdict.warnings);
  return { errors: reportErrors(io, who, verdict.errors), object: verdict.object };
}

/**
 * Validates every object of the input: the schema and CEL rules of its kind (as the API server
 * would), then the admission webhooks' checks (for a runtime, those of its kind as on create; for a
 * TrainJob, those against its runtime, which must be found). Each error is one line on stderr,
 * `<kind>/<name>: <field path>: <message>`, as are warnings; on success one confirmation line goes to
 * stdout, or with `-o` the valid objects as the API server would store them (pruned, defaulted). Returns 1 when there was any error; throws a CliError (exit code 2) for input that
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
  const valid: Record<string, unknown>[] = [];
  for (const doc of docs) {
    const found = validateDocument(io, doc, catalog, options.namespace, config);
    errors += found.errors;
    if (found.errors > 0) invalid++;
    else valid.push(found.object);
  }
  if (options.output !== undefined && valid.length > 0) io.stdout(formatObjectList(options.output, valid));
  if (errors > 0) {
    io.stderr(`${invalid} of ${docs.length} objects invalid (${errors} errors)\n`);
    return ExitCode.Invalid;
  }
  if (options.output === undefined)
    io.stdout(`${docs.length} ${docs.length === 1 ? 'object' : 'objects'} valid\n`);
  return ExitCode.Ok;
}
