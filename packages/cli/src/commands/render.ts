// SPDX-License-Identifier: Apache-2.0
// `kubetrain render`: every object the controller would apply for the TrainJobs of the input files.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  FeatureGateError,
  Kinds,
  parseFeatureGateFlag,
  resolveFeatureGates,
  type FeatureGates,
} from '@kubetrain/api';
import {
  defaultPlugins,
  isEngineError,
  validateAdmission,
  type Plugin,
  type StatusServerCA,
} from '@kubetrain/runtime';
import type { RuntimeInput, TrainJobInput } from '@kubetrain/runtime';
import { checkDocument } from '../check-document.js';
import { readCommandInput } from '../command-input.js';
import type { InputCommandOptions } from '../command-input.js';
import { describeDocument } from '../documents.js';
import type { LoadedDocument } from '../documents.js';
import { CliError, ExitCode, UsageError } from '../io.js';
import type { CliConfig, Io } from '../io.js';
import { isKindName, unservedKindMessage } from '../kinds.js';
import { formatObjectList } from '../output.js';
import type { ObjectFormat } from './option-parsers.js';
import { reportError, reportErrors, reportWarnings } from '../report.js';
import { MANAGER_DEFAULT_CONFIG, renderObjects } from './render-objects.js';

/** Options of {@link renderCommand}: the input options, the SSH key seed and the owner's uid. */
export interface RenderCommandOptions extends InputCommandOptions {
  /** `-o`: a YAML stream (default), one JSON `List`, or the objects' names. */
  readonly output?: ObjectFormat;
  /**
   * `--ssh-key-seed`: derive the MPI SSH key pair from this seed and the TrainJob's
   * `<namespace>/<name>` (the same output every run); without it a fresh key pair is generated.
   */
  readonly sshKeySeed?: string | undefined;
  /**
   * `--owner-uid`: the TrainJob's uid, put in every ownerReference; without it the objects have no
   * ownerReference (an empty uid is not a reference the API server would accept).
   */
  readonly ownerUid?: string | undefined;
  /**
   * `--feature-gates`: `Name=true,...` of the engine's gates the manager would run with; today
   * `LeaderWorkerSetBackend` (runtimes annotated `kubetrain.dev/workload: LeaderWorkerSet` render a
   * LeaderWorkerSet, checked by that backend's admission rules) and `TrainJobStatus` (the
   * status-server env and token volume on the trainer pods, for the manager's default
   * Configuration in `kubeflow-system`). Default: every gate off.
   */
  readonly featureGates?: string | undefined;
  /**
   * `--status-server-ca`: a PEM file, the CA of the status server; with `TrainJobStatus=true`, the
   * `<tj>-tls-config` ConfigMap is rendered with it (the manager reads it from the webhook
   * certificate Secret). Without it that ConfigMap is not rendered.
   */
  readonly statusServerCA?: string | undefined;
}

/** The CA of `--status-server-ca`, read relative to the working folder; a read failure is a CliError. */
async function statusServerCAOf(file: string | undefined, cwd: string): Promise<StatusServerCA | undefined> {
  if (file === undefined) return undefined;
  try {
    return { caCert: await readFile(resolve(cwd, file), 'utf8') };
  } catch (e) {
    const message = (e as { message?: unknown }).message;
    throw new CliError(`--status-server-ca: ${typeof message === 'string' ? message : String(e)}`);
  }
}

/**
 * Parses `--feature-gates` as the manager does (`parseFeatureGateFlag` and `resolveFeatureGates` of
 * `@kubetrain/api`: Go booleans, known gates only) into every gate's value. Throws {@link UsageError}
 * with the manager's message after `--feature-gates: `.
 */
export function parseRenderGates(text: string | undefined): FeatureGates {
  try {
    return resolveFeatureGates(parseFeatureGateFlag(text ?? ''));
  } catch (e) {
    if (e instanceof FeatureGateError) throw new UsageError(`--feature-gates: ${e.message}`);
    throw e;
  }
}

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
  input: TrainJobInput,
  runtime: RuntimeInput,
  options: RenderCommandOptions,
  plugins: readonly Plugin[],
  statusServerCA: StatusServerCA | undefined,
): object[] | undefined {
  const trainJob: TrainJobInput =
    options.ownerUid !== undefined
      ? ({ ...input, metadata: { ...input.metadata, uid: options.ownerUid } } as TrainJobInput)
      : input;
  try {
    const rendered = renderObjects(trainJob, runtime, {
      plugins,
      sshKeySeed: options.sshKeySeed,
      statusServerCA,
    });
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
  const plugins = defaultPlugins({
    config: MANAGER_DEFAULT_CONFIG,
    featureGates: parseRenderGates(options.featureGates),
  });
  const statusServerCA = await statusServerCAOf(options.statusServerCA, config.cwd);
  // The admission checks with the same plugins (a gated backend's rules run only with its gate).
  const checked: CliConfig = {
    ...config,
    validateTrainJob:
      config.validateTrainJob ??
      ((oldJob, newJob, runtime) => validateAdmission(oldJob, newJob, runtime, { plugins })),
  };
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
    const verdict = checkDocument(doc, catalog, options.namespace, checked);
    reportWarnings(io, who, verdict.warnings);
    const rendered =
      verdict.errors.length === 0 && verdict.runtime !== undefined
        ? renderOne(
            io,
            who,
            verdict.object as unknown as TrainJobInput,
            verdict.runtime,
            options,
            plugins,
            statusServerCA,
          )
        : (reportErrors(io, who, verdict.errors), undefined);
    if (rendered === undefined) refused++;
    else objects.push(...rendered);
  }
  if (objects.length > 0) io.stdout(formatObjectList(options.output ?? 'yaml', objects));
  const rendered = jobs.length - refused;
  io.stderr(`rendered ${rendered} of ${jobs.length} TrainJobs into ${objects.length} objects\n`);
  return refused > 0 ? ExitCode.Invalid : ExitCode.Ok;
}
