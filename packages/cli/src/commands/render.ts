// SPDX-License-Identifier: Apache-2.0
// `kubetrain render`: every object the controller would apply for the TrainJobs of the input files.

import { Kinds, formatFieldError } from '@kubetrain/api';
import { RuntimeNotFoundError, isEngineError, render, resolveRuntime } from '@kubetrain/runtime';
import type { TrainJobInput } from '@kubetrain/runtime';
import { admit } from '../admission.js';
import { describeDocument, loadDocuments } from '../documents.js';
import type { LoadedDocument } from '../documents.js';
import { CliError, ExitCode } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { loadRuntimeCatalog } from '../runtimes.js';
import { toYamlStream } from '../output.js';

/** Options of {@link renderCommand}. */
export interface RenderCommandOptions {
  /** `-f`: files (or folders) holding TrainJobs, and possibly the runtimes they use. */
  readonly files: readonly string[];
  /** `-r`: runtime files or folders; without them, the shipped runtimes folder. */
  readonly runtimes: readonly string[];
  /** `-n`: the namespace of objects that name none. */
  readonly namespace: string;
}

/**
 * Renders each TrainJob of the input on its runtime and prints all objects, in input order, as one
 * multi-document YAML stream. A TrainJob that fails admission or rendering is reported on stderr as
 * `<kind>/<name>: <message>` and the exit code is 1; the other TrainJobs are still printed.
 */
export function renderCommand(options: RenderCommandOptions, io: Io, config: CliConfig): number {
  const docs = options.files.flatMap((file) => loadDocuments(file, config.cwd));
  const jobs = docs.filter(
    (doc): doc is LoadedDocument & { kind: 'TrainJob' } => doc.kind === Kinds.TrainJob,
  );
  if (jobs.length === 0) throw new CliError(`no TrainJob in ${options.files.join(', ')}`);
  const catalog = loadRuntimeCatalog(docs, options.runtimes, config, options.namespace);

  const objects: object[] = [];
  let code: number = ExitCode.Ok;
  for (const doc of jobs) {
    const who = describeDocument(doc);
    const admission = admit(doc, options.namespace);
    for (const warning of admission.warnings) io.stderr(`Warning: ${who}: ${warning}\n`);
    if (admission.errors.length > 0) {
      for (const error of admission.errors) io.stderr(`${who}: ${formatFieldError(error)}\n`);
      code = ExitCode.Invalid;
      continue;
    }
    const trainJob = admission.object as unknown as TrainJobInput;
    try {
      const { runtime } = resolveRuntime(trainJob, catalog);
      const rendered = render(trainJob, runtime).objects;
      io.log?.debug('Rendered TrainJob', {
        TrainJob: who,
        runtime: `${runtime.kind}/${runtime.metadata?.name}`,
        objects: rendered.length,
      });
      objects.push(...rendered);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      const note = e instanceof RuntimeNotFoundError ? ` (${catalog.note})` : '';
      io.stderr(`${who}: ${e.message}${note}\n`);
      code = ExitCode.Invalid;
    }
  }
  if (objects.length > 0) io.stdout(toYamlStream(objects));
  return code;
}
