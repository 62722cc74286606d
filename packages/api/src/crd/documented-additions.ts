// SPDX-License-Identifier: Apache-2.0
// Every CRD field kubetrain adds over upstream Trainer's CRDs: the one list the conformance test accepts as
// `extra`, and that docs/run-policy.md documents. Each addition is optional, so an object valid for upstream
// stays valid and means the same. The failure-policy fields (KEP-4162) are documented in docs/failure-policy.md.
import type { KindName } from '../constants/api.js';

/** One field kubetrain adds: the kind, the property path as compareSchemas() prints it, and where it comes from. */
export interface DocumentedAddition {
  kind: KindName;
  path: string;
  /** The proposal the field follows, and the section of docs/run-policy.md that documents it. */
  source: string;
}

const runtimeAdditions = (kind: KindName): DocumentedAddition[] => [
  { kind, path: '.spec.runPolicy', source: 'KEP-2899 (kubeflow/trainer#3824)' },
];

/** The additions, kind by kind. */
export const DocumentedAdditions: readonly DocumentedAddition[] = [
  { kind: 'TrainJob', path: '.spec.ttlSecondsAfterFinished', source: 'KEP-2899 (kubeflow/trainer#3824)' },
  { kind: 'TrainJob', path: '.status.startTime', source: 'KEP-2899 (kubeflow/trainer#4052)' },
  { kind: 'TrainJob', path: '.status.completionTime', source: 'KEP-2899 (kubeflow/trainer#4052)' },
  { kind: 'TrainJob', path: '.spec.failurePolicy', source: 'KEP-4162 (kubeflow/trainer#3316)' },
  { kind: 'TrainJob', path: '.status.restarts', source: 'KEP-4162 (kubeflow/trainer#3316)' },
  { kind: 'TrainJob', path: '.status.restartsCountTowardsMax', source: 'KEP-4162 (kubeflow/trainer#3316)' },
  { kind: 'TrainJob', path: '.status.restartHistory', source: 'docs/failure-policy.md' },
  ...runtimeAdditions('TrainingRuntime'),
  ...runtimeAdditions('ClusterTrainingRuntime'),
];

/** True when a difference is one documented addition: an `extra` property at a listed path of the kind. */
export function isDocumentedAddition(kind: KindName, diff: { path: string; what: string }): boolean {
  return diff.what === 'extra' && DocumentedAdditions.some((a) => a.kind === kind && a.path === diff.path);
}
