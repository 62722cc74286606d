// SPDX-License-Identifier: Apache-2.0
// Beyond Training Operator v1: the env a migration writes that lists every host (XGBoost's
// WORKER_ADDRS, TFJob's TF_CONFIG) is sized before it is built. When the object holding it could
// never be stored, the migration of that job fails with the limit and the largest replica count that
// fits (2^31-1 XGBoost workers once took 3.6 GB and a crash).
import { WorkloadLimits } from '@kubetrain/api/core';
import { largestFitting, objectWithGenerated, outputTooLargeMessage } from '@kubetrain/runtime';
import { MigrationError } from './findings.js';
import type { V1Replica } from './v1-kinds.js';

/**
 * Throws a MigrationError at `<path of the largest replica type>.replicas` when the object holding
 * `generatedBytes(replicas)` (`what`) would be over the API server's limit for one object.
 */
export function refuseOversizedEnv(
  what: string,
  replicas: readonly V1Replica[],
  generatedBytes: (replicas: readonly V1Replica[]) => number,
): void {
  const size = (rs: readonly V1Replica[]) => objectWithGenerated(what, 0, generatedBytes(rs));
  const over = size(replicas);
  if (over.bytes <= over.limit) return;
  const largest = replicas.reduce((a, b) => (b.replicas > a.replicas ? b : a));
  const resized = (n: number) => replicas.map((r) => (r === largest ? { ...r, replicas: n } : r));
  const fits = largestFitting(largest.replicas, (n) => {
    const s = size(resized(n));
    return s.bytes <= s.limit;
  });
  const path = `${largest.path}.replicas`;
  throw new MigrationError(path, outputTooLargeMessage(over, path, fits));
}

/**
 * Throws a MigrationError at `<path>.replicas` for the first replica type of `replicas` that becomes
 * a replicated job of its own (every one but the trainer's) with more pods than Kubernetes runs in
 * parallel in one Indexed Job: JobSet could never create its Jobs. The engine's own check names
 * `spec.trainer.numNodes`, which is not what the v1 job sets.
 */
export function refuseOverIndexedLimit(replicas: readonly V1Replica[], trainer: V1Replica): void {
  const limit = WorkloadLimits.IndexedJobParallelism;
  const over = replicas.find((r) => r !== trainer && r.replicas > limit);
  if (over === undefined) return;
  const path = `${over.path}.replicas`;
  const size = {
    what: `the Jobs of replicated job "${over.type.toLowerCase()}" (Indexed Jobs)`,
    bytes: over.replicas,
    unit: 'pods in parallel',
    limit,
    limitOf: 'Kubernetes allows an Indexed Job',
  };
  throw new MigrationError(path, outputTooLargeMessage(size, path, limit));
}
