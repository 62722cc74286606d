// SPDX-License-Identifier: Apache-2.0
// The TrainJob validating webhook (`validator.trainjob.trainer.kubeflow.org`): the engine's
// admission rules against the job's runtime. Beyond upstream, an UPDATE is checked against the
// runtime the job was first reconciled with (its `<tj>-runtime-snapshot` ConfigMap), so updates of a
// job whose runtime was since edited or deleted (Kueue's suspend toggles) keep working; without a
// usable snapshot the live runtime is read, as upstream does.

import { formatFieldErrors } from '@kubetrain/api/core';
import {
  readRuntimeSnapshot,
  runtimeKindOf,
  runtimeSnapshotName,
  UnsupportedRuntimeError,
  validateAdmission,
  type ClusterReader,
  type Plugin,
  type RuntimeInput,
  type TrainJobInput,
} from '@kubetrain/runtime';
import { parse as parseYaml } from 'yaml';
import {
  allowed,
  denied,
  errored,
  type AdmissionOutcome,
  type AdmissionRequest,
} from './admission-review.js';
import type { AdmissionHandler } from './handler.js';
import type { AdmissionLookups } from './lookups.js';
import { schemaProblems } from './schema-check.js';

/** Where the runtime a TrainJob was validated against came from. */
export type RuntimeOrigin = 'snapshot' | 'live' | 'missing';

/** Called with each TrainJob decision's runtime origin (for logs and tests). */
export type OriginObserver = (origin: RuntimeOrigin, request: AdmissionRequest) => void;

async function liveRuntime(job: TrainJobInput, lookups: AdmissionLookups): Promise<RuntimeInput | undefined> {
  const name = job.spec?.runtimeRef?.name ?? '';
  if (runtimeKindOf(job) === 'TrainingRuntime') {
    return lookups.trainingRuntime(job.metadata?.namespace ?? '', name);
  }
  return lookups.clusterTrainingRuntime(name);
}

/** The runtime in the stored job's snapshot ConfigMap; undefined when there is none or it is unusable. */
async function snapshotRuntime(
  stored: TrainJobInput,
  lookups: AdmissionLookups,
): Promise<RuntimeInput | undefined> {
  // A stored job without a name or namespace (a malformed review) has no snapshot to look up.
  if (!stored.metadata?.name || !stored.metadata.namespace) return undefined;
  const configMap = await lookups.configMap(stored.metadata.namespace, runtimeSnapshotName(stored));
  if (configMap === undefined) return undefined;
  try {
    return readRuntimeSnapshot(stored, configMap as never, (text) => parseYaml(text) as unknown);
  } catch {
    // Not ours, or unreadable: the reconciler reports it; admission falls back to the live runtime.
    return undefined;
  }
}

/** The JobSet and PriorityClass reads the rules need, fetched before the (synchronous) engine runs. */
async function clusterReader(
  job: TrainJobInput,
  update: boolean,
  runtime: RuntimeInput | undefined,
  lookups: AdmissionLookups,
): Promise<ClusterReader> {
  const reader: { -readonly [K in keyof ClusterReader]: ClusterReader[K] } = {};
  if (update) {
    try {
      const jobSet = await lookups.jobSet(job.metadata?.namespace ?? '', job.metadata?.name ?? '');
      reader.getJobSet = () => jobSet;
    } catch {
      // The rule falls back to the stored job's status.jobsStatus, which mirrors the JobSet.
    }
  }
  const spec = (runtime as { spec?: { podGroupPolicy?: { volcano?: unknown } } } | undefined)?.spec;
  if (spec?.podGroupPolicy?.volcano !== undefined) {
    const names = await lookups.priorityClassNames();
    reader.hasPriorityClass = (name) => names.has(name);
  }
  return reader;
}

/**
 * The object with the request's namespace when its metadata has none (the API server sets the
 * namespace of the request; a create may carry the object without it).
 */
function inNamespace(
  object: Record<string, unknown> | undefined,
  namespace: string | undefined,
): TrainJobInput {
  const job = object as unknown as TrainJobInput;
  const metadata = job?.metadata;
  if (namespace === undefined || metadata === null || typeof metadata !== 'object' || metadata.namespace)
    return job;
  return { ...job, metadata: { ...metadata, namespace } } as TrainJobInput;
}

/**
 * The TrainJob validator; `observe` hears where each decision's runtime came from; `plugins` are
 * the engine's (default: the default plugins).
 */
export function trainJobValidator(
  lookups: AdmissionLookups,
  observe?: OriginObserver,
  plugins?: readonly Plugin[],
): AdmissionHandler {
  const decide = async (request: AdmissionRequest): Promise<AdmissionOutcome> => {
    const job = inNamespace(request.object, request.namespace);
    const stored =
      request.operation === 'UPDATE' ? inNamespace(request.oldObject, request.namespace) : undefined;
    if (!job.metadata?.namespace) return errored(400, 'the TrainJob has no namespace');
    try {
      runtimeKindOf(job);
    } catch (error) {
      if (error instanceof UnsupportedRuntimeError) return denied(error.message);
      throw error;
    }
    let runtime = stored === undefined ? undefined : await snapshotRuntime(stored, lookups);
    let origin: RuntimeOrigin = 'snapshot';
    if (runtime === undefined) {
      runtime = await liveRuntime(job, lookups);
      origin = runtime === undefined ? 'missing' : 'live';
    }
    observe?.(origin, request);
    const cluster = await clusterReader(job, stored !== undefined, runtime, lookups);
    const result = validateAdmission(stored, job, runtime, {
      cluster,
      ...(plugins !== undefined ? { plugins } : {}),
    });
    if (result.errors.length > 0) return denied(formatFieldErrors(result.errors), result.warnings);
    return allowed(result.warnings);
  };
  return async (request) => {
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed();
    try {
      return await decide(request);
    } catch (error) {
      const problems = await schemaProblems('TrainJob', request.object);
      if (problems !== undefined) return errored(400, `the TrainJob does not match its schema: ${problems}`);
      const old =
        request.oldObject === undefined ? undefined : await schemaProblems('TrainJob', request.oldObject);
      if (old !== undefined) return errored(400, `the stored TrainJob does not match its schema: ${old}`);
      throw error;
    }
  };
}
