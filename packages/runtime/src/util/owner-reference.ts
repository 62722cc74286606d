// SPDX-License-Identifier: Apache-2.0
// The owner reference every generated object carries (upstream: controller=true,
// blockOwnerDeletion=true, pointing at the TrainJob).

import { API_VERSION, Kinds } from '@kubetrain/api/core';
import type { KubeObject, OwnerReference, TrainJob } from '../types.js';

/** Returns the controller owner reference to `trainJob`. A missing uid renders as `''`. */
export function trainJobOwnerReference(trainJob: TrainJob): OwnerReference {
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    name: trainJob.metadata.name ?? '',
    uid: trainJob.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The name `<tj><suffix>` of an object rendered for the TrainJob (`ObjectNameSuffixes` in @kubetrain/api). */
export function trainJobObjectName(trainJob: TrainJob, suffix: string): string {
  return `${trainJob.metadata.name ?? ''}${suffix}`;
}

/**
 * Returns a new namespaced object named `name` in the TrainJob's namespace, owned by the TrainJob.
 * `content` holds the members after metadata (spec, data, ...).
 */
export function ownedObject(
  trainJob: TrainJob,
  apiVersion: string,
  kind: string,
  name: string,
  content: Record<string, unknown>,
): KubeObject {
  const metadata: KubeObject['metadata'] = { name, ownerReferences: [trainJobOwnerReference(trainJob)] };
  if (trainJob.metadata.namespace !== undefined) metadata.namespace = trainJob.metadata.namespace;
  return { apiVersion, kind, metadata, ...content };
}
