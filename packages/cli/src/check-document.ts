// SPDX-License-Identifier: Apache-2.0
// Every check an object passes before the controller would act on it: the API server's (schema,
// CEL rules) and then the admission webhooks' (the engine's rules, against the runtime a TrainJob
// names). One pipeline for `validate` and `render`, so that render refuses what validate refuses.

import { checkPodResources, fieldPath, invalid, Kinds, notFound } from '@kubetrain/api';
import type { FieldError, KindName } from '@kubetrain/api';
import {
  RuntimeNotFoundError,
  UnsupportedRuntimeError,
  resolveRuntime,
  validateAdmission,
  validateRuntimeAdmission,
} from '@kubetrain/runtime';
import type { RuntimeInput, TrainJobInput } from '@kubetrain/runtime';
import { admit } from './admission.js';
import type { LoadedDocument } from './documents.js';
import type { CliConfig } from './io.js';
import { asEngineRuntime } from './runtimes.js';
import type { RuntimeCatalog } from './runtimes.js';

/** What the checks of one object found. */
interface DocumentVerdict {
  readonly errors: readonly FieldError[];
  readonly warnings: readonly string[];
  /** The object as the API server would store it (pruned, defaulted); meaningful without errors. */
  readonly object: Record<string, unknown>;
  /** The runtime a valid TrainJob resolved to. */
  readonly runtime?: RuntimeInput;
}

/** The runtime of a TrainJob, or the error the webhook gives when it has none. */
function runtimeOf(
  trainJob: TrainJobInput,
  catalog: RuntimeCatalog,
): { runtime: RuntimeInput } | { error: FieldError } {
  const ref = fieldPath('spec', 'runtimeRef');
  // Without a spec the API server stores the TrainJob; the webhook then finds no runtime named ''.
  if (trainJob.spec?.runtimeRef === undefined)
    return { error: notFound(ref, `the TrainJob names no runtime (${catalog.note})`) };
  try {
    return { runtime: resolveRuntime(trainJob, catalog).runtime };
  } catch (e) {
    if (e instanceof UnsupportedRuntimeError)
      return { error: invalid(ref, trainJob.spec?.runtimeRef, e.message) };
    if (e instanceof RuntimeNotFoundError) return { error: notFound(ref, `${e.message} (${catalog.note})`) };
    throw e;
  }
}

/** The admission webhook's checks of a TrainJob create, against the runtime it names. */
function checkTrainJob(
  trainJob: TrainJobInput,
  catalog: RuntimeCatalog,
  config: Pick<CliConfig, 'validateTrainJob'>,
): Omit<DocumentVerdict, 'object'> {
  const resolved = runtimeOf(trainJob, catalog);
  if ('error' in resolved) return { errors: [resolved.error], warnings: [] };
  const result = (config.validateTrainJob ?? validateAdmission)(undefined, trainJob, resolved.runtime);
  return { errors: result.errors, warnings: result.warnings, runtime: resolved.runtime };
}

/**
 * Checks one object of a served kind as a create: the schema and CEL rules of its kind (as the API
 * server), the pod resources (a negative quantity, which the Pod API refuses), then the webhooks' rules: for a runtime, those of its kind; for a TrainJob, those against
 * its runtime (a runtime that cannot be found is an error saying where it was looked for). The
 * webhooks' rules run only on an object the API server would accept, as admission does.
 */
export function checkDocument(
  doc: LoadedDocument & { kind: KindName },
  catalog: RuntimeCatalog,
  namespace: string,
  config: Pick<CliConfig, 'validateTrainJob'>,
): DocumentVerdict {
  const admission = admit(doc, namespace);
  const object = admission.object;
  if (admission.errors.length > 0) return { errors: admission.errors, warnings: admission.warnings, object };
  // The pods rendered from it would be refused: a negative quantity (the CRDs accept it).
  const pods = checkPodResources(doc.kind, object);
  if (pods.length > 0) return { errors: pods, warnings: admission.warnings, object };
  const webhook =
    doc.kind === Kinds.TrainJob
      ? checkTrainJob(object as unknown as TrainJobInput, catalog, config)
      : validateRuntimeAdmission(undefined, asEngineRuntime(object));
  return { ...webhook, warnings: [...admission.warnings, ...webhook.warnings], object };
}
