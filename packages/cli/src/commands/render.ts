// SPDX-License-Identifier: Apache-2.0
// `kubetrain render`: every object the controller would apply for the TrainJobs of the input files.

import { Kinds } from '@kubetrain/api';
import { isEngineError, render } from '@kubetrain/runtime';
import type { RuntimeInput, TrainJobInput } from '@kubetrain/runtime';
import { checkDocument } from '../check-document.js';
import { readCommandInput } from '../command-input.js';
import type { InputCommandOptions } from '../command-input.js';
import { describeDocument } from '../documents.js';
import type { LoadedDocument } from '../documents.js';
import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { isKindName, unservedKindMessage } from '../kinds.js';
import { toYamlStream } from '../output.js';
import { reportError, reportErrors, reportWarnings } from '../report.js';

/** Options of {@link renderCommand}: the input options. */
export type RenderCommandOptions = InputCommandOptions;

/** Warns about the documents render does not render: kinds other than the three served. */
function warnAboutOtherKinds(io: Io, docs: readonly LoadedDocument[]): void {
  for (const doc of docs) {
    if (!isKindName(doc.kind))
      reportWarnings(io, describeDocument(doc), [`${unservedKindMessage(doc)}; not rendered`]);
  }
}

/** The objects of one TrainJob, or undefined when it is refused (the errors are reported). */
function renderOne(
  io: Io,
  who: string,
  trainJob: TrainJobInput,
  runtime: RuntimeInput,
): object[] | undefined {
  try {
    const rendered = render(trainJob, runtime).objects;
    io.log?.debug('Rendered TrainJob', {
      TrainJob: who,
      runtime: `${runtime.kind}/${runtime.metadata?.name}`,
      objects: rendered.length,
    });
    return rendered;
  } catch (e) {
    if (!isEngineError(e)) throw e;
    reportError(io, who, e.message);
    return undefined;
  }
}

/**
 * Renders each TrainJob of the input on its runtime and prints all objects, in input order, as one
 * multi-document YAML stream. Each TrainJob is first checked as `validate` checks it (the API
 * server's schema and CEL rules, then the admission webhooks' rules against its runtime); one that
 * fails is reported on stderr, one line per error, and not rendered, and the exit code is 1; the
 * other TrainJobs are still printed. Documents of other kinds are named in a warning. Without any
 * TrainJob the input cannot be used (CliError, exit code 2).
 */
export async function renderCommand(
  options: RenderCommandOptions,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const { docs, loadCatalog } = await readCommandInput(options, config);
  warnAboutOtherKinds(io, docs);
  const jobs = docs.filter(
    (doc): doc is LoadedDocument & { kind: 'TrainJob' } => doc.kind === Kinds.TrainJob,
  );
  if (jobs.length === 0) throw new CliError(`no TrainJob in ${options.files.join(', ')}`);
  const catalog = await loadCatalog();

  const objects: object[] = [];
  let refused = 0;
  for (const doc of jobs) {
    const who = describeDocument(doc);
    const verdict = checkDocument(doc, catalog, options.namespace, config);
    reportWarnings(io, who, verdict.warnings);
    const rendered =
      verdict.errors.length === 0 && verdict.runtime !== undefined
        ? renderOne(io, who, verdict.object as unknown as TrainJobInput, verdict.runtime)
        : (reportErrors(io, who, verdict.errors), undefined);
    if (rendered === undefined) refused++;
    else objects.push(...rendered);
  }
  if (objects.length > 0) io.stdout(toYamlStream(objects));
  const rendered = jobs.length - refused;
  io.stderr(`rendered ${rendered} of ${jobs.length} TrainJobs into ${objects.length} objects\n`);
  return refused > 0 ? ExitCode.Invalid : ExitCode.Ok;
}
