// SPDX-License-Identifier: Apache-2.0
// Beyond Training Operator v1: what a kind would write that grows with its replicas (XGBoost's
// WORKER_ADDRS and TensorFlow's TF_CONFIG in every pod, MPI's hostfile ConfigMap) is sized from the
// replica counts and name lengths before anything is built. Over the API server's limit, the job
// fails validation with the limit and the largest replica count that fits; v1 built the value for
// every pod (2^31-1 XGBoost workers: gigabytes, a crashed manager).
import { stringifyJson } from '@kubetrain/api/core';
import { fieldPath, invalid, type FieldError } from '@kubetrain/api/core';
import { largestFitting, objectWithGenerated, outputTooLargeMessage } from '../core/output-limits.js';
import type { OutputSize } from '../framework/plugin.js';
import type { Framework } from './frameworks/framework.js';
import type { ReplicaSpecs, V1JobObject } from './job-types.js';

/** The largest replica template's JSON, in bytes: the part of a pod the user wrote. */
function largestTemplateBytes(specs: ReplicaSpecs): number {
  return Math.max(0, ...Object.values(specs).map((s) => Buffer.byteLength(stringifyJson(s.template ?? {}))));
}

/** The size of a pod whose env carries `envBytes` the framework generated (`what`): its template, the value, a margin. */
export function podWithEnv(what: string, specs: ReplicaSpecs, envBytes: number): OutputSize {
  return objectWithGenerated(what, largestTemplateBytes(specs), envBytes);
}

/** The replica type with the most replicas (the first such in key order): the one to scale down. */
function largestReplicaType(specs: ReplicaSpecs): string | undefined {
  let best: string | undefined;
  for (const [rtype, spec] of Object.entries(specs))
    if (best === undefined || (spec.replicas ?? 0) > (specs[best]?.replicas ?? 0)) best = rtype;
  return best;
}

function oversized(framework: Framework, job: V1JobObject, specs: ReplicaSpecs): OutputSize | undefined {
  return framework.outputSizes?.(job, specs).find((s) => s.bytes > s.limit);
}

/**
 * `field.Invalid(spec.<replicaSpecs>[<type>].replicas, <n>, <what> would be N bytes, over the L
 * bytes ...; the largest ... that fits is K)` for the replica type with the most replicas, when an
 * output of the kind is over its limit; nothing otherwise.
 */
export function validateV1OutputLimits(
  job: V1JobObject,
  framework: Framework,
  specs: ReplicaSpecs,
): FieldError[] {
  const over = oversized(framework, job, specs);
  const rtype = largestReplicaType(specs);
  if (over === undefined || rtype === undefined) return [];
  const replicas = specs[rtype]?.replicas ?? 0;
  const largest = largestFitting(
    replicas,
    (n) => oversized(framework, job, { ...specs, [rtype]: { ...specs[rtype], replicas: n } }) === undefined,
  );
  const path = fieldPath('spec', framework.replicaSpecsField).key(rtype).child('replicas');
  return [invalid(path, replicas, outputTooLargeMessage(over, path.toString(), largest))];
}
