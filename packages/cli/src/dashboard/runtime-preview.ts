// SPDX-License-Identifier: Apache-2.0
// The runtimes page's preview: what a default TrainJob on a runtime would create, rendered in the
// dashboard with `kubetrain render`'s own pipeline (the runtime admitted as the API server would;
// checkDocument: the TrainJob's schema and the admission webhooks' rules, which refuse a render
// whose output would be too large; then renderObjects). The runtime is read with the user's credentials and bounded first as the webhooks
// bound a request (checkInputBounds: depth, and the API server's 3 MiB object size). Errors are lines
// naming the field path.

import {
  checkInputBounds,
  GROUP,
  Kinds,
  MAX_OBJECT_BYTES,
  parseFeatureGateFlag,
  resolveFeatureGates,
  VERSION,
} from '@kubetrain/api';
import { ApiError } from '@kubetrain/kube';
import {
  defaultPlugins,
  isEngineError,
  validateAdmission,
  type Plugin,
  type TrainJobInput,
} from '@kubetrain/runtime';
import { admit } from '../admission.js';
import { checkDocument } from '../check-document.js';
import { MANAGER_DEFAULT_CONFIG, renderObjects } from '../commands/render-objects.js';
import type { LoadedDocument } from '../documents.js';
import { objectName, toYamlStream } from '../output.js';
import { formatCliFieldError } from '../report.js';
import { RuntimeCatalog } from '../runtimes.js';
import { apiFailure } from './api-failure.js';
import type { ClusterPort } from './cluster-port.js';
import type { RuntimePreview } from './web/pages-types.js';

/** The TrainJob name of the preview. */
export const PREVIEW_JOB = 'preview';

/** The seed of the preview's MPI SSH key pair (a preview, never applied: the same every time). */
const PREVIEW_SSH_SEED = 'kubetrain-dashboard-preview';

/** Which runtime to preview. */
export interface PreviewRef {
  readonly kind: typeof Kinds.ClusterTrainingRuntime | typeof Kinds.TrainingRuntime;
  /** The TrainingRuntime's namespace; for a ClusterTrainingRuntime, the TrainJob's. */
  readonly namespace: string;
  readonly name: string;
}

/** A preview: rendered (200) or refused with its errors (422). */
export interface PreviewResult {
  readonly status: 200 | 422;
  readonly body: RuntimePreview;
}

/** The answer: the preview, or the API server's refusal to read the runtime. */
export type PreviewAnswer =
  PreviewResult | { readonly status: number; readonly body: { readonly error: string } };

let plugins: readonly Plugin[] | undefined;

/** `kubetrain render`'s default plugins (every feature gate off), built once. */
function renderPlugins(): readonly Plugin[] {
  plugins ??= defaultPlugins({
    config: MANAGER_DEFAULT_CONFIG,
    featureGates: resolveFeatureGates(parseFeatureGateFlag('')),
  });
  return plugins;
}

/** A default TrainJob naming the runtime: what `kubetrain submit` of a bare job would send. */
export function defaultTrainJob(ref: PreviewRef): LoadedDocument & { kind: typeof Kinds.TrainJob } {
  return {
    source: 'dashboard preview',
    kind: Kinds.TrainJob,
    apiVersion: `${GROUP}/${VERSION}`,
    name: PREVIEW_JOB,
    object: {
      apiVersion: `${GROUP}/${VERSION}`,
      kind: Kinds.TrainJob,
      metadata: { name: PREVIEW_JOB, namespace: ref.namespace },
      spec: { runtimeRef: { apiGroup: GROUP, kind: ref.kind, name: ref.name } },
    },
  };
}

const refused = (errors: string[]): PreviewResult => ({
  status: 422,
  body: { objects: [], yaml: '', errors },
});

/** The preview of `runtime` (an object read from the cluster) for `ref`; see the module comment. */
export function previewOf(runtime: Record<string, unknown>, ref: PreviewRef): PreviewResult {
  const who = `${ref.kind}/${ref.name}`;
  const bounds = checkInputBounds(runtime, { maxBytes: MAX_OBJECT_BYTES });
  if (bounds !== undefined) return refused([`${who}: ${bounds.message}`]);
  const doc: LoadedDocument = {
    source: 'the cluster',
    kind: ref.kind,
    apiVersion: `${GROUP}/${VERSION}`,
    name: ref.name,
    object: runtime,
  };
  // The runtime as the API server stores it; its own errors first, naming its fields.
  const admission = admit({ ...doc, kind: ref.kind }, ref.namespace);
  if (admission.errors.length > 0)
    return refused(admission.errors.map((e) => `${who}: ${formatCliFieldError(e)}`));
  const catalog = new RuntimeCatalog('looked in the cluster', ref.namespace).add([doc]);
  const job = defaultTrainJob(ref);
  const validateTrainJob = (
    oldJob: Parameters<typeof validateAdmission>[0],
    newJob: Parameters<typeof validateAdmission>[1],
    r: Parameters<typeof validateAdmission>[2],
  ) => validateAdmission(oldJob, newJob, r, { plugins: renderPlugins() });
  const verdict = checkDocument(job, catalog, ref.namespace, { validateTrainJob });
  if (verdict.errors.length > 0 || verdict.runtime === undefined)
    return refused(verdict.errors.map((e) => `TrainJob/${PREVIEW_JOB}: ${formatCliFieldError(e)}`));
  try {
    const objects = renderObjects(verdict.object as unknown as TrainJobInput, verdict.runtime, {
      plugins: renderPlugins(),
      sshKeySeed: PREVIEW_SSH_SEED,
    });
    return {
      status: 200,
      body: { objects: objects.map(objectName), yaml: toYamlStream(objects), errors: [] },
    };
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return refused([`TrainJob/${PREVIEW_JOB}: ${e.message}`]);
  }
}

/** Reads the runtime of `ref` with the user's credentials, then {@link previewOf}. */
export async function runtimePreview(cluster: ClusterPort, ref: PreviewRef): Promise<PreviewAnswer> {
  let runtime;
  try {
    runtime =
      ref.kind === Kinds.ClusterTrainingRuntime
        ? await cluster.get('clustertrainingruntimes', undefined, ref.name)
        : await cluster.get('trainingruntimes', ref.namespace, ref.name);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const failure = apiFailure(e);
    return { status: failure.status, body: { error: failure.message } };
  }
  return previewOf(runtime as unknown as Record<string, unknown>, ref);
}
