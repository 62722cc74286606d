// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet backend's public pieces (re-exported by the package index).

import { ForeignKinds } from '@kubetrain/api/core';
import type { KubeObject } from '../../types.js';

export {
  leaderWorkerSetRestartCause,
  leaderWorkerSetStatus,
  LeaderWorkerSetNotFoundError,
} from './status.js';

/**
 * Whether a live workload object is suspended, for the `whileAbsentOrSuspended` policy: a
 * LeaderWorkerSet with `spec.replicas: 0` (it has no `suspend`), any other object (JobSet, Job)
 * with `spec.suspend: true`.
 */
export function isWorkloadSuspended(
  object: Pick<KubeObject, 'apiVersion' | 'kind'> & { spec?: unknown },
): boolean {
  const spec = (object.spec ?? {}) as { replicas?: number; suspend?: boolean };
  if (
    object.apiVersion === ForeignKinds.LeaderWorkerSet.apiVersion &&
    object.kind === ForeignKinds.LeaderWorkerSet.kind
  ) {
    return spec.replicas === 0;
  }
  return spec.suspend === true;
}
