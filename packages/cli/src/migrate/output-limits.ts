// SPDX-License-Identifier: Apache-2.0
// Beyond Training Operator v1: the env a migration writes that lists every host (XGBoost's
// WORKER_ADDRS, TFJob's TF_CONFIG) is sized before it is built. When the object holding it could
// never be stored, the migration of that job fails with the limit and the largest replica count that
// fits (2^31-1 XGBoost workers once took 3.6 GB and a crash).
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
