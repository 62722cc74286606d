// SPDX-License-Identifier: Apache-2.0
// Access to a replicatedJob's nested templates. The API types mark the Job template and the pod's
// `containers` required, as the CRDs do; a runtime read from a file may still lack a level, so the
// engine creates the empty levels it writes into, here and nowhere else.

import { Labels, type ReplicatedJob } from '@kubetrain/api/core';
import type { JobSpec, PodSpec, PodTemplateSpec } from '../types.js';

/** The ancestor label (`trainer.kubeflow.org/trainjob-ancestor-step`) of the job template, if any. */
export function ancestorOf(rJob: ReplicatedJob): string | undefined {
  return rJob.template?.metadata?.labels?.[Labels.TrainJobAncestor];
}

/** The replicatedJob's Job spec, created empty where missing. */
export function ensureJobSpec(rJob: ReplicatedJob): JobSpec {
  rJob.template ??= {};
  return (rJob.template.spec ??= {} as JobSpec);
}

/** The replicatedJob's pod template, created empty (with an empty Job spec) where missing. */
function ensurePodTemplate(rJob: ReplicatedJob): PodTemplateSpec {
  return (ensureJobSpec(rJob).template ??= {});
}

/** The replicatedJob's pod spec, created empty (with the levels above it) where missing. */
export function ensurePodSpec(rJob: ReplicatedJob): PodSpec {
  return (ensurePodTemplate(rJob).spec ??= {} as PodSpec);
}

/**
 * Merges `labels` and `annotations` into the replicatedJob's pod-template metadata (the given keys
 * win). An absent or empty map changes nothing; when both are, not even empty levels are created.
 */
export function mergePodMetadata(
  rJob: ReplicatedJob,
  labels: Readonly<Record<string, string>> | undefined,
  annotations: Readonly<Record<string, string>> | undefined,
): void {
  const addLabels = labels !== undefined && Object.keys(labels).length > 0;
  const addAnnotations = annotations !== undefined && Object.keys(annotations).length > 0;
  if (!addLabels && !addAnnotations) return;
  const template = ensurePodTemplate(rJob);
  const metadata = (template.metadata ??= {});
  if (addLabels) metadata.labels = { ...metadata.labels, ...labels };
  if (addAnnotations) metadata.annotations = { ...metadata.annotations, ...annotations };
}
