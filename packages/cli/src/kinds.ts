// SPDX-License-Identifier: Apache-2.0
// The kinds an input may hold, and what the CLI says of those it does not serve.

import { API_VERSION, Kinds } from '@kubetrain/api/core';
import type { KindName } from '@kubetrain/api/core';
import type { LoadedDocument } from './documents.js';

const kindNames: readonly string[] = Object.values(Kinds);

/** True for the three kinds kubetrain serves. */
export function isKindName(kind: string): kind is KindName {
  return kindNames.includes(kind);
}

/** The Kubeflow Training Operator v1 kinds (`kubeflow.org/v1`). */
const TRAINING_OPERATOR_V1_KINDS: readonly string[] = [
  'PyTorchJob',
  'TFJob',
  'MPIJob',
  'XGBoostJob',
  'PaddleJob',
  'JAXJob',
];

/** The group/version of the Training Operator v1 kinds. */
export const TRAINING_OPERATOR_V1_API_VERSION = 'kubeflow.org/v1';

/** True for a Training Operator v1 object. */
export function isTrainingOperatorV1(doc: Pick<LoadedDocument, 'apiVersion' | 'kind'>): boolean {
  return doc.apiVersion === TRAINING_OPERATOR_V1_API_VERSION && TRAINING_OPERATOR_V1_KINDS.includes(doc.kind);
}

/**
 * Why the CLI does not handle `doc`, a document of a kind it does not serve: a Training Operator v1
 * kind is named as one, with what to do about it; any other kind is listed against those served.
 */
export function unservedKindMessage(doc: Pick<LoadedDocument, 'apiVersion' | 'kind'>): string {
  if (isTrainingOperatorV1(doc)) {
    return (
      `${doc.apiVersion} ${doc.kind} is a Kubeflow Training Operator v1 kind, which this version of kubetrain ` +
      `does not serve (a later version will): convert it to a TrainJob (${API_VERSION}) on a runtime such as ` +
      `torch-distributed`
    );
  }
  const supported = kindNames.map((k) => JSON.stringify(k)).join(', ');
  const what = doc.kind === '' ? 'no kind' : `kind ${JSON.stringify(doc.kind)}`;
  return `${what} is not served by kubetrain (${API_VERSION} serves ${supported})`;
}
